import { destinationPoint, distanceNm, initialBearingDeg, normalizeHeadingDeg, type LatLon } from '../../../src/geo/great-circle';
import { FEET_PER_NM } from '../../../src/flight/flight-constants';
import type { TFlightAirport } from '../../../src/flight/flight-plan-input';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';

/**
 * A light aircraft flown from a field and back to it, one frame per second, as a FlightGear C172
 * flight looks: engine start, taxi, take-off, climb out along the runway, a level leg, a turn back,
 * a straight-in final onto the reciprocal runway, touchdown, roll-out, taxi, engine off. Each leg of
 * `legs` flies out and back once and ends in a landing, a touch-and-go or a go-around.
 * Kinematic only (no physics): enough to check steps, touchdown and statistics.
 */
export type CircuitLeg = {
  /** How far out along the runway heading before turning back, NM from the field. */
  outNm: number;
  /** Level altitude of the leg, ft MSL. */
  levelFtMsl: number;
  /** How the leg ends (default land). */
  ending?: 'land' | 'touchAndGo' | 'goAround';
};

export type CircuitOptions = {
  airport: TFlightAirport;
  /** The runway end of the first take-off. */
  runway: string;
  legs: CircuitLeg[];
  /** Final approach starts this far from the threshold (a straight-in final), NM. */
  finalNm?: number;
  /** Vertical speed when the main gear touches, fpm (negative). */
  touchdownVsFpm?: number;
  /**
   * Seconds by which the main gear touches before the aggregate on-ground flag (FlightGear's
   * gear[0], the nose wheel): frames then carry `isMainGearOnGround` and the flag follows late,
   * with the rate of the nose (`noseVsFpm`). 0 or absent: one flag, no per-gear field.
   */
  mainsLeadSeconds?: number;
  noseVsFpm?: number;
  /** What the simulator reports for the gear position (a fixed-gear C172 may report 0). */
  gearDownRatio?: number;
  /** Switch the strobe on in flight (default true). */
  strobe?: boolean;
  startTimeMs?: number;
};

export type ScriptedCircuit = { frames: TTelemetryFrame[]; marks: Record<string, number> };

const CLIMB_FPM = 700;
const CRUISE_KTS = 95;
const APPROACH_KTS = 65;
const TURN_DEG_PER_S = 3;

const endOf = (airport: TFlightAirport, ident: string) => {
  for (const runway of airport.runways ?? []) {
    for (let i = 0; i < 2; i += 1) {
      if (runway.ends[i]!.ident === ident) return { end: runway.ends[i]!, opposite: runway.ends[1 - i]! };
    }
  }
  throw new Error(`no runway ${ident} at ${airport.ident}`);
};

const turnToward = (heading: number, target: number): number => {
  let d = normalizeHeadingDeg(target - heading);
  if (d > 180) d -= 360;
  return normalizeHeadingDeg(heading + Math.max(-TURN_DEG_PER_S, Math.min(TURN_DEG_PER_S, d)));
};

