import type { PncIncidentKey } from '../flight/cabin-simulation';
import type { FlightOutcome } from '../flight/flight-engine-types';
import { FLIGHT_EVENT_CATALOGUE, type FlightEventCode, type FlightEventKey } from '../flight/flight-event-codes';
import { FLIGHT_DURATION_LIMIT_HOURS, MONTHLY_LIMIT_HOURS } from '../user/flight-time-rules';
import {
  EVENT_PENALTY_POINTS,
  FC_CATEGORY_MULTIPLIER,
  FC_LANDING_MULTIPLIER,
  FC_PER_NM,
  FC_SATISFACTION_MULTIPLIER_MAX,
  FC_SATISFACTION_MULTIPLIER_MIN,
  FC_SCORE_MULTIPLIER_MAX,
  FC_SCORE_MULTIPLIER_MIN,
  INCIDENT_PENALTY_POINTS,
  LANDING_POINTS,
  LOCAL_FLIGHT_PAID_SHARE,
  MAX_PENALISED_OCCURRENCES,
  REST_PERIOD_HOURS,
  SATISFACTION_XP_PER_POINT,
  SCORE_SUCCESS_ABOVE,
  SCORE_WARNING_ABOVE,
  XP_PER_AIRBORNE_HOUR,
  XP_PER_LANDING_POINT,
  XP_PER_NM,
} from './reward-constants';

/** Why a flight earned no FlightCoins. */
export type NoCoinReason = 'InRestTime' | 'MonthlyLimit';

/** Why a flight earned nothing at all (neither FC nor XP). */
export type NotPaidReason = 'NotArrived' | 'Crashed' | 'NotStartedAtDeparture';

/**
 * What the reward needs to know about the pilot. Hours are airborne hours of completed flights,
 * this flight excluded.
 */
export type PilotRewardContext = {
  /** Hours flown in the 24 hours before this flight's end. */
  hoursFlownLast24h: number;
  /** Hours flown in the UTC calendar month of this flight's end. */
  hoursFlownThisMonth: number;
  /** The `nextRemuneration` of an earlier flight, if the pilot may still be resting (epoch ms). */
  restUntilMs?: number | null;
};

export type ScoreColour = 'success' | 'warning' | 'error' | 'neutral';

/** Above 75 success, above 25 warning, otherwise error, neutral when empty. */
export const scoreColourFor = (score: number | null | undefined): ScoreColour =>
  score === null || score === undefined || Number.isNaN(score)
    ? 'neutral'
    : score > SCORE_SUCCESS_ABOVE
      ? 'success'
      : score > SCORE_WARNING_ABOVE
        ? 'warning'
        : 'error';

export type RewardBreakdown = {
  notPaidReason: NotPaidReason | null;
  /** Distance paid: the great-circle distance to the final arrival (capped by the distance flown),
   * or for a local flight LOCAL_FLIGHT_PAID_SHARE of the airborne distance, times the share of the
   * track really flown (position jumps excluded). */
  paidDistanceNm: number;
  flightHours: number;
  baseFc: number;
  categoryMultiplier: number;
  landingPoints: number;
  landingMultiplier: number;
  penalties: { eventCode: number; key: FlightEventKey; count: number; points: number }[];
  /** PNC flights: the cabin incidents that cost points (absent from logs written before they did). */
  incidentPenalties?: { key: PncIncidentKey; count: number; points: number }[];
  /** 0 to 100: 100 minus penalties (events and cabin incidents). */
  flightScore: number;
  scoreColour: ScoreColour;
  scoreMultiplier: number;
  satisfactionRate: number | null;
  satisfactionMultiplier: number;
  /** FC earned before the rest and monthly rules. */
  grossFc: number;
  distanceXp: number;
  timeXp: number;
  landingXp: number;
  satisfactionXp: number;
};

export type FlightReward = {
  /** FlightCoins paid (integer). */
  fc: number;
  /** Experience points, satisfaction XP included (integer). */
  xp: number;
  fcReason: NoCoinReason | null;
  /** When flying pays FC again, when `fcReason` is set. */
  nextRemuneration: Date | null;
  breakdown: RewardBreakdown;
};

const startOfNextUtcMonth = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * The reward of a completed flight (pure). FC = paid distance x FC_PER_NM x category x landing x
 * score (x cabin satisfaction for PNC); XP from distance, airborne time, landing points and (PNC)
 * satisfaction. A flight that did not arrive, crashed, or did not start on the ground at its
 * departure earns nothing. The rest period (more than FLIGHT_DURATION_LIMIT_HOURS in 24 h) and
 * the monthly limit (MONTHLY_LIMIT_HOURS) withhold FC only, with `fcReason` and `nextRemuneration`.
 */
