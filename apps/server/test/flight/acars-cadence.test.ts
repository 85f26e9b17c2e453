import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACARS_QUIET_INTERVAL_MS, acarsPhaseOf, isQuietAcarsDue } from '../../src/modules/flight/flight-runtime';

/** The frame times (1 Hz, stamped by the clock as trackers do) at which a flight sends a quiet ACARS message. */
const quietSendsOf = (flightId: string, frameTimes: readonly number[]): number[] => {
  const phase = acarsPhaseOf(flightId);
  let last = 0;
  const sends: number[] = [];
  for (const time of frameTimes) {
    if (!isQuietAcarsDue(phase, last, time)) continue;
    sends.push(time);
    last = time;
  }
  return sends;
};

describe('the quiet ACARS cadence', () => {
  // 200 flights resumed after a restart: their trackers stamp the same seconds.
  const start = Date.UTC(2026, 10, 28, 9, 0, 0, 0);
  const frameTimes = Array.from({ length: 60 }, (_, i) => start + i * 1000);
  const flightIds = Array.from({ length: 200 }, () => randomUUID());

  it('sends one message per interval and flight, the first with the first frame', () => {
    for (const flightId of flightIds) {
      const sends = quietSendsOf(flightId, frameTimes);
      expect(sends[0]).toBe(start);
      // 60 s of frames: the first frame, then one per 5 s interval entered.
      expect(sends.length).toBeGreaterThanOrEqual(12);
      expect(sends.length).toBeLessThanOrEqual(13);
      for (let i = 2; i < sends.length; i += 1) expect(sends[i]! - sends[i - 1]!).toBe(ACARS_QUIET_INTERVAL_MS);
    }
  });

  it('spreads flights that share a clock over the interval instead of sending all in the same second', () => {
    const sendsPerSecond = new Map<number, number>();
    for (const flightId of flightIds) {
      for (const time of quietSendsOf(flightId, frameTimes).slice(1)) sendsPerSecond.set(time, (sendsPerSecond.get(time) ?? 0) + 1);
    }
    const busiest = Math.max(...sendsPerSecond.values());
    // Every flight sends once in each 5 s: evenly spread, 40 a second; all in phase would be 200.
    expect(busiest).toBeLessThan(80);
    expect(new Set([...sendsPerSecond.keys()].map((time) => ((time - start) / 1000) % 5)).size).toBe(5);
  });
});
