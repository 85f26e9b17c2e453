import { MONTHLY_LIMIT_HOURS } from '../user/flight-time-rules';

/**
 * The monthly flight-time (MFT) bonus of airline flights: each airborne hour a member flies for an
 * airline earns a bonus in FC, up to a monthly limit of hours per pilot. The airline's `mftOption`
 * says who is credited: the pilot who flew ('pilot') or the airline's own balance ('airline').
 * The limit is the pilot's monthly flight-time limit (MONTHLY_LIMIT_HOURS), so an hour past it
 * earns neither the pilot's FC nor this bonus.
 */
export type MftRecipient = 'pilot' | 'airline';

/** FC per airborne hour: half the base salary of one airline flight, so an hour's bonus never outweighs a flight's pay. */
export const MFT_BONUS_FC_PER_HOUR = 50;
export const MFT_MONTHLY_LIMIT_HOURS = MONTHLY_LIMIT_HOURS;

export type MftBonus = {
  /** Hours of this flight that count (what was left of the month's limit). */
  creditedHours: number;
  /** FC credited to `recipient` (integer, 0 past the limit). */
  amount: number;
  recipient: MftRecipient;
};

const hundredths = (hours: number) => Math.round(hours * 100) / 100;

/**
 * The bonus of one airline flight (pure): its airborne hours, capped by what the pilot has left of
 * the month's limit after the hours already credited this UTC month.
 */
export const mftBonusOf = (flight: { flightHours: number; hoursCreditedThisMonth: number; option: MftRecipient }): MftBonus => {
  const left = Math.max(0, MFT_MONTHLY_LIMIT_HOURS - Math.max(0, flight.hoursCreditedThisMonth));
  const creditedHours = hundredths(Math.min(Math.max(0, flight.flightHours), left));
  return { creditedHours, amount: Math.round(creditedHours * MFT_BONUS_FC_PER_HOUR), recipient: flight.option };
};

export type MftSimulation = {
  /** Hours per pilot that count, after the monthly limit. */
  creditedHoursPerPilot: number;
  /** Hours per pilot past the limit: flown, but earning no bonus. */
  hoursOverLimitPerPilot: number;
  /** FC a month to each pilot (0 when the airline is credited). */
  pilotFcPerPilot: number;
  /** FC a month to the airline (0 when the pilots are credited). */
  airlineFc: number;
  limitHours: number;
  fcPerHour: number;
};

/** What a month would credit for `pilots` members flying `hoursPerPilot` each, under an option (the owner's simulation). */
export const simulateMftBonus = (input: { option: MftRecipient; pilots: number; hoursPerPilot: number }): MftSimulation => {
  const pilots = Math.max(0, Math.floor(input.pilots));
  const one = mftBonusOf({ flightHours: input.hoursPerPilot, hoursCreditedThisMonth: 0, option: input.option });
  return {
    creditedHoursPerPilot: one.creditedHours,
    hoursOverLimitPerPilot: hundredths(Math.max(0, input.hoursPerPilot - one.creditedHours)),
    pilotFcPerPilot: input.option === 'pilot' ? one.amount : 0,
    airlineFc: input.option === 'airline' ? one.amount * pilots : 0,
    limitHours: MFT_MONTHLY_LIMIT_HOURS,
    fcPerHour: MFT_BONUS_FC_PER_HOUR,
  };
};
