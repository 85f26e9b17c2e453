import { describe, expect, it } from 'vitest';
import { LOCAL_FLIGHT_MIN_AWAY_NM } from '../../src/flight/flight-constants';
import type { TFlightAircraft } from '../../src/flight/flight-plan-input';
import { aircraftSystemsFor, findAircraftByIcao } from '../../src/reference/aircraft-catalogue';
import { computeReward } from '../../src/rewards/compute-reward';
import { LOCAL_FLIGHT_PAID_SHARE } from '../../src/rewards/reward-constants';
import { A320, EGKK } from './support/fixtures';
import { eventKeys, eventsOf, feedEngine, runEngine, stepNames } from './support/run-engine';
import { scriptCircuit, type CircuitOptions } from './support/scripted-circuit';

const C172: TFlightAircraft = {
  icao: 'C172',
  category: 'SMALL_HAUL',
  cruiseSpeedKts: 124,
  fuelBurnKgPerHour: 27,
  fuelCapacityKg: 144,
  engineCount: 1,
};
const pilot = { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 };
const local = { departure: EGKK, arrival: EGKK, cruiseLevelFt: 3000, aircraft: C172 };
/** The flight: climb to 3,000 ft, a long level leg within 15 NM, turn back, land. */
const circuit: CircuitOptions = { airport: EGKK, runway: '26L', legs: [{ outNm: 12, levelFtMsl: 3000 }] };

describe('local flights (departure = arrival)', () => {
  const { frames, marks } = scriptCircuit(circuit);
  const { engine, outcome } = runEngine(local, frames);

  it('arrives once the aircraft has been away and airborne, landed and stopped at the field', () => {
    expect(outcome.takeoffCount).toBe(1);
    expect(outcome.isArrived).toBe(true);
    expect(engine.isReadyToEndFlight()).toBe(true);
    expect(stepNames(outcome).slice(-3)).toEqual(['taxi_in', 'block_on', 'deboarding']);
    expect(outcome.statistics.progressPercent).toBe(100);
    expect(frames[marks.engineOff!]!.isOnGround).toBe(true);
  });

  it('pays FC and XP in proportion to the distance flown in the air', () => {
    const reward = computeReward(outcome, pilot);
    const airborneNm = outcome.statistics.airborneDistanceNm!;
    // 12 NM out and back plus the turn: about 26 NM in the air.
    expect(airborneNm).toBeGreaterThan(22);
    expect(airborneNm).toBeLessThan(32);
    expect(reward.breakdown.notPaidReason).toBeNull();
    expect(reward.breakdown.paidDistanceNm).toBe(Math.round(airborneNm * LOCAL_FLIGHT_PAID_SHARE));
    expect(reward.fc).toBeGreaterThan(0);
    expect(reward.fc).toBe(Math.round(reward.breakdown.paidDistanceNm * reward.breakdown.landingMultiplier * reward.breakdown.scoreMultiplier));
    expect(reward.breakdown.timeXp).toBeGreaterThan(0);
    expect(reward.breakdown.distanceXp).toBeGreaterThan(0);
  });

  it('is not arrived after a hop that never left the field', () => {
    const hop = scriptCircuit({ airport: EGKK, runway: '26L', finalNm: 0.6, legs: [{ outNm: 1.0, levelFtMsl: 450 }] });
    const hopEngine = feedEngine(local, hop.frames);
    expect(hopEngine.snapshot().maxAwayNm).toBeLessThan(LOCAL_FLIGHT_MIN_AWAY_NM);
    expect(hopEngine.isReadyToEndFlight()).toBe(false);
    const hopOutcome = hopEngine.complete();
    expect(hopOutcome.takeoffCount).toBe(1);
    expect(hopOutcome.isArrived).toBe(false);
    expect(computeReward(hopOutcome, pilot).fc).toBe(0);
  });

  it('counts touch-and-goes and go-arounds and arrives after the last landing', () => {
    const { frames: pattern } = scriptCircuit({
      airport: EGKK,
      runway: '26L',
      legs: [
        { outNm: 5, levelFtMsl: 1500, ending: 'touchAndGo' },
        { outNm: 5, levelFtMsl: 1500, ending: 'goAround' },
        { outNm: 5, levelFtMsl: 1500 },
      ],
    });
    const { outcome: o } = runEngine({ ...local, cruiseLevelFt: 1500 }, pattern);
    expect(eventsOf(o, 'TOUCH_AND_GO')).toHaveLength(1);
    expect(eventsOf(o, 'GO_AROUND')).toHaveLength(1);
    expect(o.takeoffCount).toBe(2);
    expect(o.touchdownCount).toBe(2);
    expect(o.isArrived).toBe(true);
    expect(computeReward(o, pilot).fc).toBeGreaterThan(0);
  });
});

