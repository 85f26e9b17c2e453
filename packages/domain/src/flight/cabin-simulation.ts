import {
  ANNOUNCEMENTS,
  CABIN_CALMNESS_LOSS_BY_INCIDENT,
  CABIN_CLASS_DEMAND,
  CABIN_DUTY_FREE_GAIN_PER_HOUR,
  CABIN_ENTERTAINMENT_DECAY_PER_HOUR,
  CABIN_IFE_GAIN_PER_HOUR,
  CABIN_INITIAL_CALMNESS,
  CABIN_INITIAL_ENTERTAINMENT,
  CABIN_INITIAL_SATIETY,
  CABIN_SATIETY_DECAY_PER_HOUR,
  CABIN_TURBULENCE_G_THRESHOLD,
  CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_OFF,
  CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_ON,
  FOOD_REPEAT_FACTOR,
  FOOD_SERVICE_STEPS,
  FOOD_SERVICES,
  type AnnouncementType,
  type FoodServiceType,
} from './flight-constants';
import type { TPaxByClass } from './flight-plan-input';
import type { FlightStep } from './flight-step';
import { PNC_INCIDENT_CODES, type CabinEmitter, type CabinResult, type CabinState, type PerClass, type PncData, type PncIncident, type PncIncidentCode } from './cabin-types';

export { PNC_INCIDENT_CODES } from './cabin-types';
export type { CabinEmitter, CabinResult, CabinState, PerClass, PncData, PncIncident, PncIncidentCode, PncIncidentKey } from './cabin-types';

const CLASSES = ['first', 'business', 'economy'] as const;

const uniform = (value: number): PerClass => ({ first: value, business: value, economy: value });
const clamp100 = (v: number) => (v < 0 ? 0 : v > 100 ? 100 : v);
const round1 = (v: number) => Math.round(v * 10) / 10;

export const createCabinState = (pax: TPaxByClass): CabinState => ({
  pax: { ...pax },
  seatBelt: false,
  ife: false,
  dutyFree: false,
  currentAnnouncement: null,
  currentFoodService: null,
  launchedAnnouncements: [],
  completedAnnouncements: [],
  servedFood: [],
  addedDepartureMinutes: 0,
  addedArrivalMinutes: 0,
  incidents: [],
  passengersCalmness: uniform(CABIN_INITIAL_CALMNESS),
  passengersEntertainement: uniform(CABIN_INITIAL_ENTERTAINMENT),
  passengersSatiatedPoint: uniform(CABIN_INITIAL_SATIETY),
  lastTimeMs: null,
});

const addAll = (target: PerClass, amount: number, scaleByDemand: boolean) => {
  for (const c of CLASSES) target[c] = clamp100(target[c] + amount * (scaleByDemand ? CABIN_CLASS_DEMAND[c] : 1));
};

/** Takes calmness from every class (a felt event). */
export const loseCalmness = (cabin: CabinState, amount: number): void => addAll(cabin.passengersCalmness, -amount, true);

/** Records an incident: stored, emitted, and felt by the passengers. */
export const raiseIncident = (
  cabin: CabinState,
  code: PncIncidentCode,
  parameters: PncIncident['parameters'],
  timeMs: number,
  emit: CabinEmitter,
): PncIncident => {
  const incident: PncIncident = { code, key: PNC_INCIDENT_CODES[code], parameters, timeMs };
  cabin.incidents.push(incident);
  loseCalmness(cabin, CABIN_CALMNESS_LOSS_BY_INCIDENT[code] ?? 0);
  emit.incident(incident);
  return incident;
};

const announcementAllowedIn = (type: AnnouncementType, step: FlightStep): boolean =>
  (ANNOUNCEMENTS[type].steps as readonly string[]).includes(step);

const endAnnouncement = (cabin: CabinState, emit: CabinEmitter) => {
  const running = cabin.currentAnnouncement!;
  const spec = ANNOUNCEMENTS[running.type as AnnouncementType];
  cabin.currentAnnouncement = null;
  cabin.completedAnnouncements.push(running.type);
  addAll(cabin.passengersCalmness, spec.calmness, false);
  addAll(cabin.passengersEntertainement, spec.entertainment, false);
  emit.event('ANNOUNCEMENT_ENDED', { type: running.type });
};

const stopAnnouncement = (cabin: CabinState, reason: string, emit: CabinEmitter) => {
  const running = cabin.currentAnnouncement!;
  cabin.currentAnnouncement = null;
  emit.event('ANNOUNCEMENT_STOPPED', { type: running.type, reason });
};

const foodGain = (cabin: CabinState, type: number): number => {
  const base = FOOD_SERVICES[type as FoodServiceType].satiety;
  return cabin.servedFood.includes(type) ? base * FOOD_REPEAT_FACTOR : base;
};

