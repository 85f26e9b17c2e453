import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

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

/**
 * The frames the telemetry schema refuses, each with its first issue: one `safeParse` a frame and
 * one assertion for all, so a long haul's 30,000 frames stay cheap to check on a loaded machine.
 */
export const invalidFrames = (frames: readonly unknown[]) =>
  frames.flatMap((frame, index) => {
    const parsed = ZTelemetryFrame.safeParse(frame);
    return parsed.success ? [] : [{ index, issue: parsed.error.issues[0] }];
  });
