import { describe, expect, it } from 'vitest';
import type { TFlightAircraft } from '../../src/flight/flight-plan-input';
import { EGKK } from './support/fixtures';
import { eventsOf, runEngine } from './support/run-engine';
import { scriptCircuit } from './support/scripted-circuit';

const C172: TFlightAircraft = { icao: 'C172', category: 'SMALL_HAUL', cruiseSpeedKts: 124, fuelBurnKgPerHour: 27, fuelCapacityKg: 144, engineCount: 1 };
const local = { departure: EGKK, arrival: EGKK, cruiseLevelFt: 3000, aircraft: C172 };
const { frames } = scriptCircuit({ airport: EGKK, runway: '26L', legs: [{ outNm: 12, levelFtMsl: 3000 }] });

describe('a flight that starts at a simulation rate other than 1 (issue 14)', () => {
  it('logs the steady rate once, from the first frame, compared with real time', () => {
    const { outcome } = runEngine(local, frames.map((frame) => ({ ...frame, simulationRate: 2 })));
    const changes = eventsOf(outcome, 'SIMULATION_RATE_CHANGED');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toEqual({ fromRate: 1, toRate: 2, isOnGround: true });
    expect(changes[0]?.createdAtMs).toBe(frames[0]?.timeMs);
    expect(outcome.integrity.maxSimulationRate).toBe(2);
  });

  it('logs nothing for a flight flown at real time throughout', () => {
    const { outcome } = runEngine(local, frames);
    expect(frames.every((frame) => frame.simulationRate === 1)).toBe(true);
    expect(eventsOf(outcome, 'SIMULATION_RATE_CHANGED')).toEqual([]);
  });

  it('a flight started at 2x and brought back to 1x logs both changes', () => {
    const half = Math.floor(frames.length / 2);
    const { outcome } = runEngine(local, frames.map((frame, index) => ({ ...frame, simulationRate: index < half ? 2 : 1 })));
    expect(eventsOf(outcome, 'SIMULATION_RATE_CHANGED').map((event) => [event.data.fromRate, event.data.toRate])).toEqual([[1, 2], [2, 1]]);
  });
});