const finishFood = (cabin: CabinState, fraction: number, reason: string | null, emit: CabinEmitter) => {
  const running = cabin.currentFoodService!;
  const gain = foodGain(cabin, running.type) * fraction;
  cabin.currentFoodService = null;
  cabin.servedFood.push(running.type);
  addAll(cabin.passengersSatiatedPoint, gain, false);
  if (reason === null) emit.event('FOOD_SERVICE_ENDED', { type: running.type });
  else emit.event('FOOD_SERVICE_STOPPED', { type: running.type, reason });
};

/**
 * Advances the cabin to `timeMs`: needs grow, IFE and duty free entertain, turbulence unsettles,
 * and a running announcement or service ends when its time is up. O(1) per call.
 */
export const advanceCabin = (
  cabin: CabinState,
  ctx: { timeMs: number; step: FlightStep; isAirborne: boolean; gForce: number; isSeatBeltOn: boolean; isPaused: boolean },
  emit: CabinEmitter,
): void => {
  const previous = cabin.lastTimeMs;
  cabin.lastTimeMs = ctx.timeMs;
  if (cabin.currentAnnouncement && ctx.timeMs >= cabin.currentAnnouncement.startedAtMs + cabin.currentAnnouncement.durationSeconds * 1000) {
    endAnnouncement(cabin, emit);
  }
  if (cabin.currentFoodService && ctx.timeMs >= cabin.currentFoodService.startedAtMs + cabin.currentFoodService.durationSeconds * 1000) {
    finishFood(cabin, 1, null, emit);
  }
  if (previous === null || ctx.isPaused) return;
  const seconds = Math.min((ctx.timeMs - previous) / 1000, 300);
  if (seconds <= 0) return;
  const hours = seconds / 3600;
  const inCabin = ctx.step !== 'none' && ctx.step !== 'parked' && ctx.step !== 'crashed';
  if (!inCabin) return;
  addAll(cabin.passengersSatiatedPoint, -CABIN_SATIETY_DECAY_PER_HOUR * hours, true);
  if (ctx.isAirborne) {
    addAll(cabin.passengersEntertainement, -CABIN_ENTERTAINMENT_DECAY_PER_HOUR * hours, true);
    if (cabin.ife) addAll(cabin.passengersEntertainement, CABIN_IFE_GAIN_PER_HOUR * hours, false);
    if (cabin.dutyFree && (ctx.step === 'cruise' || ctx.step === 'flight_level')) {
      addAll(cabin.passengersEntertainement, CABIN_DUTY_FREE_GAIN_PER_HOUR * hours, false);
    }
    if (Math.abs(ctx.gForce - 1) > CABIN_TURBULENCE_G_THRESHOLD) {
      const perSecond = ctx.isSeatBeltOn ? CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_ON : CABIN_TURBULENCE_LOSS_PER_SECOND_BELTS_OFF;
      loseCalmness(cabin, perSecond * seconds);
    }
  }
};

/** A step change stops an announcement or a food service that may not go on in the new step. */
export const onCabinStepChanged = (cabin: CabinState, step: FlightStep, emit: CabinEmitter): void => {
  if (cabin.currentAnnouncement && !announcementAllowedIn(cabin.currentAnnouncement.type as AnnouncementType, step)) {
    stopAnnouncement(cabin, 'flight_step', emit);
  }
  if (cabin.currentFoodService && !FOOD_SERVICE_STEPS.includes(step)) {
    const running = cabin.currentFoodService;
    const done = Math.min(1, ((cabin.lastTimeMs ?? running.startedAtMs) - running.startedAtMs) / (running.durationSeconds * 1000));
    finishFood(cabin, Math.max(0, done), 'flight_step', emit);
  }
};

export type CabinCommandResult = { accepted: boolean; rejection: string | null };
const ok: CabinCommandResult = { accepted: true, rejection: null };

/**
 * Launches an announcement (the PNC rules). Launching the running announcement again stops it.
 * Refused, with an incident, when another announcement (8) or a food service (9) runs, in a step
 * the type is not allowed in (10), or when the type was launched before (11).
 */
