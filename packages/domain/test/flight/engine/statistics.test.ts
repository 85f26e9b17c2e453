import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/flight/engine/commands';
import { isReadyToEndFlight, livePositionOf, remainingNm, statisticsOf, updateProgress } from '../../../src/flight/engine/statistics';
import { outcomeOf } from '../../../src/flight/engine/outcome';
import { EGKK, LFPG } from '../support/fixtures';
import { airFrameAt, contextFor, frameAt, keysOf, newCall, setLast } from './support';

describe('statistics', () => {
  it('counts block time in simulated time and estimates the arrival above 40 kts', () => {
    const ctx = contextFor();
    setLast(ctx, airFrameAt(600, 24_000, { groundSpeedKts: 420 }));
    Object.assign(ctx.s, { blockOffTimeMs: frameAt(0).timeMs, blockOffSimMs: 0, simClockMs: 1_200_000, airborneSimMs: 900_000, airborneNm: 100 });
    const stats = statisticsOf(ctx);
    expect(stats.blockTimeSeconds).toBe(1_200);
    expect(stats.flightDurationSeconds).toBe(900);
    expect(stats.averageSpeedKts).toBe(400);
    expect(stats.remainingDistanceNm).toBe(Math.round(remainingNm(ctx)));
    expect(stats.estimatedTimeEnrouteMinutes).toBe(Math.round((remainingNm(ctx) / 420) * 60));
    setLast(ctx, frameAt(700, { groundSpeedKts: 20 }));
    expect(statisticsOf(ctx).estimatedTimeEnrouteMinutes).toBeNull();
  });

  it('keeps the progress from decreasing, and gives 100 only once landed at the arrival', () => {
    const ctx = contextFor();
    ctx.s.takeoffCount = 1;
    const half = airFrameAt(0, 24_000, { position: { latitudeDeg: 50.3, longitudeDeg: 1.2 } });
    setLast(ctx, half);
    updateProgress(ctx, half);
    const reached = ctx.s.maxProgressPercent;
    expect(reached).toBeGreaterThan(30);
    const back = airFrameAt(1, 24_000);
    setLast(ctx, back);
    updateProgress(ctx, back);
    expect(ctx.s.maxProgressPercent).toBe(reached);
    const over = airFrameAt(2, 2_000, { position: { latitudeDeg: LFPG.position.latitudeDeg, longitudeDeg: LFPG.position.longitudeDeg } });
    setLast(ctx, over);
    updateProgress(ctx, over);
    expect(ctx.s.maxProgressPercent).toBe(99);
  });

  it('shows the ground speed on the ground and the indicated airspeed in the air', () => {
    const ctx = contextFor();
    expect(livePositionOf(ctx)).toBeNull();
    ctx.s.step = 'taxi_out';
    setLast(ctx, frameAt(0, { groundSpeedKts: 12.4, indicatedAirspeedKts: 3 }));
    expect(livePositionOf(ctx)).toMatchObject({ displayedSpeedKind: 'groundSpeed', displayedSpeedKts: 12 });
    ctx.s.step = 'cruise';
    setLast(ctx, airFrameAt(1, 24_000));
    expect(livePositionOf(ctx)).toMatchObject({ displayedSpeedKind: 'indicatedAirspeed', displayedSpeedKts: 240 });
  });

  it('is ready to end only stopped at the arrival after a landing, or crashed', () => {
    const ctx = contextFor();
    expect(isReadyToEndFlight(ctx)).toBe(false);
    ctx.s.step = 'crashed';
    expect(isReadyToEndFlight(ctx)).toBe(true);
  });
});

describe('commands', () => {
  it('refuses cabin controls on a flight without PNC, and changes the cruise level of any flight', () => {
    const ctx = newCall(contextFor());
    expect(applyCommand(ctx, { type: 'SwitchIfe' })).toEqual({ accepted: false, rejection: 'NOT_PNC_FLIGHT' });
    expect(applyCommand(ctx, { type: 'UpdateCruiseLevel', cruiseLevelFt: 24_000 })).toEqual({ accepted: false, rejection: 'SAME_CRUISE_LEVEL' });
    expect(applyCommand(ctx, { type: 'UpdateCruiseLevel', cruiseLevelFt: 30_000 })).toEqual({ accepted: true, rejection: null });
    expect(ctx.s.plan.cruiseLevelFt).toBe(30_000);
    expect(keysOf(ctx)).toEqual(['CRUISE_LEVEL_CHANGED']);
  });

  it('diverts: a new arrival and distance, the progress reset, the diversion step in the air', () => {
    const ctx = newCall(contextFor());
    setLast(ctx, airFrameAt(0, 24_000));
    ctx.s.step = 'cruise';
    ctx.s.maxProgressPercent = 40;
    expect(applyCommand(ctx, { type: 'DivertFlight', arrival: EGKK })).toEqual({ accepted: true, rejection: null });
    expect(ctx.s.step).toBe('diversion');
    expect(ctx.s.maxProgressPercent).toBe(0);
    expect(ctx.s.originalArrival.ident).toBe('LFPG');
    expect(keysOf(ctx)).toEqual(['DIVERSION', 'FLIGHT_STEP_UPDATED']);
    expect(applyCommand(ctx, { type: 'DivertFlight', arrival: EGKK })).toEqual({ accepted: false, rejection: 'SAME_ARRIVAL' });
    const outcome = outcomeOf(ctx);
    expect(outcome).toMatchObject({ arrivalIdent: 'EGKK', originalArrivalIdent: 'LFPG', isDiverted: true, isArrived: false });
  });

  it('works the cabin of a PNC flight: the seat-belt sign, and no added departure time once off-block', () => {
    const ctx = newCall(contextFor({ isPNC: true, pax: { first: 0, business: 10, economy: 100 } }));
    expect(applyCommand(ctx, { type: 'SwitchSeatBeltSign' })).toEqual({ accepted: true, rejection: null });
    expect(ctx.s.cabin!.seatBelt).toBe(true);
    ctx.s.blockOffTimeMs = 1;
    expect(applyCommand(ctx, { type: 'AddTimeOnEstimateDepartureTime', minutes: 5 })).toEqual({ accepted: false, rejection: 'ALREADY_DEPARTED' });
    expect(ctx.out.cabinChanged).toBe(true);
  });
});