describe('steps follow what the aircraft does', () => {
  const { frames, marks } = scriptCircuit(circuit);
  const { outcome } = runEngine(local, frames);
  const at = (step: string) => outcome.steps.find((s) => s.step === step)?.timeMs;

  it('keeps a light aircraft level at 3,000 ft within 15 NM in cruise until it descends', () => {
    const steps = stepNames(outcome);
    expect(steps).toEqual(['boarding', 'block_off', 'taxi_out', 'takeoff', 'initial_climb', 'climb', 'cruise', 'descent', 'approach', 'landing', 'taxi_in', 'block_on', 'deboarding']);
    // The level leg back inside 15 NM lasted minutes; cruise held until the final descent began.
    const finalStartMs = frames[marks.final0!]!.timeMs;
    expect(finalStartMs - at('cruise')!).toBeGreaterThan(9 * 60_000);
    expect(at('descent')!).toBeGreaterThanOrEqual(finalStartMs);
    expect(at('approach')!).toBeGreaterThan(at('descent')!);
  });

  it('an airliner flown the same way is on approach only on its final descent, after a descent step', () => {
    const { outcome: o } = runEngine({ ...local, aircraft: A320 }, frames);
    const stepAt = (step: string) => o.steps.find((s) => s.step === step)?.timeMs;
    expect(stepAt('approach')!).toBeGreaterThan(frames[marks.final0!]!.timeMs);
    expect(stepAt('descent')!).toBeLessThan(stepAt('approach')!);
  });
});

describe('systems the aircraft lacks', () => {
  it('the catalogue says which systems each type has', () => {
    expect(aircraftSystemsFor('C172')).toEqual({ seatBeltSign: false, retractableGear: false, strobe: true, beacon: true });
    expect(aircraftSystemsFor('A320')).toEqual({ seatBeltSign: true, retractableGear: true, strobe: true, beacon: true });
    expect(findAircraftByIcao('BE36')?.systems?.retractableGear).toBe(true);
    expect(findAircraftByIcao('DHC2')?.systems?.strobe).toBe(false);
    // An unknown type gets the strict rules.
    expect(aircraftSystemsFor('ZZZZ').seatBeltSign).toBe(true);
  });

  it('no seat-belt sign, gear or extra-engine events for a C172, and a fixed gear reading 0 is no gear-up landing', () => {
    const { frames } = scriptCircuit({ ...circuit, gearDownRatio: 0 });
    // FlightGear sends a second engine flag the C172 does not have.
    const twoFlags = frames.map((f, i) => ({ ...f, enginesRunning: [f.enginesRunning[0]!, i > 100 && i < 400] }));
    const { outcome } = runEngine(local, twoFlags);
    const keys = eventKeys(outcome);
    expect(keys.has('TAKEOFF_WITHOUT_SEAT_BELT_SIGN')).toBe(false);
    expect(keys.has('LANDING_WITHOUT_SEAT_BELT_SIGN')).toBe(false);
    expect(keys.has('GEAR_UP')).toBe(false);
    expect(keys.has('CRASH')).toBe(false);
    expect(eventsOf(outcome, 'ENGINE_STARTED').map((e) => e.data.engineIndex)).toEqual([0]);
    expect(outcome.isArrived).toBe(true);
    expect(computeReward(outcome, pilot).breakdown.penalties).toEqual([]);
  });

  it('no strobe event for a Beaver (no wing-tip strobes), but one for a C172 flown with its strobes off', () => {
    const { frames } = scriptCircuit({ ...circuit, strobe: false });
    const beaver = runEngine({ ...local, aircraft: { ...C172, icao: 'DHC2' } }, frames).outcome;
    const cessna = runEngine(local, frames).outcome;
    expect(eventKeys(beaver).has('STROBE_OFF_IN_FLIGHT')).toBe(false);
    expect(eventKeys(cessna).has('STROBE_OFF_IN_FLIGHT')).toBe(true);
  });

  it('an airliner without the sign is still penalised', () => {
    const { frames } = scriptCircuit(circuit);
    const { outcome } = runEngine({ ...local, aircraft: A320 }, frames.map((f) => ({ ...f, enginesRunning: [f.enginesRunning[0]!, f.enginesRunning[0]!] })));
    expect(eventKeys(outcome).has('TAKEOFF_WITHOUT_SEAT_BELT_SIGN')).toBe(true);
    expect(eventKeys(outcome).has('LANDING_WITHOUT_SEAT_BELT_SIGN')).toBe(true);
  });
});

describe('touchdown from the main gear', () => {
  it('takes the rate, time and place where the mains touched, not the nose wheel 2 s later', () => {
    const { frames, marks } = scriptCircuit({ ...circuit, mainsLeadSeconds: 2, touchdownVsFpm: -294, noseVsFpm: -85 });
    const { outcome } = runEngine(local, frames);
    const landing = outcome.landing!;
    expect(landing.verticalSpeedFpm).toBe(-294);
    expect(landing.rating).toBe('firm');
    expect(landing.touchdownTimeMs).toBe(frames[marks.touchdown0!]!.timeMs);
    expect(landing.runway?.runwayIdent).toBe('08R');
    // The aim point is 1,000 ft past the displaced threshold, on the centre line.
    expect(landing.runway!.distanceFromThresholdFt).toBeGreaterThan(900);
    expect(landing.runway!.distanceFromThresholdFt).toBeLessThan(1100);
    expect(Math.abs(landing.runway!.centerlineOffsetFt)).toBeLessThan(20);
    expect(eventsOf(outcome, 'TOUCHDOWN_POSITION')[0]!.data.runwayIdent).toBe('08R');
  });

  it("reads the simulator's own touchdown rate (MSFS) on the touchdown frame", () => {
    const { frames, marks } = scriptCircuit(circuit);
    const i = marks.onGround0!;
    const edited = frames.map((f, k) => (k === i ? { ...f, verticalSpeedFpm: 0, touchdownVerticalSpeedFpm: -412 } : k === i - 1 ? { ...f, verticalSpeedFpm: -120 } : f));
    const { outcome } = runEngine(local, edited);
    expect(outcome.landing!.verticalSpeedFpm).toBe(-412);
    expect(outcome.landing!.rating).toBe('hard');
  });
});