export const scriptCircuit = (o: CircuitOptions): ScriptedCircuit => {
  const frames: TTelemetryFrame[] = [];
  const marks: Record<string, number> = {};
  const mark = (name: string) => {
    if (marks[name] === undefined) marks[name] = frames.length;
  };
  const elevation = o.airport.position.elevationFt;
  const lead = o.mainsLeadSeconds ?? 0;
  const touchdownVs = o.touchdownVsFpm ?? -150;
  let t = o.startTimeMs ?? Date.UTC(2026, 10, 1, 9, 0, 0);
  let { end, opposite } = endOf(o.airport, o.runway);
  let pos: LatLon = destinationPoint(end, end.headingDegTrue + 90, 0.15);
  let msl = elevation;
  let heading = normalizeHeadingDeg(end.headingDegTrue - 90);
  let gs = 0;
  let vs = 0;
  let onGround = true;
  let mainsOnGround: boolean | undefined = lead > 0 ? true : undefined;
  let engines = [false];
  let brake = true;
  let fuel = 100;
  const lights = { beacon: false, strobe: false, landing: false, taxi: false, nav: false };

  const push = () => {
    const agl = Math.max(0, msl - elevation);
    frames.push({
      timeMs: t,
      position: { latitudeDeg: pos.latitudeDeg, longitudeDeg: pos.longitudeDeg, altitudeFtMsl: msl, altitudeFtAgl: agl },
      groundSpeedKts: gs,
      indicatedAirspeedKts: gs,
      trueAirspeedKts: gs,
      verticalSpeedFpm: vs,
      headingDegTrue: heading,
      pitchDeg: onGround ? 0 : vs > 0 ? 7 : -2,
      bankDeg: 0,
      gForce: 1,
      isOnGround: onGround,
      ...(mainsOnGround === undefined ? {} : { isMainGearOnGround: mainsOnGround }),
      gearDownRatio: o.gearDownRatio ?? 1,
      flapsRatio: 0,
      spoilersRatio: 0,
      enginesRunning: [...engines],
      lights: { ...lights },
      fuelKg: fuel,
      simulationRate: 1,
      isPaused: false,
      isParkingBrakeSet: brake,
      transponder: '7000',
      isSeatBeltSignOn: false,
      aircraftTitle: 'Cessna 172P Skyhawk',
      aircraftIcao: 'C172',
    });
    t += 1000;
    if (engines[0]) fuel = Math.max(0, fuel - 27 / 3600);
  };
  // A real level flight's vertical speed wanders by a few tens of fpm around 0.
  const levelVs = () => Math.round(25 * Math.sin(t / 4000));
  const move = (track: number, kts: number) => {
    pos = destinationPoint(pos, track, kts / 3600);
  };

  // Gate: beacon and nav, engine start, brake off.
  for (let i = 0; i < 60; i += 1) {
    if (i === 10) lights.beacon = lights.nav = true;
    if (i === 20) engines = [true];
    if (i === 50) brake = false;
    push();
  }
  // Taxi to the runway end (0.15 NM), then line up.
  mark('taxiOut');
  gs = 10;
  while (distanceNm(pos, end) > 0.01) {
    heading = initialBearingDeg(pos, end);
    move(heading, gs);
    push();
  }
  heading = end.headingDegTrue;

  o.legs.forEach((leg, index) => {
    if (onGround) {
      // Take-off roll and rotation at 55 kts.
      mark(`takeoff${index}`);
      lights.landing = lights.strobe = o.strobe ?? true;
      while (gs < 55) {
        gs = Math.min(55, gs + 3);
        move(heading, gs);
        push();
      }
      onGround = false;
      if (mainsOnGround !== undefined) mainsOnGround = false;
    }
    // Climb out along the runway heading, level off, fly out.
    mark(`out${index}`);
    const outbound = normalizeHeadingDeg(end.headingDegTrue);
    while (distanceNm(pos, o.airport.position) < leg.outNm) {
      heading = turnToward(heading, outbound);
      const climbing = msl < leg.levelFtMsl;
      gs = climbing ? 75 : CRUISE_KTS;
      msl = Math.min(leg.levelFtMsl, msl + (climbing ? CLIMB_FPM : 0) / 60);
      vs = climbing ? CLIMB_FPM : levelVs();
      move(heading, gs);
      push();
    }
    // Turn back towards the final approach fix of the reciprocal runway, level.
    mark(`back${index}`);
    const threshold = destinationPoint(opposite, opposite.headingDegTrue, (opposite.displacedThresholdFt ?? 0) / FEET_PER_NM);
    const aim = destinationPoint(threshold, opposite.headingDegTrue, 1000 / FEET_PER_NM);
    const faf = destinationPoint(aim, opposite.headingDegTrue + 180, o.finalNm ?? 5);
    while (distanceNm(pos, faf) > 0.2) {
      heading = turnToward(heading, initialBearingDeg(pos, faf));
      vs = levelVs();
      gs = CRUISE_KTS;
      move(heading, gs);
      push();
    }
    // Final: a straight descent to the aim point.
    mark(`final${index}`);
    const startFt = msl;
    gs = APPROACH_KTS;
    const steps = Math.round(distanceNm(pos, aim) / (gs / 3600));
    let goneAround = false;
    for (let i = 1; i < steps; i += 1) {
      heading = turnToward(heading, initialBearingDeg(pos, aim));
      move(heading, gs);
      const target = elevation + (startFt - elevation) * (1 - i / steps);
      vs = Math.round((target - msl) * 60);
      msl = target;
      if (leg.ending === 'goAround' && msl - elevation < 400) {
        goneAround = true;
        break;
      }
      push();
    }
    if (!goneAround) pos = aim;
    if (goneAround) {
      mark(`goAround${index}`);
      // Climb away straight ahead; the next leg flies out from here along the reciprocal.
      for (let i = 0; i < 60; i += 1) {
        vs = CLIMB_FPM;
        gs = 75;
        msl += vs / 60;
        move(heading, gs);
        push();
      }
      [end, opposite] = [opposite, end];
      return;
    }
    // Touchdown: the mains first (when the connector reports them), then the aggregate flag.
    mark(`touchdown${index}`);
    msl = elevation;
    vs = touchdownVs;
    if (lead > 0) {
      mainsOnGround = true;
      for (let i = 0; i < lead; i += 1) {
        push();
        move(heading, gs);
        vs = o.noseVsFpm ?? -85;
      }
    }
    onGround = true;
    mark(`onGround${index}`);
    if (leg.ending === 'touchAndGo') {
      for (let i = 0; i < 8; i += 1) {
        vs = 0;
        move(heading, gs);
        push();
      }
      onGround = false;
      if (mainsOnGround !== undefined) mainsOnGround = false;
      [end, opposite] = [opposite, end];
      return;
    }
    // Roll-out, taxi off, stop, engine off.
    while (gs > 10) {
      gs = Math.max(10, gs - 3);
      vs = 0;
      move(heading, gs);
      push();
    }
    for (let i = 0; i < 40; i += 1) {
      move(heading, gs);
      push();
    }
    gs = 0;
    lights.landing = lights.strobe = false;
    brake = true;
    push();
    for (let i = 0; i < 20; i += 1) push();
    engines = [false];
    mark('engineOff');
    for (let i = 0; i < 30; i += 1) push();
  });
  return { frames, marks };
};
