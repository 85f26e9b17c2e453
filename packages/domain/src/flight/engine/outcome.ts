import { cabinResultOf } from '../cabin-simulation';
import { STOPPED_MAX_GS_KTS } from '../flight-constants';
import type { FlightOutcome } from '../flight-engine-types';
import { FLIGHT_EVENT_CODE } from '../flight-event-codes';
import type { EngineContext } from './engine-context';
import { hasLandedAfterTakeoff, isAtArrival, statisticsOf, stopPositionOf } from './statistics';

/** The outcome of the flight as it stands: everything the flight log and the reward need (a deep copy). */
export const outcomeOf = (ctx: EngineContext): FlightOutcome => {
  const s = ctx.s;
  const last = s.last;
  const isCrashed = s.step === 'crashed';
  const landed = s.takeoffCount > 0 && hasLandedAfterTakeoff(ctx);
  const isArrived = !isCrashed && last !== null && last.isOnGround && landed && isAtArrival(ctx);
  const ongoingPauseMs = s.pausedSinceMs !== null && last ? last.timeMs - s.pausedSinceMs : 0;
  const counts = s.eventCounts;
  return JSON.parse(
    JSON.stringify({
      status: 'complete',
      departureIdent: s.plan.departure.ident,
      arrivalIdent: s.plan.arrival.ident,
      originalArrivalIdent: s.originalArrival.ident,
      isDiverted: s.plan.arrival.ident !== s.originalArrival.ident,
      cruiseLevelFt: s.plan.cruiseLevelFt,
      aircraftIcao: s.plan.aircraft.icao,
      aircraftCategory: s.plan.aircraft.category,
      isPNC: s.plan.isPNC,
      startTimeMs: s.firstTimeMs,
      endTimeMs: last?.timeMs ?? null,
      finalStep: s.step,
      steps: s.steps,
      events: s.events,
      eventCounts: counts,
      statistics: statisticsOf(ctx),
      landing: landed ? s.landing : null,
      takeoffCount: s.takeoffCount,
      touchdownCount: s.touchdownCount,
      isArrived,
      isCrashed,
      startedAtDeparture: s.startedAtDeparture,
      integrity: {
        positionJumps: counts[FLIGHT_EVENT_CODE.POSITION_JUMP] ?? 0,
        jumpedDistanceNm: Math.round(s.jumpedNm * 10) / 10,
        illegalFuelIncreases: counts[FLIGHT_EVENT_CODE.ILLEGAL_FUEL_INCREASE] ?? 0,
        telemetryGaps: counts[FLIGHT_EVENT_CODE.TELEMETRY_GAP] ?? 0,
        maxSimulationRate: s.maxSimulationRate,
        pausedInFlightSeconds: Math.round((s.pausedInFlightMs + ongoingPauseMs) / 1000),
        acceleratedAirborneSeconds: Math.round((s.acceleratedAirborneSimMs ?? 0) / 1000),
        longestAirborneGapSeconds: Math.round((s.longestAirborneGapMs ?? 0) / 1000),
        touchdownGap: landed ? (s.touchdownGap ?? null) : null,
        longestPauseSeconds: Math.round(Math.max(s.longestPauseMs ?? 0, ongoingPauseMs) / 1000),
        airborneFuelIncreaseKg: Math.round((s.airborneFuelIncreaseKg ?? 0) * 10) / 10,
      },
      flown: {
        hasFrames: last !== null,
        // Snapshots from before the fact was kept cannot tell: given the benefit of the doubt.
        engineRunningAtDeparture: s.engineRunningAtDeparture ?? true,
        airborne: s.takeoffCount > 0,
        landed,
        stopped: last !== null && last.isOnGround && last.groundSpeedKts < STOPPED_MAX_GS_KTS,
      },
      stoppedAt: last === null ? null : stopPositionOf(ctx, last),
      cabin: s.cabin ? cabinResultOf(s.cabin) : null,
      positionHistory: s.track,
    } satisfies FlightOutcome),
  ) as FlightOutcome;
};
