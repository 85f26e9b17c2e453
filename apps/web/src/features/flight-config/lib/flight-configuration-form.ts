import { z } from 'zod';
import { ZSimulatorKind, type TSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import { CRUISE_LEVEL_MAX_FT, CRUISE_LEVEL_MIN_FT } from '@contrail/domain/flight/cruise-level';
import { MAX_SIMULATION_RATE } from '@contrail/domain/telemetry/telemetry-frame';

/** An airport picked with the shared search field. */
export type AirportChoice = { ident: string; label: string };

/** Built-in simulator rates offered (spec: 1x to 128x). */
export const SIMULATION_RATES = [1, 2, 4, 8, 16, 32, 64, 128] as const;

/** The departure is `yyyy-MM-ddTHH:mm`, read as UTC, on a 24-hour clock. */
const UTC_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UTC_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A duration `h:mm` or `hh:mm`. */
const DURATION = /^(\d{1,2}):([0-5]\d)$/;

const ZAirportChoice = z.object({ ident: z.string().min(2), label: z.string() });

/**
 * The flight configuration form. Messages are keys of the
 * `flightConfig:validation` namespace. The cruise level is in FEET (FL350 is 35000).
 */
export const ZFlightConfigurationForm = z
  .object({
    flightNumber: z
      .string()
      .trim()
      .min(1, 'required')
      .min(2, 'flightNumberLength')
      .max(10, 'flightNumberLength')
      .regex(/^[A-Za-z0-9-]+$/, 'flightNumberInvalid')
      .transform((value) => value.toUpperCase()),
    aircraftIcao: z.string().min(1, 'required'),
    cruiseLevelFt: z
      .number({ error: 'required' })
      .int('wholeNumber')
      .min(CRUISE_LEVEL_MIN_FT, 'cruiseLevelRange')
      .max(CRUISE_LEVEL_MAX_FT, 'cruiseLevelRange'),
    departure: ZAirportChoice.nullable().refine((value) => value !== null, 'required'),
    arrival: ZAirportChoice.nullable().refine((value) => value !== null, 'required'),
    // Date and time are typed apart (components/ui/utc-date-time-field): say which one is wrong.
    departureTimeUtc: z
      .string()
      .min(1, 'required')
      .refine((value) => UTC_DATE.test(value.split('T')[0] ?? '') && !Number.isNaN(Date.parse(`${value.split('T')[0]}T00:00:00Z`)), 'dateInvalid')
      .refine((value) => UTC_TIME.test(value.split('T')[1] ?? ''), 'timeInvalid'),
    duration: z
      .string()
      .min(1, 'required')
      .regex(DURATION, 'durationInvalid')
      .refine((value) => durationMinutes(value) > 0, 'durationInvalid'),
    simulator: ZSimulatorKind,
    simulationRate: z.number().min(1).max(MAX_SIMULATION_RATE),
  });
// Departure = arrival is allowed: a local flight (circuit, training, sightseeing).

export type FlightConfigurationFormValues = {
  flightNumber: string;
  aircraftIcao: string;
  cruiseLevelFt: number;
  departure: AirportChoice | null;
  arrival: AirportChoice | null;
  departureTimeUtc: string;
  duration: string;
  simulator: TSimulatorKind;
  simulationRate: number;
};

/** What the form hands over: the flight to register and how to fly it. Times are ISO 8601 UTC. */
export type FlightConfiguration = {
  flightNumber: string;
  aircraftIcao: string;
  cruiseLevelFt: number;
  departure: AirportChoice;
  arrival: AirportChoice;
  scheduledDepartureTime: string;
  scheduledArrivalTime: string;
  durationMinutes: number;
  simulator: TSimulatorKind;
  simulationRate: number;
};

export const durationMinutes = (duration: string): number => {
  const match = DURATION.exec(duration);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
};

export const formatDuration = (minutes: number): string => {
  const whole = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
};

/** `yyyy-MM-ddTHH:mm` in UTC for an instant. */
export const toUtcInputValue = (timeMs: number): string => new Date(timeMs).toISOString().slice(0, 16);

/** The form's UTC input as epoch milliseconds. */
export const fromUtcInputValue = (value: string): number => Date.parse(`${value}:00Z`);

/** The parsed form as the configuration the flight is registered with. */
export const toFlightConfiguration = (form: z.output<typeof ZFlightConfigurationForm>): FlightConfiguration => {
  const departureMs = fromUtcInputValue(form.departureTimeUtc);
  const minutes = durationMinutes(form.duration);
  return {
    flightNumber: form.flightNumber,
    aircraftIcao: form.aircraftIcao,
    cruiseLevelFt: form.cruiseLevelFt,
    departure: form.departure,
    arrival: form.arrival,
    scheduledDepartureTime: new Date(departureMs).toISOString(),
    scheduledArrivalTime: new Date(departureMs + minutes * 60_000).toISOString(),
    durationMinutes: minutes,
    simulator: form.simulator,
    simulationRate: form.simulationRate,
  };
};

/** Default departure: 30 minutes from now, on a 5-minute mark. */
export const defaultDepartureTimeMs = (nowMs: number): number => Math.ceil((nowMs + 30 * 60_000) / 300_000) * 300_000;

/** The form fields an imported or generated plan fills. */
export const formValuesFromPlan = (plan: TFlightPlanData): Partial<FlightConfigurationFormValues> => {
  const airline = plan.general.airline ?? '';
  const number = plan.general.flightNumber.toUpperCase().replace(/[^A-Z0-9-]/g, '');
  const flightNumber = (number.startsWith(airline) ? number : `${airline}${number}`).slice(0, 10);
  const airportLabel = (airport: TFlightPlanData['origin']) => (airport.name ? `${airport.icaoCode} - ${airport.name}` : airport.icaoCode);
  return {
    ...(flightNumber.length >= 2 ? { flightNumber } : {}),
    aircraftIcao: plan.aircraftIcao.toUpperCase(),
    cruiseLevelFt: Math.round(plan.general.initialAltitudeFt),
    departure: { ident: plan.origin.icaoCode, label: airportLabel(plan.origin) },
    arrival: { ident: plan.destination.icaoCode, label: airportLabel(plan.destination) },
    departureTimeUtc: toUtcInputValue(plan.times.scheduledOut * 1000),
    duration: formatDuration(plan.times.estimatedBlockSec / 60),
  };
};
