import { AppError } from '../../errors/app-error';
import { ErrorCode } from '../../errors/error-codes';
import { distanceNm } from '../../geo/great-circle';
import { createCabinState } from '../cabin-simulation';
import type { FlightEngineState } from '../flight-engine-types';
import { LAST_FLIGHT_EVENT_CODE } from '../flight-event-codes';
import { ZFlightPlanInput, type TFlightPlanInputRaw } from '../flight-plan-input';

const newMonitor = () => ({ sinceMs: null, raised: false });

/** The state of a flight before its first frame. Throws `AppError` (VALIDATION_ERROR) for an invalid plan. */
export const initialState = (planInput: TFlightPlanInputRaw): FlightEngineState => {
  const parsed = ZFlightPlanInput.safeParse(planInput);
  if (!parsed.success) {
    throw new AppError(ErrorCode.validation, `Invalid flight plan: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const plan = parsed.data;
  return {
    version: 1,
    plan,
    originalArrival: plan.arrival,
    totalDistanceNm: distanceNm(plan.departure.position, plan.arrival.position),
    completed: false,
    frameCount: 0,
    firstTimeMs: null,
    last: null,
    step: 'none',
    stepStartMs: null,
    steps: [],
    startedAtDeparture: false,
    blockOffTimeMs: null,
    blockOnTimeMs: null,
    takeoffTimeMs: null,
    lastTakeoffTimeMs: null,
    taxiInStartMs: null,
    isTaxiOutReported: false,
    takeoffCount: 0,
    touchdownCount: 0,
    airborneMs: 0,
    airborneSimMs: 0,
    airborneNm: 0,
    pausedInFlightMs: 0,
    vsAvgFpm: 0,
    levelSinceMs: null,
    approachMinAglFt: 0,
    descentFromFt: null,
    maxAwayNm: 0,
    mainGearContact: null,
    pendingLiftoff: null,
    landing: null,
    landingSettleUntilMs: 0,
    flownNm: 0,
    jumpedNm: 0,
    maxProgressPercent: 0,
    fuelLoadedKg: 0,
    fuelConsumedKg: 0,
    airborneBurnKg: 0,
    fuelLowWaterKg: 0,
    isFuelReserveRaised: false,
    gearDown: true,
    flapsReported: 0,
    enginesRunning: [],
    maxSimulationRate: 1,
    isOverspeedActive: false,
    isBankActive: false,
    isPitchUpActive: false,
    isPitchDownActive: false,
    pausedSinceMs: null,
    emergencySquawk: null,
    monitors: { beacon: newMonitor(), nav: newMonitor(), landingLow: newMonitor(), landingHigh: newMonitor(), strobe: newMonitor(), taxiSpeed: newMonitor() },
    events: [],
    eventSequence: 0,
    eventCounts: new Array<number>(LAST_FLIGHT_EVENT_CODE + 1).fill(0),
    track: [],
    lastTrackHeadingDeg: 0,
    cabin: plan.isPNC ? createCabinState(plan.pax) : null,
    lastPncPushMs: 0,
    engineRunningAtDeparture: false,
    acceleratedAirborneSimMs: 0,
    longestAirborneGapMs: 0,
    lastFrameGap: null,
    touchdownGap: null,
    longestPauseMs: 0,
    airborneFuelLowKg: null,
    airborneFuelIncreaseKg: 0,
  };
};
