import { distanceNm } from '../../geo/great-circle';
import { launchAnnouncement, raiseIncident, serveFood, type CabinCommandResult } from '../cabin-simulation';
import type { TEngineCommand } from '../flight-engine-types';
import type { TFlightAirport } from '../flight-plan-input';
import { cabinClockMs, cabinEmitter, emit, setStep, type EngineContext } from './engine-context';

const ACCEPTED: CabinCommandResult = { accepted: true, rejection: null };

/** A new arrival airport: the distance and progress start again; in the air the flight holds the diversion step. */
export const divertTo = (ctx: EngineContext, arrival: TFlightAirport): CabinCommandResult => {
  const s = ctx.s;
  if (arrival.ident === s.plan.arrival.ident) return { accepted: false, rejection: 'SAME_ARRIVAL' };
  const t = s.last?.timeMs ?? 0;
  const from = s.plan.arrival.ident;
  s.plan = { ...s.plan, arrival };
  s.totalDistanceNm = distanceNm(s.plan.departure.position, arrival.position);
  s.maxProgressPercent = 0;
  emit(ctx, 'DIVERSION', { fromArrivalIdent: from, toArrivalIdent: arrival.ident }, t);
  const airborne = s.last !== null && !s.last.isOnGround;
  if (airborne && s.step !== 'approach' && s.step !== 'landing' && s.step !== 'crashed' && s.step !== 'emergency') setStep(ctx, 'diversion', t);
  return { ...ACCEPTED };
};

/**
 * Carries out a (parsed) pilot control at the last frame's time. Cabin controls apply to PNC
 * flights only; a refusal changes nothing but may raise the incident the rule gives it.
 */
export const applyCommand = (ctx: EngineContext, command: TEngineCommand): CabinCommandResult => {
  const s = ctx.s;
  const t = s.last?.timeMs ?? 0;
  const cabin = s.cabin;
  const isCabinCommand = command.type !== 'UpdateCruiseLevel' && command.type !== 'DivertFlight';
  if (isCabinCommand && cabin === null) return { accepted: false, rejection: 'NOT_PNC_FLIGHT' };
  const cabinEmit = cabinEmitter(ctx, t);
  if (isCabinCommand) ctx.out.cabinChanged = true;
  if (command.type === 'UpdateCruiseLevel') {
    if (command.cruiseLevelFt === s.plan.cruiseLevelFt) return { accepted: false, rejection: 'SAME_CRUISE_LEVEL' };
    const fromFt = s.plan.cruiseLevelFt;
    s.plan = { ...s.plan, cruiseLevelFt: command.cruiseLevelFt };
    emit(ctx, 'CRUISE_LEVEL_CHANGED', { fromFt, toFt: command.cruiseLevelFt }, t);
    return { ...ACCEPTED };
  }
  if (command.type === 'DivertFlight') return divertTo(ctx, command.arrival);
  if (cabin === null) return { accepted: false, rejection: 'NOT_PNC_FLIGHT' };
  switch (command.type) {
    case 'LaunchAnnouncement':
      return launchAnnouncement(cabin, command.announcementType, s.step, cabinClockMs(s), cabinEmit);
    case 'ServeFood':
      return serveFood(cabin, command.foodType, s.step, cabinClockMs(s), cabinEmit);
    case 'SwitchSeatBeltSign':
      cabin.seatBelt = !cabin.seatBelt;
      emit(ctx, 'SEAT_BELT_SIGN_SWITCHED', { isOn: cabin.seatBelt }, t);
      return { ...ACCEPTED };
    case 'SwitchIfe':
      cabin.ife = !cabin.ife;
      emit(ctx, 'IFE_SWITCHED', { isOn: cabin.ife }, t);
      return { ...ACCEPTED };
    case 'SwitchDutyFree':
      cabin.dutyFree = !cabin.dutyFree;
      emit(ctx, 'DUTY_FREE_SWITCHED', { isOn: cabin.dutyFree }, t);
      return { ...ACCEPTED };
    case 'AddTimeOnEstimateDepartureTime':
      if (s.blockOffTimeMs !== null) return { accepted: false, rejection: 'ALREADY_DEPARTED' };
      cabin.addedDepartureMinutes += command.minutes;
      emit(ctx, 'TIME_ADDED_ON_DEPARTURE', { minutes: command.minutes, totalMinutes: cabin.addedDepartureMinutes }, t);
      raiseIncident(cabin, 6, [{ key: 'minutes', value: command.minutes }], t, cabinEmit);
      return { ...ACCEPTED };
    case 'AddTimeOnEstimateArrivalTime':
      if (s.blockOnTimeMs !== null) return { accepted: false, rejection: 'ALREADY_ARRIVED' };
      cabin.addedArrivalMinutes += command.minutes;
      emit(ctx, 'TIME_ADDED_ON_ARRIVAL', { minutes: command.minutes, totalMinutes: cabin.addedArrivalMinutes }, t);
      raiseIncident(cabin, 7, [{ key: 'minutes', value: command.minutes }], t, cabinEmit);
      return { ...ACCEPTED };
  }
};