export const computeReward = (outcome: FlightOutcome, pilot: PilotRewardContext): FlightReward => {
  const stats = outcome.statistics;
  const flightHours = stats.flightDurationSeconds / 3600;
  const notPaidReason: NotPaidReason | null = outcome.isCrashed
    ? 'Crashed'
    : !outcome.startedAtDeparture
      ? 'NotStartedAtDeparture'
      : !outcome.isArrived
        ? 'NotArrived'
        : null;

  // Only the share of the route really flown pays: a position jump (slew, teleport) earns nothing,
  // and the route's length caps a flight that wandered.
  const flown = stats.nauticalDistanceNm;
  const flownShare = flown + stats.jumpedDistanceNm > 0 ? flown / (flown + stats.jumpedDistanceNm) : 0;
  // A local flight (same departure and arrival) has no route: it is paid a share of what it flew in the air.
  const isLocal = outcome.departureIdent === outcome.arrivalIdent;
  const routeNm = isLocal ? (stats.airborneDistanceNm ?? flown) * LOCAL_FLIGHT_PAID_SHARE : Math.min(stats.distanceNm, flown);
  const paidDistanceNm = notPaidReason ? 0 : Math.max(0, Math.round(routeNm * flownShare));
  const landing = outcome.landing;
  // No touchdown seen or its rate unknown (tracker disconnected around it): no landing points and
  // no bonus, never "perfect".
  const rating = landing !== null && landing.isObserved && landing.isRateKnown !== false && landing.rating !== 'unobserved' ? landing.rating : null;
  const landingPoints = rating !== null && !notPaidReason ? LANDING_POINTS[rating] : 0;
  const landingMultiplier = rating !== null ? FC_LANDING_MULTIPLIER[rating] : 1;

  const penalties: RewardBreakdown['penalties'] = [];
  let penaltyTotal = 0;
  outcome.eventCounts.forEach((count, code) => {
    if (count === 0) return;
    const key = FLIGHT_EVENT_CATALOGUE[code as FlightEventCode]?.key;
    const per = key ? EVENT_PENALTY_POINTS[key] : undefined;
    if (!key || per === undefined) return;
    const points = per * Math.min(count, MAX_PENALISED_OCCURRENCES);
    penaltyTotal += points;
    penalties.push({ eventCode: code, key, count, points });
  });
  const incidentCounts = new Map<PncIncidentKey, number>();
  for (const incident of outcome.cabin?.incidents ?? []) incidentCounts.set(incident.key, (incidentCounts.get(incident.key) ?? 0) + 1);
  const incidentPenalties: NonNullable<RewardBreakdown['incidentPenalties']> = [];
  incidentCounts.forEach((count, key) => {
    const per = INCIDENT_PENALTY_POINTS[key];
    if (per === undefined) return;
    const points = per * Math.min(count, MAX_PENALISED_OCCURRENCES);
    penaltyTotal += points;
    incidentPenalties.push({ key, count, points });
  });
  const flightScore = Math.max(0, 100 - penaltyTotal);
  const scoreMultiplier = FC_SCORE_MULTIPLIER_MIN + ((FC_SCORE_MULTIPLIER_MAX - FC_SCORE_MULTIPLIER_MIN) * flightScore) / 100;

  const satisfactionRate = outcome.isPNC && outcome.cabin ? outcome.cabin.satisfactionRate : null;
  const satisfactionMultiplier =
    satisfactionRate === null
      ? 1
      : FC_SATISFACTION_MULTIPLIER_MIN + ((FC_SATISFACTION_MULTIPLIER_MAX - FC_SATISFACTION_MULTIPLIER_MIN) * satisfactionRate) / 100;

  const categoryMultiplier = FC_CATEGORY_MULTIPLIER[outcome.aircraftCategory];
  const baseFc = paidDistanceNm * FC_PER_NM;
  const grossFc = notPaidReason ? 0 : Math.round(baseFc * categoryMultiplier * landingMultiplier * scoreMultiplier * satisfactionMultiplier);

  const distanceXp = notPaidReason ? 0 : Math.round(paidDistanceNm * XP_PER_NM);
  const timeXp = notPaidReason ? 0 : Math.round(flightHours * XP_PER_AIRBORNE_HOUR);
  const landingXp = Math.round(landingPoints * XP_PER_LANDING_POINT);
  const satisfactionXp = notPaidReason || satisfactionRate === null ? 0 : Math.round(satisfactionRate * SATISFACTION_XP_PER_POINT);

  // Rest period and monthly limit: FC only.
  const endMs = outcome.endTimeMs ?? 0;
  let fcReason: NoCoinReason | null = null;
  let nextRemunerationMs: number | null = null;
  if (grossFc > 0) {
    if (pilot.hoursFlownThisMonth + flightHours > MONTHLY_LIMIT_HOURS) {
      fcReason = 'MonthlyLimit';
      nextRemunerationMs = startOfNextUtcMonth(endMs);
    } else if (pilot.restUntilMs != null && endMs < pilot.restUntilMs) {
      fcReason = 'InRestTime';
      nextRemunerationMs = pilot.restUntilMs;
    } else if (pilot.hoursFlownLast24h + flightHours > FLIGHT_DURATION_LIMIT_HOURS) {
      fcReason = 'InRestTime';
      nextRemunerationMs = endMs + REST_PERIOD_HOURS * 3_600_000;
    }
  }

  return {
    fc: fcReason ? 0 : grossFc,
    xp: distanceXp + timeXp + landingXp + satisfactionXp,
    fcReason,
    nextRemuneration: nextRemunerationMs === null ? null : new Date(nextRemunerationMs),
    breakdown: {
      notPaidReason,
      paidDistanceNm,
      flightHours: Math.round(flightHours * 100) / 100,
      baseFc,
      categoryMultiplier,
      landingPoints,
      landingMultiplier,
      penalties,
      incidentPenalties,
      flightScore,
      scoreColour: scoreColourFor(flightScore),
      scoreMultiplier,
      satisfactionRate,
      satisfactionMultiplier,
      grossFc,
      distanceXp,
      timeXp,
      landingXp,
      satisfactionXp,
    },
  };
};