export const launchAnnouncement = (
  cabin: CabinState,
  type: AnnouncementType,
  step: FlightStep,
  timeMs: number,
  emit: CabinEmitter,
): CabinCommandResult => {
  const current = cabin.currentAnnouncement;
  if (current && current.type === type) {
    stopAnnouncement(cabin, 'stopped_by_crew', emit);
    return ok;
  }
  if (current) {
    raiseIncident(cabin, 8, [{ key: 'type', value: type }, { key: 'current', value: current.type }], timeMs, emit);
    return { accepted: false, rejection: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS' };
  }
  if (cabin.currentFoodService) {
    raiseIncident(cabin, 9, [{ key: 'type', value: type }, { key: 'current', value: cabin.currentFoodService.type }], timeMs, emit);
    return { accepted: false, rejection: 'ANOTHER_FOOD_SERVICE_IN_PROGRESS' };
  }
  if (cabin.launchedAnnouncements.includes(type)) {
    raiseIncident(cabin, 11, [{ key: 'type', value: type }, { key: 'launched', value: true }], timeMs, emit);
    return { accepted: false, rejection: 'ANNOUNCEMENT_ALREADY_LAUNCHED' };
  }
  if (!announcementAllowedIn(type, step)) {
    raiseIncident(cabin, 10, [{ key: 'type', value: type }, { key: 'flightStep', value: step }], timeMs, emit);
    return { accepted: false, rejection: 'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP' };
  }
  const durationSeconds = ANNOUNCEMENTS[type].durationSeconds;
  cabin.currentAnnouncement = { type, startedAtMs: timeMs, durationSeconds };
  cabin.launchedAnnouncements.push(type);
  emit.event('ANNOUNCEMENT_STARTED', { type, durationSeconds });
  return ok;
};

/**
 * Starts a food service. Serving the running type again stops it. Refused, with an incident, while
 * an announcement (8) or another service (9) runs, and outside climb, cruise or level flight (10:
 * the "bad flight step" code covers any cabin service launched in the wrong step).
 */
export const serveFood = (
  cabin: CabinState,
  type: FoodServiceType,
  step: FlightStep,
  timeMs: number,
  emit: CabinEmitter,
): CabinCommandResult => {
  const current = cabin.currentFoodService;
  if (current && current.type === type) {
    const done = Math.min(1, Math.max(0, (timeMs - current.startedAtMs) / (current.durationSeconds * 1000)));
    finishFood(cabin, done, 'stopped_by_crew', emit);
    return ok;
  }
  if (cabin.currentAnnouncement) {
    raiseIncident(cabin, 8, [{ key: 'type', value: type }, { key: 'current', value: cabin.currentAnnouncement.type }], timeMs, emit);
    return { accepted: false, rejection: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS' };
  }
  if (current) {
    raiseIncident(cabin, 9, [{ key: 'type', value: type }, { key: 'current', value: current.type }], timeMs, emit);
    return { accepted: false, rejection: 'ANOTHER_FOOD_SERVICE_IN_PROGRESS' };
  }
  if (!FOOD_SERVICE_STEPS.includes(step)) {
    raiseIncident(cabin, 10, [{ key: 'type', value: type }, { key: 'flightStep', value: step }], timeMs, emit);
    return { accepted: false, rejection: 'FOOD_SERVICE_IN_BAD_FLIGHT_STEP' };
  }
  const durationSeconds = FOOD_SERVICES[type].durationSeconds;
  cabin.currentFoodService = { type, startedAtMs: timeMs, durationSeconds };
  emit.event('FOOD_SERVICE_STARTED', { type, durationSeconds });
  return ok;
};

/** The live PNC data (a copy: safe to send or keep). */
export const pncDataOf = (cabin: CabinState): PncData => ({
  dutyFree: cabin.dutyFree,
  ife: cabin.ife,
  seatBelt: cabin.seatBelt,
  currentAnnouncement: cabin.currentAnnouncement && { ...cabin.currentAnnouncement },
  currentFoodService: cabin.currentFoodService && { ...cabin.currentFoodService },
  launchedAnnouncements: [...cabin.launchedAnnouncements],
  incidents: cabin.incidents.map((i) => ({ ...i, parameters: i.parameters.map((p) => ({ ...p })) })),
  passengersCalmness: roundClasses(cabin.passengersCalmness),
  passengersEntertainement: roundClasses(cabin.passengersEntertainement),
  passengersSatiatedPoint: roundClasses(cabin.passengersSatiatedPoint),
  addedDepartureMinutes: cabin.addedDepartureMinutes,
  addedArrivalMinutes: cabin.addedArrivalMinutes,
});

const roundClasses = (p: PerClass): PerClass => ({ first: round1(p.first), business: round1(p.business), economy: round1(p.economy) });

/** The cabin result of a completed PNC flight: satisfaction per class and overall (0-100). */
export const cabinResultOf = (cabin: CabinState): CabinResult => {
  const data = pncDataOf(cabin);
  const total = cabin.pax.first + cabin.pax.business + cabin.pax.economy;
  const weighted = (p: PerClass) =>
    total === 0 ? (p.first + p.business + p.economy) / 3 : (p.first * cabin.pax.first + p.business * cabin.pax.business + p.economy * cabin.pax.economy) / total;
  const wellnessRate = round1(weighted(cabin.passengersCalmness));
  const entertainmentRate = round1(weighted(cabin.passengersEntertainement));
  const satietyRate = round1(weighted(cabin.passengersSatiatedPoint));
  const classPoints = (c: (typeof CLASSES)[number]) =>
    Math.round((cabin.passengersCalmness[c] + cabin.passengersEntertainement[c] + cabin.passengersSatiatedPoint[c]) / 3);
  return {
    ...data,
    wellnessRate,
    entertainmentRate,
    satietyRate,
    satisfactionRate: round1((wellnessRate + entertainmentRate + satietyRate) / 3),
    passengers: {
      first: { points: classPoints('first'), quantity: cabin.pax.first },
      business: { points: classPoints('business'), quantity: cabin.pax.business },
      economy: { points: classPoints('economy'), quantity: cabin.pax.economy },
    },
  };
};
