import { describe, expect, it } from 'vitest';
import { UPLINK_MAX_BATCH, ZFrameBatch } from '@contrail/domain/live/uplink-contract';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { readFrameBatch, readTelemetryFrame } from '../../src/modules/flight/frame-reader';
import { shortHopFrames } from './support/flight-kit';

/** Same verdict as ZTelemetryFrame, and on success the same object, keys in the same order. */
const expectSameAsZod = (raw: unknown) => {
  const quick = readTelemetryFrame(raw);
  const zod = ZTelemetryFrame.safeParse(raw);
  expect(quick.success, JSON.stringify(raw)).toBe(zod.success);
  if (quick.success && zod.success) {
    expect(quick.data).toStrictEqual(zod.data);
    expect(JSON.stringify(quick.data)).toBe(JSON.stringify(zod.data));
  } else {
    expect(quick.error?.issues).toEqual(zod.error?.issues);
  }
};

const odd: unknown[] = [
  undefined, null, true, false, 0, -0, 1, -1, 0.5, 2 ** 53, -(2 ** 53), Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  '', '1', '7000', 'x'.repeat(9), 'x'.repeat(201), '😀'.repeat(5), [], [true], {}, { a: 1 }, new Date(0),
];
const boundaries = [-100_000, -30_001, -30_000, -2001, -2000, -181, -180, -91, -90, -10.5, -10, -0.001, 1.001, 1, 8, 15, 15.1, 90, 90.5, 128, 129, 180, 181, 360, 361, 1500, 1501, 2000, 2001, 30_000, 30_001, 100_000, 100_001, 500_000, 500_001];

const setAt = (frame: Record<string, unknown>, path: string[], value: unknown, remove: boolean) => {
  const copy = structuredClone(frame);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (remove) delete target[path.at(-1)!];
  else target[path.at(-1)!] = value;
  return copy;
};

const pathsOf = (value: Record<string, unknown>, prefix: string[] = []): string[][] =>
  Object.entries(value).flatMap(([key, inner]) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? [[...prefix, key], ...pathsOf(inner as Record<string, unknown>, [...prefix, key])] : [[...prefix, key]],
  );

describe('the uplink frame reader', () => {
  const frames = shortHopFrames(Date.UTC(2026, 0, 15, 8));

  it('accepts every frame of a whole flight as ZTelemetryFrame gives it back', () => {
    for (const frame of frames) expectSameAsZod(JSON.parse(JSON.stringify(frame)));
    expectSameAsZod({ ...frames[0], isMainGearOnGround: true, touchdownVerticalSpeedFpm: -294.5 });
    expectSameAsZod({ ...frames[0], touchdownVerticalSpeedFpm: -120 });
    expectSameAsZod({ ...frames[0], isMainGearOnGround: undefined, touchdownVerticalSpeedFpm: undefined });
    expectSameAsZod({ ...frames[0], extra: 1, position: { ...frames[0]!.position, extra: 'x' }, lights: { ...frames[0]!.lights, extra: true } });
    expectSameAsZod({ ...frames[0], enginesRunning: Array.from({ length: 8 }, () => true) });
  });

  it('says the same as ZTelemetryFrame on every field set to an odd value, to either side of its bounds, or removed', () => {
    const base = { ...(JSON.parse(JSON.stringify(frames[200])) as Record<string, unknown>), isMainGearOnGround: false, touchdownVerticalSpeedFpm: -100 };
    const paths = [...pathsOf(base), ['enginesRunning', '0'], ['enginesRunning', '8']];
    let checked = 0;
    for (const path of paths) {
      for (const value of [...odd, ...boundaries]) {
        expectSameAsZod(setAt(base, path, value, false));
        checked += 1;
      }
      expectSameAsZod(setAt(base, path, undefined, true));
    }
    for (const raw of odd) expectSameAsZod(raw);
    expectSameAsZod(Object.assign(Object.create(null) as object, base));
    expect(checked).toBeGreaterThan(1000);
  });

  it("hands on a frame that already has the schema's keys in its order, and copies any other", () => {
    const wire = JSON.parse(JSON.stringify(frames[200])) as Record<string, unknown>;
    const asSent = readTelemetryFrame(wire);
    expect(asSent.success && asSent.data).toBe(wire);
    const withTouchdown = JSON.parse(JSON.stringify({ ...frames[200], isMainGearOnGround: true, touchdownVerticalSpeedFpm: -150 })) as Record<string, unknown>;
    // The spread put the optional keys last, out of the schema's order: a copy puts them in place.
    const reordered = readTelemetryFrame(withTouchdown);
    expect(reordered.success && reordered.data).not.toBe(withTouchdown);
    expectSameAsZod(withTouchdown);
    const { position, ...rest } = wire;
    for (const other of [{ position, ...rest }, { ...wire, extra: 1 }, { ...wire, lights: { nav: true, ...(wire.lights as object) } }]) {
      const read = readTelemetryFrame(other);
      expect(read.success).toBe(true);
      expect(read.success && read.data).not.toBe(other);
      expectSameAsZod(other);
    }
  });
});

describe('the uplink batch reader', () => {
  it('says the same as ZFrameBatch, and gives back the same frames', () => {
    class Batch {
      frames = [{ seq: 1 }];
    }
    const frames = (count: number) => Array.from({ length: count }, (_, i) => ({ seq: i + 1 }));
    const batches: unknown[] = [
      ...odd,
      { frames: frames(1) },
      { frames: frames(UPLINK_MAX_BATCH) },
      { frames: frames(UPLINK_MAX_BATCH + 1) },
      { frames: [] },
      { frames: new Array(3) },
      { frames: { length: 1, 0: { seq: 1 } } },
      { frames: frames(2), extra: true },
      { frame: frames(1) },
      Object.assign([frames(1)], { frames: frames(1) }),
      Object.assign(() => undefined, { frames: frames(1) }),
      Object.assign(Object.create(null) as object, { frames: frames(1) }),
      Object.assign(new Date(0), { frames: frames(1) }),
      new Batch(),
    ];
    batches.forEach((batch, index) => {
      const zod = ZFrameBatch.safeParse(batch);
      const quick = readFrameBatch(batch);
      expect(quick !== null, `batch ${index}`).toBe(zod.success);
      if (zod.success) expect(quick).toEqual(zod.data.frames);
    });
  });
});
