import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSnapshotDue, SNAPSHOT_INTERVAL_FRAMES, snapshotPhaseOf } from '../../src/modules/flight/flight-runtime';

/** The sequences (one frame a batch) after which a flight writes its engine snapshot. */
const snapshotsOf = (flightId: string, lastSeq: number): number[] => {
  const phase = snapshotPhaseOf(flightId);
  let snapshotSeq = 0;
  const snapshots: number[] = [];
  for (let seq = 1; seq <= lastSeq; seq += 1) {
    if (!isSnapshotDue(phase, snapshotSeq, seq)) continue;
    snapshots.push(seq);
    snapshotSeq = seq;
  }
  return snapshots;
};

describe('the snapshot cadence', () => {
  // 200 flights that started together: a group event, or every flight of a benchmark.
  const flightIds = Array.from({ length: 200 }, () => randomUUID());

  it('writes one snapshot per interval and flight, the first within the first interval', () => {
    for (const flightId of flightIds) {
      const snapshots = snapshotsOf(flightId, 5 * SNAPSHOT_INTERVAL_FRAMES);
      expect(snapshots[0]).toBeLessThanOrEqual(SNAPSHOT_INTERVAL_FRAMES);
      expect(snapshots.length).toBeGreaterThanOrEqual(5);
      for (let i = 1; i < snapshots.length; i += 1) expect(snapshots[i]! - snapshots[i - 1]!).toBe(SNAPSHOT_INTERVAL_FRAMES);
    }
  });

  it('spreads flights that started together over the interval, from their first snapshot on', () => {
    const perTenFrames = new Map<number, number>();
    for (const flightId of flightIds) {
      for (const seq of snapshotsOf(flightId, 3 * SNAPSHOT_INTERVAL_FRAMES)) {
        const stretch = Math.floor((seq - 1) / 10);
        perTenFrames.set(stretch, (perTenFrames.get(stretch) ?? 0) + 1);
      }
    }
    // Evenly spread, about 27 flights in every ten frames; a shared first interval would put all 200 in a few stretches.
    expect(Math.max(...perTenFrames.values())).toBeLessThan(60);
    // Already in the first ten frames, some flights write theirs (about 27; none with a shared first interval).
    expect(perTenFrames.get(0) ?? 0).toBeGreaterThan(5);
  });
});
