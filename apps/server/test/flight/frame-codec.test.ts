import { describe, expect, it } from 'vitest';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { decodeFrame, encodeFrame } from '../../src/modules/flight/frame-codec';
import { shortHopFrames } from './support/flight-kit';

describe('the stored frame form', () => {
  it('gives back every frame of a whole flight exactly, lights and engines included', () => {
    const frames = shortHopFrames(Date.UTC(2026, 0, 15, 8));
    for (const frame of frames) expect(decodeFrame(encodeFrame(frame))).toEqual(frame);
    const odd = ZTelemetryFrame.parse({
      ...frames[0],
      lights: { beacon: false, strobe: true, landing: false, taxi: true, nav: false },
      enginesRunning: [true, false, true, false],
      transponder: '7700',
      isPaused: true,
      aircraftTitle: 'A "quoted" \\ title',
    });
    expect(decodeFrame(encodeFrame(odd))).toEqual(odd);
    expect(encodeFrame(frames[100]!).length).toBeLessThan(JSON.stringify(frames[100]).length * 0.5);
  });

  it('keeps the optional main-gear contact and touchdown rate, and leaves them out when absent', () => {
    const [frame] = shortHopFrames(Date.UTC(2026, 0, 15, 8));
    const both = ZTelemetryFrame.parse({ ...frame, isMainGearOnGround: true, touchdownVerticalSpeedFpm: -294.5 });
    expect(decodeFrame(encodeFrame(both))).toEqual(both);
    const mainsOnly = ZTelemetryFrame.parse({ ...frame, isMainGearOnGround: false });
    expect(decodeFrame(encodeFrame(mainsOnly))).toEqual(mainsOnly);
    const rateOnly = ZTelemetryFrame.parse({ ...frame, touchdownVerticalSpeedFpm: -120 });
    expect(decodeFrame(encodeFrame(rateOnly))).toEqual(rateOnly);
    expect(decodeFrame(encodeFrame(frame!))).not.toHaveProperty('isMainGearOnGround');
    expect(encodeFrame(frame!)).toBe(encodeFrame(ZTelemetryFrame.parse(frame)));
  });

  it('refuses an unknown format', () => {
    expect(() => decodeFrame('[2,1]')).toThrow('unknown frame format 2');
  });
});
