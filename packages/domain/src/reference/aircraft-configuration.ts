import { z } from 'zod';
import { PlaneCategory, ZAircraftIcao, type TAircraftInformation } from './aircraft-information';

/** An aircraft configuration is DEFAULT (one per type, read-only) or CUSTOM (a user's). */
export const AircraftConfigurationType = ['DEFAULT', 'CUSTOM'] as const;
export type AircraftConfigurationType = (typeof AircraftConfigurationType)[number];

/** Most seats of one class in a configuration. */
export const SEAT_COUNT_MAX = 1000;

const seatCount = z.number().int().min(0).max(SEAT_COUNT_MAX);

export const ZAircraftConfiguration = z.object({
  /** A UUID for CUSTOM configurations; `DEFAULT-<icao>` for the default one of a type. */
  id: z.string(),
  type: z.enum(AircraftConfigurationType),
  name: z.string(),
  icao: z.string(),
  first: z.number().int(),
  business: z.number().int(),
  eco: z.number().int(),
});
export type TAircraftConfiguration = z.infer<typeof ZAircraftConfiguration>;

const configurationFields = {
  icao: z.string().trim().toUpperCase().pipe(ZAircraftIcao),
  name: z.string().trim().min(1).max(50),
  first: seatCount,
  business: seatCount,
  eco: seatCount,
};

/** POST /aircraft-config/: only CUSTOM configurations can be created. */
export const ZCreateAircraftConfigurationRequest = z.object({
  ...configurationFields,
  type: z.enum(AircraftConfigurationType).default('CUSTOM'),
});
export type TCreateAircraftConfigurationRequest = z.infer<typeof ZCreateAircraftConfigurationRequest>;

/** PUT /aircraft-config/{id}. */
export const ZUpdateAircraftConfigurationRequest = z.object(configurationFields);
export type TUpdateAircraftConfigurationRequest = z.infer<typeof ZUpdateAircraftConfigurationRequest>;

export const ZAircraftInformationQuery = z.object({ category: z.enum(PlaneCategory).optional() });

export type SeatCounts = { first: number; business: number; eco: number };
export type SeatProblem = { field: 'first' | 'business' | 'eco'; message: string };

/**
 * Seat configuration: the passengers of a configuration cannot exceed the type's
 * capacity. Returns the problem, or null when the seats fit.
 */
export const checkSeatConfiguration = (
  aircraft: Pick<TAircraftInformation, 'icao' | 'maxPaxCapacity'>,
  seats: SeatCounts,
): SeatProblem | null => {
  const total = seats.first + seats.business + seats.eco;
  if (total > aircraft.maxPaxCapacity) {
    return {
      field: 'eco',
      message: `${total} seats exceed the ${aircraft.maxPaxCapacity}-passenger capacity of the ${aircraft.icao}`,
    };
  }
  return null;
};

/** The id of the read-only default configuration of a type. */
export const defaultConfigurationId = (icao: string): string => `DEFAULT-${icao}`;

/** The read-only DEFAULT configuration of a type, from its typical seat layout. */
export const defaultConfigurationOf = (aircraft: TAircraftInformation): TAircraftConfiguration => ({
  id: defaultConfigurationId(aircraft.icao),
  type: 'DEFAULT',
  name: `${aircraft.name} (default)`,
  icao: aircraft.icao,
  ...aircraft.defaultSeats,
});
