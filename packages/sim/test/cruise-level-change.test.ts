import { describe, expect, it } from 'vitest';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { createSimulatedFlight, type TSimulatedFlight } from '../src/simulated-flight';
import { longHaul, shortHop } from './fixtures';
import { maxOf, touchdownIndexes } from './frame-helpers';

/** Flies to the end; `pilot` is called before every step and may act on the flight. */
const flyWith = (flight: TSimulatedFlight, pilot: (flight: TSimulatedFlight, frames: TTelemetryFrame[]) => void) => {
  const frames: TTelemetryFrame[] = [flight.snapshot()];
  while (!flight.isFinished) {
    pilot(flight, frames);
    const frame = flight.next();
    if (frame) frames.push(frame);
  }
  return frames;
};

/** Calls `action` once, the first time the flight has spent `seconds` in `phase`. */
const once = (phase: TSimulatedFlight['phase'], seconds: number, action: (flight: TSimulatedFlight) => void) => {
  let cruiseSeconds = 0;
  let isDone = false;
  return (flight: TSimulatedFlight) => {
    if (isDone || flight.phase !== phase) return;
    cruiseSeconds += 1;
    if (cruiseSeconds >= seconds) {
      isDone = true;
      action(flight);
    }
  };
};

const maxAltitudeFt = (frames: TTelemetryFrame[]) => maxOf(frames.map((frame) => frame.position.altitudeFtMsl));

describe('a new cruise level asked for by the pilot', () => {
  it('in cruise, a higher level is a new climb to it, then cruise again, and the flight lands', () => {
    const flight = createSimulatedFlight(longHaul());
    let levelFt: number | null = null;
    const frames = flyWith(
      flight,
      once('cruise', 600, (f) => {
        levelFt = f.changeCruiseLevel(39_000);
      }),
    );
    expect(levelFt).toBe(39_000);
    const changed = flight.events.find((event) => event.kind === 'cruiseLevelChanged');
    expect(changed).toMatchObject({ levelFt: 39_000 });
    const phasesAfter = flight.events.filter((event) => event.kind === 'phaseChanged' && event.elapsedSeconds >= changed!.elapsedSeconds);
    expect(phasesAfter.slice(0, 2).map((event) => (event.kind === 'phaseChanged' ? event.phase : null))).toEqual(['climb', 'cruise']);
    expect(maxAltitudeFt(frames)).toBeGreaterThan(38_900);
    expect(maxAltitudeFt(frames)).toBeLessThan(39_200);
    expect(touchdownIndexes(frames)).toHaveLength(1);
  });

  it('in cruise, a lower level is flown down to and held until the descent', () => {
    const flight = createSimulatedFlight(longHaul());
    let changedAtS = 0;
    const frames = flyWith(
      flight,
      once('cruise', 600, (f) => {
        changedAtS = f.elapsedSeconds;
        f.changeCruiseLevel(31_000);
      }),
    );
    // Half an hour later the aircraft is level at the new cruise level.
    const later = frames.find((frame) => frame.timeMs >= frames[0]!.timeMs + (changedAtS + 1_800) * 1_000)!;
    expect(Math.abs(later.position.altitudeFtMsl - 31_000)).toBeLessThan(100);
    expect(touchdownIndexes(frames)).toHaveLength(1);
  });

  it('at the gate, the new level replaces the planned one', () => {
    const flight = createSimulatedFlight(shortHop({ cruiseLevelFt: 24_000 }));
    expect(flight.changeCruiseLevel(18_000)).toBe(18_000);
    const frames = flyWith(flight, () => {});
    expect(maxAltitudeFt(frames)).toBeGreaterThan(17_900);
    expect(maxAltitudeFt(frames)).toBeLessThan(18_200);
  });

  it('is kept after a diversion', () => {
    const flight = createSimulatedFlight(longHaul({ diversion: longHaul().departure }));
    const frames = flyWith(
      flight,
      once('cruise', 300, (f) => {
        f.changeCruiseLevel(37_000);
        f.inject({ kind: 'diversion' });
      }),
    );
    expect(maxAltitudeFt(frames)).toBeGreaterThan(36_900);
    expect(flight.destinationIdent).toBe(longHaul().departure.ident);
  });

  it('stays under the aircraft ceiling and is refused once on the approach', () => {
    const flight = createSimulatedFlight(shortHop());
    const ceilingLevelFt = flight.changeCruiseLevel(60_000);
    expect(ceilingLevelFt).not.toBeNull();
    expect(ceilingLevelFt!).toBeLessThan(60_000);
    let onApproach: number | null | undefined;
    flyWith(
      flight,
      once('approach', 5, (f) => {
        onApproach = f.changeCruiseLevel(10_000);
      }),
    );
    expect(onApproach).toBeNull();
    expect(flight.events.filter((event) => event.kind === 'cruiseLevelChanged')).toHaveLength(1);
  });
});
