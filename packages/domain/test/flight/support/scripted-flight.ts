import { destinationPoint, distanceNm, initialBearingDeg, normalizeHeadingDeg, type LatLon } from '../../../src/geo/great-circle';
import type { TFlightAirport, TFlightAircraft } from '../../../src/flight/flight-plan-input';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';

/**
 * A small scripted flight for golden tests: a kinematic model (no physics) that flies gate to gate
 * with a realistic procedure (engines, lights, pushback, taxi, take-off, climb, cruise, descent, a
 * 3-degree final onto a real runway, roll-out, taxi-in, shutdown), one frame per second. Options
 * add a go-around, a bounce, a diversion; tests inject other faults by editing the frames.
 */
export type ScriptOptions = {
  departure: TFlightAirport;
  departureRunway: string;
  arrival: TFlightAirport;
  arrivalRunway: string;
  aircraft: TFlightAircraft;
  cruiseFt: number;
  startTimeMs?: number;
  /** Vertical speed at touchdown, fpm (negative). */
  touchdownVsFpm?: number;
  fuelKg?: number;
  goAround?: boolean;
  bounce?: boolean;
  /** Touch down, roll 10 s, take off again, fly a circuit and land. */
  touchAndGo?: boolean;
  divert?: { afterNm: number; airport: TFlightAirport; runway: string };
  /** Seat-belt sign state for the whole flight (default on). */
  seatBeltSign?: boolean;
  /** Seconds at the gate before the pushback. */
  gateSeconds?: number;
};

export type ScriptedFlight = { frames: TTelemetryFrame[]; marks: Record<string, number> };

const FAF_NM = 10;
const GLIDE_FT_PER_NM = 318;

type RunwayEnd = { latitudeDeg: number; longitudeDeg: number; headingDegTrue: number; displacedThresholdFt?: number };

const runwayEnd = (airport: TFlightAirport, ident: string): RunwayEnd => {
  for (const runway of airport.runways ?? []) for (const end of runway.ends) if (end.ident === ident) return end;
  throw new Error(`no runway ${ident} at ${airport.ident}`);
};

const turnToward = (heading: number, target: number, maxDeg: number): number => {
  let d = normalizeHeadingDeg(target - heading);
  if (d > 180) d -= 360;
  return normalizeHeadingDeg(heading + Math.max(-maxDeg, Math.min(maxDeg, d)));
};

