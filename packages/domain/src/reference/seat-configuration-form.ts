import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';
import { checkSeatConfiguration, SEAT_COUNT_MAX, type SeatCounts } from './aircraft-configuration';
import { ZAircraftIcao, type TAircraftInformation } from './aircraft-information';

/** Longest configuration name (the same limit as the create/update requests). */
export const CONFIGURATION_NAME_MAX_LENGTH = 50;

const seatCount = z
  .number({ error: validationMessage('required') })
  .int({ error: validationMessage('wholeNumber') })
  .min(0, { error: validationMessage('notNegative') })
  .max(SEAT_COUNT_MAX, { error: validationMessage('maxValue', { max: SEAT_COUNT_MAX }) });

/**
 * The fields of a seat configuration as the editor sends them: the same shape and limits as
 * `ZUpdateAircraftConfigurationRequest`, with messages the web translates (validation keys).
 */
export const ZSeatConfigurationFields = z.object({
  icao: z
    .string()
    .trim()
    .toUpperCase()
    .refine((icao) => ZAircraftIcao.safeParse(icao).success, { error: validationMessage('invalidIcao') }),
  name: z
    .string()
    .trim()
    .min(1, { error: validationMessage('required') })
    .max(CONFIGURATION_NAME_MAX_LENGTH, { error: validationMessage('maxLength', { max: CONFIGURATION_NAME_MAX_LENGTH }) }),
  first: seatCount,
  business: seatCount,
  eco: seatCount,
});
export type TSeatConfigurationFields = z.infer<typeof ZSeatConfigurationFields>;

/** Seats left for the type once `seats` are placed (negative when over capacity). */
export const remainingSeats = (maxPaxCapacity: number, seats: SeatCounts): number =>
  maxPaxCapacity - (seats.first + seats.business + seats.eco);

/**
 * The seat-configuration rules, as the editor checks them live: non-negative whole seat
 * counts, first + business + eco within the type's `maxPaxCapacity`, and a name not already used
 * (case-insensitively, as the server compares) by another of the pilot's configurations of that
 * type. `otherNames` are those other configurations' names (leave out the one being edited).
 */
export const seatConfigurationSchema = (
  aircraft: Pick<TAircraftInformation, 'icao' | 'maxPaxCapacity'>,
  otherNames: readonly string[],
) => {
  const taken = new Set(otherNames.map((name) => name.trim().toLowerCase()));
  return ZSeatConfigurationFields.superRefine((value, context) => {
    const problem = checkSeatConfiguration(aircraft, value);
    if (problem) {
      context.addIssue({
        code: 'custom',
        path: [problem.field],
        message: validationMessage('seatsOverCapacity', {
          total: value.first + value.business + value.eco,
          max: aircraft.maxPaxCapacity,
        }),
      });
    }
    if (taken.has(value.name.toLowerCase())) {
      context.addIssue({ code: 'custom', path: ['name'], message: validationMessage('configurationNameTaken') });
    }
  });
};
