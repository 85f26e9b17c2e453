import { createSimulatedFlight } from '@contrail/sim/simulated-flight';
import { a320, b77w, c172 } from '/work/main/packages/sim/test/fixtures';
const [dep, arr, ac, level, rate] = JSON.parse(process.argv[2]);
const aircraft = ({ a320, b77w, c172 } as any)[ac];
const flight = createSimulatedFlight({ departure: dep, arrival: arr, aircraft, cruiseLevelFt: level, startTimeMs: 0, touchdownRateFpm: rate }, { boardingSeconds: 0, deboardingSeconds: 0 });
const every = Number(process.argv[3] ?? 60);
let i = 0;
while (!flight.isFinished && flight.elapsedSeconds < Number(process.argv[4] ?? 20000)) {
  const f = flight.next()!;
  if (i++ % every === 0) console.log(i, flight.phase, f.position.latitudeDeg.toFixed(4), f.position.longitudeDeg.toFixed(4), Math.round(f.position.altitudeFtMsl), Math.round(f.position.altitudeFtAgl), 'gs', Math.round(f.groundSpeedKts), 'ias', Math.round(f.indicatedAirspeedKts), 'vs', Math.round(f.verticalSpeedFpm), 'hdg', Math.round(f.headingDegTrue), 'b', f.bankDeg.toFixed(1), 'gear', f.gearDownRatio.toFixed(2), 'fl', f.flapsRatio.toFixed(2), 'fuel', Math.round(f.fuelKg));
}
for (const e of flight.events) console.log(Math.round(e.elapsedSeconds), JSON.stringify({...e, elapsedSeconds: undefined, timeMs: undefined}));