export const scriptFlight = (o: ScriptOptions): ScriptedFlight => {
  const frames: TTelemetryFrame[] = [];
  const marks: Record<string, number> = {};
  const mark = (name: string) => {
    if (marks[name] === undefined) marks[name] = frames.length;
  };
  const depEnd = runwayEnd(o.departure, o.departureRunway);
  let arrival = o.arrival;
  let arrEnd = runwayEnd(arrival, o.arrivalRunway);
  const fafOf = (end: RunwayEnd) => destinationPoint(end, end.headingDegTrue + 180, FAF_NM);
  let faf = fafOf(arrEnd);
  const touchdownVs = o.touchdownVsFpm ?? -150;
  const seatBelt = o.seatBeltSign ?? true;

  let t = o.startTimeMs ?? Date.UTC(2025, 5, 1, 8, 0, 0);
  // Stand: 0.4 NM beside the departure threshold.
  let pos: LatLon = destinationPoint(depEnd, depEnd.headingDegTrue + 90, 0.4);
  let msl = o.departure.position.elevationFt;
  // Nose towards the runway, so the pushback moves away from it and the taxi goes straight there.
  let heading = normalizeHeadingDeg(depEnd.headingDegTrue - 90);
  let gs = 0;
  let ias = 0;
  let vs = 0;
  let onGround = true;
  let fuel = o.fuelKg ?? o.aircraft.fuelBurnKgPerHour * 3 + 2000;
  let engines = [false, false];
  const lights = { beacon: false, strobe: false, landing: false, taxi: false, nav: true };
  let gear = 1;
  let flaps = 0;
  let brake = true;
  let pitch = 0;
  let gForce = 1;
  let phase = 'gate';
  let phaseStart = 0; // seconds since start of phase
  let flownNm = 0;
  let waypoints: { point: LatLon; altitudeFt: number }[] = [];
  let hasGoneAround = false;
  let hasTouchedAndGone = !o.touchAndGo;
  let bounceState: 'none' | 'up' | 'done' = o.bounce ? 'none' : 'done';
  let done = false;
  let isTouchdownFrame = false;
  const gateSeconds = o.gateSeconds ?? 180;

  const elevationHere = () =>
    distanceNm(pos, arrival.position) < distanceNm(pos, o.departure.position) ? arrival.position.elevationFt : o.departure.position.elevationFt;
  const setPhase = (p: string) => {
    phase = p;
    phaseStart = 0;
  };
  const burn = (factor: number) => {
    fuel = Math.max(0, fuel - (o.aircraft.fuelBurnKgPerHour * factor) / 3600);
  };
  const tasFor = (iasKts: number) => iasKts * (1 + (msl / 1000) * 0.02);
  const move = (trackDeg: number, speedKts: number) => {
    const nm = speedKts / 3600;
    pos = destinationPoint(pos, trackDeg, nm);
    flownNm += nm;
  };

  for (let second = 0; !done && second < 40 * 3600; second += 1) {
    phaseStart += 1;
    gForce = 1;
    isTouchdownFrame = false;
    switch (phase) {
      case 'gate':
        if (phaseStart === gateSeconds - 80) lights.beacon = true;
        if (phaseStart === gateSeconds - 60) engines = [true, false];
        if (phaseStart === gateSeconds - 40) engines = [true, true];
        burn(0.05);
        if (phaseStart >= gateSeconds) {
          brake = false;
          setPhase('pushback');
        }
        break;
      case 'pushback':
        gs = 2;
        move(heading + 180, gs);
        burn(0.1);
        if (phaseStart >= 30) {
          gs = 0;
          setPhase('taxi');
          lights.taxi = true;
          flaps = 0.25;
        }
        break;
      case 'taxi': {
        const d = distanceNm(pos, depEnd);
        heading = turnToward(heading, initialBearingDeg(pos, depEnd), 10);
        gs = Math.min(15, d * 3600);
        move(initialBearingDeg(pos, depEnd), gs);
        burn(0.15);
        if (d < 0.01) {
          gs = 0;
          setPhase('lineup');
        }
        break;
      }
      case 'lineup':
        heading = depEnd.headingDegTrue;
        lights.strobe = true;
        lights.landing = true;
        lights.taxi = false;
        burn(0.15);
        if (phaseStart >= 20) setPhase('roll');
        break;
      case 'roll':
        mark('takeoffRoll');
        gs += 3;
        ias = gs;
        move(heading, gs);
        burn(1.5);
        if (ias >= 150) {
          onGround = false;
          vs = 1500;
          pitch = 12;
          mark('liftoff');
          waypoints = [{ point: faf, altitudeFt: arrival.position.elevationFt + 3000 }];
          setPhase('climb');
        }
        break;
      case 'climb':
      case 'cruise':
      case 'descent':
      case 'missed': {
        const agl = msl - elevationHere();
        if (agl > 100) gear = 0;
        if (agl > 1500) flaps = 0;
        const target = waypoints[0]!;
        const toTarget = distanceNm(pos, target.point);
        if (o.divert && phase === 'cruise' && flownNm >= o.divert.afterNm && arrival !== o.divert.airport) {
          mark('divert');
          arrival = o.divert.airport;
          arrEnd = runwayEnd(arrival, o.divert.runway);
          faf = fafOf(arrEnd);
          waypoints = [{ point: faf, altitudeFt: arrival.position.elevationFt + 3000 }];
          break;
        }
        const bearing = initialBearingDeg(pos, target.point);
        const before = heading;
        heading = turnToward(heading, bearing, 3);
        const bank = Math.abs(normalizeHeadingDeg(heading - before + 180) - 180) > 0.5 ? 20 : 0;
        const fafFloor = arrival.position.elevationFt + 3000;
        if (phase === 'climb') {
          vs = msl < 10_000 ? 2000 : 1500;
          ias = msl < 10_000 ? 245 : 290;
          pitch = 8;
          if (msl >= o.cruiseFt) {
            msl = o.cruiseFt;
            vs = 0;
            setPhase('cruise');
          }
          if (toTarget <= (msl - fafFloor) / 300 + 5 && msl > fafFloor + 2000 && second > 0 && toTarget < 200) {
            setPhase('descent');
          }
          burn(1.5);
        } else if (phase === 'cruise') {
          vs = 0;
          pitch = 2;
          ias = msl < 10_000 ? 245 : 290;
          if (toTarget <= (msl - fafFloor) / 300) setPhase('descent');
          burn(1);
        } else if (phase === 'descent') {
          ias = msl < 10_500 ? 245 : 290;
          const wanted = fafFloor + toTarget * 300;
          vs = msl > wanted ? -Math.min(3000, Math.max(800, (tasFor(ias) / 60) * 320)) : msl > fafFloor + 50 ? -800 : 0;
          if (msl <= fafFloor) {
            msl = fafFloor;
            vs = 0;
          }
          pitch = -1;
          burn(0.4);
        } else {
          // missed approach: climb to the circuit altitude
          ias = 180;
          vs = msl < fafFloor ? 1500 : 0;
          if (msl >= fafFloor) msl = fafFloor;
          pitch = vs > 0 ? 10 : 2;
          burn(1);
        }
        lights.landing = msl < 10_000;
        msl += vs / 60;
        gs = tasFor(ias);
        move(heading, gs);
        if (toTarget < 0.5) {
          waypoints.shift();
          if (waypoints.length === 0) {
            heading = arrEnd.headingDegTrue;
            gear = 1;
            flaps = 0.5;
            setPhase('final');
          }
        }
        if (bank) gForce = 1.05;
        break;
      }
      case 'final': {
        mark('final');
        const toThreshold = distanceNm(pos, arrEnd);
        const bearing = initialBearingDeg(pos, arrEnd);
        const ahead = Math.abs(normalizeHeadingDeg(bearing - arrEnd.headingDegTrue + 180) - 180) < 90;
        const along = ahead ? toThreshold : -toThreshold;
        const elev = arrival.position.elevationFt;
        const agl = msl - elev;
        ias = 140;
        gs = tasFor(ias);
        flaps = toThreshold < 5 ? 1 : 0.5;
        gear = 1;
        pitch = 3;
        lights.landing = true;
        if (o.goAround && !hasGoneAround && agl <= 200) {
          hasGoneAround = true;
          mark('goAround');
          const outbound = destinationPoint(arrEnd, arrEnd.headingDegTrue, 8);
          waypoints = [
            { point: outbound, altitudeFt: elev + 3000 },
            { point: destinationPoint(arrEnd, arrEnd.headingDegTrue + 180, 16), altitudeFt: elev + 3000 },
            { point: faf, altitudeFt: elev + 3000 },
          ];
          vs = 1500;
          pitch = 12;
          setPhase('missed');
          msl += vs / 60;
          move(arrEnd.headingDegTrue, gs);
          break;
        }
        const aimNm = (arrEnd.displacedThresholdFt ?? 0) / 6076 + 0.16; // aim 1,000 ft past the landing threshold
        const glideMsl = elev + Math.max(0, along + aimNm) * GLIDE_FT_PER_NM;
        if (agl > 20) {
          vs = ((glideMsl - msl) * 60) / 4 - (gs / 60) * GLIDE_FT_PER_NM;
          vs = Math.max(-1200, Math.min(0, vs));
        } else {
          // Flare: reach the ground in about 3 s, never slower than the wanted touchdown rate.
          vs = -Math.max(Math.abs(touchdownVs), (agl * 60) / 3);
          pitch = 4;
        }
        msl += vs / 60;
        heading = turnToward(heading, along > 0.2 ? bearing : arrEnd.headingDegTrue, 3);
        move(heading, gs);
        burn(0.5);
        if (msl <= elev) {
          msl = elev;
          onGround = true;
          gForce = 1 + Math.abs(touchdownVs) / 1000;
          mark('touchdown');
          isTouchdownFrame = true;
          marks.lastTouchdown = frames.length;
          if (!hasTouchedAndGone) {
            hasTouchedAndGone = true;
            mark('touchAndGo');
            setPhase('touchAndGo');
          } else if (bounceState === 'none') {
            bounceState = 'up';
            setPhase('bounce');
          } else setPhase('rollout');
        }
        break;
      }
      case 'touchAndGo': {
        vs = 0;
        move(heading, gs);
        if (phaseStart >= 10) {
          const elev = arrival.position.elevationFt;
          onGround = false;
          vs = 1500;
          msl += vs / 60;
          pitch = 10;
          flaps = 0.5;
          waypoints = [
            { point: destinationPoint(arrEnd, arrEnd.headingDegTrue, 8), altitudeFt: elev + 3000 },
            { point: destinationPoint(arrEnd, arrEnd.headingDegTrue + 180, 16), altitudeFt: elev + 3000 },
            { point: faf, altitudeFt: elev + 3000 },
          ];
          setPhase('missed');
        }
        break;
      }
      case 'bounce':
        // One second on the ground, then three seconds airborne to about 10 ft, then down again.
        move(heading, gs);
        if (phaseStart === 2) {
          onGround = false;
          vs = 300;
          mark('bounceLiftoff');
        }
        if (phaseStart > 2 && phaseStart <= 4) msl += 300 / 60;
        if (phaseStart === 4) vs = -200;
        if (phaseStart > 4) {
          msl += vs / 60;
          if (msl <= arrival.position.elevationFt + 0.5 || phaseStart > 8) {
            msl = arrival.position.elevationFt;
            onGround = true;
            vs = 0;
            gForce = 1.1;
            bounceState = 'done';
            setPhase('rollout');
          }
        }
        break;
      case 'rollout':
        vs = 0;
        pitch = 0;
        gs = Math.max(20, gs - 3);
        ias = gs;
        move(heading, gs);
        flaps = gs < 60 ? 0 : flaps;
        lights.landing = gs > 60;
        burn(0.3);
        if (gs <= 20) {
          lights.strobe = false;
          lights.taxi = true;
          setPhase('taxiIn');
        }
        break;
      case 'taxiIn':
        heading = turnToward(heading, arrEnd.headingDegTrue + 90, 5);
        gs = phaseStart < 90 ? 15 : 0;
        ias = 0;
        if (gs > 0) move(heading, gs);
        burn(0.15);
        if (gs === 0) {
          brake = true;
          mark('blockOn');
          setPhase('shutdown');
        }
        break;
      case 'shutdown':
        gs = 0;
        if (phaseStart === 30) engines = [false, false];
        if (phaseStart === 60) lights.beacon = false;
        if (phaseStart >= 60 + 360) done = true;
        break;
      default:
        throw new Error(phase);
    }
    const agl = Math.max(0, msl - elevationHere());
    frames.push({
      timeMs: t,
      position: { latitudeDeg: pos.latitudeDeg, longitudeDeg: pos.longitudeDeg, altitudeFtMsl: msl, altitudeFtAgl: onGround ? 0 : agl },
      groundSpeedKts: gs,
      indicatedAirspeedKts: ias,
      trueAirspeedKts: onGround ? gs : tasFor(ias),
      verticalSpeedFpm: onGround && !isTouchdownFrame ? 0 : vs,
      headingDegTrue: heading,
      pitchDeg: pitch,
      bankDeg: 0,
      gForce,
      isOnGround: onGround,
      gearDownRatio: gear,
      flapsRatio: flaps,
      spoilersRatio: 0,
      enginesRunning: [...engines],
      lights: { ...lights },
      fuelKg: fuel,
      simulationRate: 1,
      isPaused: false,
      isParkingBrakeSet: brake,
      transponder: '2000',
      isSeatBeltSignOn: seatBelt,
      aircraftTitle: 'Scripted',
      aircraftIcao: o.aircraft.icao,
    });
    t += 1000;
  }
  return { frames, marks };
};
