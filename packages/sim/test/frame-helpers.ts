import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/** Index of the first frame on the ground after having been airborne (the touchdown), from `from`. */
export const touchdownIndexes = (frames: readonly TTelemetryFrame[]): number[] => {
  const indexes: number[] = [];
  for (let i = 1; i < frames.length; i++) {
    if (frames[i]!.isOnGround && !frames[i - 1]!.isOnGround) indexes.push(i);
  }
  return indexes;
};

export const liftoffIndexes = (frames: readonly TTelemetryFrame[]): number[] => {
  const indexes: number[] = [];
  for (let i = 1; i < frames.length; i++) {
    if (!frames[i]!.isOnGround && frames[i - 1]!.isOnGround) indexes.push(i);
  }
  return indexes;
};

export const airborneFrames = (frames: readonly TTelemetryFrame[]) => frames.filter((f) => !f.isOnGround);

export const maxOf = (values: readonly number[]) => values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
