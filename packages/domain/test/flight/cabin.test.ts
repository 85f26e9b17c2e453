import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors/app-error';
import type { FlightEngine } from '../../src/flight/flight-engine';
import type { PncData } from '../../src/flight/cabin-simulation';
import type { TEngineCommand } from '../../src/flight/flight-engine-types';
import { computeReward } from '../../src/rewards/compute-reward';
import { A320, EGLL, LFPG } from './support/fixtures';
import { eventsOf, feedEngine, runEngine } from './support/run-engine';
import { scriptFlight } from './support/scripted-flight';

const { frames } = scriptFlight({ departure: EGLL, departureRunway: '27L', arrival: LFPG, arrivalRunway: '26R', aircraft: A320, cruiseFt: 15_000 });
const normalPlan = { departure: EGLL, arrival: LFPG, cruiseLevelFt: 15_000, aircraft: A320 };
const reference = runEngine(normalPlan, frames).outcome;
/** Index of the frame at which `step` began in the reference flight. */
const stepIndex = (step: string) => frames.findIndex((f) => f.timeMs === reference.steps.find((s) => s.step === step)!.timeMs);
const t0 = frames[0]!.timeMs;
const blockOnMs = reference.statistics.blockOnTimeMs!;
const pax = { first: 8, business: 30, economy: 120 };

type Script = Record<number, TEngineCommand[]>;
const results: { index: number; command: TEngineCommand; accepted: boolean; rejection: string | null }[] = [];
const flyPnc = (script: Script, planOverrides: Record<string, unknown> = {}, editFrames = frames) => {
  results.length = 0;
  const at: Record<number, (engine: FlightEngine) => void> = {};
  for (const [index, commands] of Object.entries(script)) {
    at[Number(index)] = (engine) => {
      for (const command of commands) {
        const update = engine.cabinCommand(command);
        results.push({ index: Number(index), command, ...update.commandResult! });
      }
    };
  }
  return runEngine({ ...normalPlan, isPNC: true, pax, ...planOverrides }, editFrames, at);
};

/** The flight as the simulator sends it at `rate`: the same samples, 1/rate of the wall time apart. */
const atRate = (rate: number) =>
  frames.map((frame) => ({ ...frame, timeMs: t0 + Math.round((frame.timeMs - t0) / rate), simulationRate: rate }));

/** Flies a good crew's script and keeps the live cabin data after every frame. */
const flyCaring = (flightFrames: typeof frames) => {
  const cruise = stepIndex('cruise');
  const script: Script = {
    5: [{ type: 'SwitchSeatBeltSign' }, { type: 'LaunchAnnouncement', announcementType: 0 }],
    100: [{ type: 'LaunchAnnouncement', announcementType: 2 }],
    [cruise + 10]: [{ type: 'SwitchSeatBeltSign' }, { type: 'SwitchIfe' }, { type: 'LaunchAnnouncement', announcementType: 6 }],
    [cruise + 80]: [{ type: 'ServeFood', foodType: 1 }],
    [stepIndex('descent') + 5]: [{ type: 'SwitchSeatBeltSign' }, { type: 'LaunchAnnouncement', announcementType: 7 }],
    [stepIndex('taxi_in') + 2]: [{ type: 'LaunchAnnouncement', announcementType: 8 }],
  };
  const timeline: PncData[] = [];
  const at: Record<number, (engine: FlightEngine) => void> = {};
  const rejected: string[] = [];
  flightFrames.forEach((_, index) => {
    at[index] = (engine) => {
      for (const command of script[index] ?? []) {
        const result = engine.cabinCommand(command).commandResult!;
        if (!result.accepted) rejected.push(result.rejection ?? '');
      }
      timeline.push(engine.pncData()!);
    };
  });
  const { outcome } = runEngine({ ...normalPlan, isPNC: true, pax }, flightFrames, at);
  return { outcome, timeline, rejected, cruise };
};

const atOneX = flyCaring(frames);

describe.each([32, 64])('PNC cabin: the same good crew at simulation rate %i', (rate) => {
  const flownFrames = atRate(rate);
  const { outcome, timeline, rejected, cruise } = flyCaring(flownFrames);
  /** Simulated hours between two frames (the 1x timestamps are simulated time). */
  const hoursBetween = (from: number, to: number) => (frames[to]!.timeMs - frames[from]!.timeMs) / 3_600_000;

  it('counts the safety demonstration before take-off: announcements last their simulated duration', () => {
    expect(rejected).toEqual([]);
    expect(outcome.cabin!.incidents.map((incident) => incident.key)).not.toContain('TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION');
    expect(outcome.cabin!.incidents).toEqual([]);
    expect(eventsOf(outcome, 'ANNOUNCEMENT_ENDED').map((e) => e.data.type)).toEqual([0, 2, 6, 7, 8]);
    // Two simulated minutes after it began, whatever the wall clock did.
    const safety = eventsOf(outcome, 'ANNOUNCEMENT_ENDED').find((e) => e.data.type === 2)!;
    const simulatedMs = (safety.createdAtMs - flownFrames[100]!.timeMs) * rate;
    expect(simulatedMs).toBeGreaterThanOrEqual(120_000 - rate); // timestamps are rounded to the millisecond
    expect(simulatedMs).toBeLessThan(120_000 + 10_000); // the first frame past its end
    expect(safety.createdAtMs).toBeLessThan(outcome.statistics.takeoffTimeMs!);
    // The live data says which announcements were made (each is made once): the crew's screen disables them.
    expect(timeline[99]!.launchedAnnouncements).toEqual([0]);
    expect(timeline[100]!.launchedAnnouncements).toEqual([0, 2]);
    expect(timeline.at(-1)!.launchedAnnouncements).toEqual([0, 2, 6, 7, 8]);
  });

  it('lunch raises satiety by the meal, less the hunger of its 15 minutes', () => {
    const lunch = cruise + 80;
    const ended = timeline.findIndex((data, index) => index > lunch && data.currentFoodService === null);
    expect(ended).toBeGreaterThan(lunch);
    expect(hoursBetween(lunch, ended)).toBeCloseTo(0.25, 1);
    const before = timeline[lunch]!.passengersSatiatedPoint.economy;
    const after = timeline[ended]!.passengersSatiatedPoint.economy;
    // Lunch gives 40 points; 15 minutes of hunger (8 points an hour) take 2.
    expect(after - before).toBeGreaterThan(37);
    expect(after - before).toBeLessThanOrEqual(40);
    expect(outcome.cabin!.passengersSatiatedPoint.economy).toBeGreaterThan(60);
  });

  it('the IFE raises entertainment by its net gain over the simulated hours', () => {
    const on = cruise + 10;
    const descent = stepIndex('descent');
    const gained = timeline[descent]!.passengersEntertainement.economy - timeline[on]!.passengersEntertainement.economy;
    // IFE gives 16 points an hour against 10 of boredom, and the cruise announcement 2.
    expect(gained).toBeCloseTo(2 + 6 * hoursBetween(on, descent), 0);
    expect(gained).toBeGreaterThan(2);
    expect(outcome.cabin!.passengersEntertainement.economy).toBeGreaterThan(60);
  });

  it('ends the flight with the figures of the same crew at 1x', () => {
    const cabin = outcome.cabin!;
    const reference = atOneX.outcome.cabin!;
    expect(cabin.satietyRate).toBeCloseTo(reference.satietyRate, 0);
    expect(cabin.entertainmentRate).toBeCloseTo(reference.entertainmentRate, 0);
    expect(cabin.wellnessRate).toBeCloseTo(reference.wellnessRate, 0);
  });
});

describe('PNC cabin: a good crew', () => {
  const cruise = stepIndex('cruise');
  const { outcome } = flyPnc(
    {
      5: [{ type: 'SwitchSeatBeltSign' }, { type: 'LaunchAnnouncement', announcementType: 0 }],
      100: [{ type: 'LaunchAnnouncement', announcementType: 2 }],
      [cruise + 10]: [{ type: 'SwitchSeatBeltSign' }, { type: 'SwitchIfe' }, { type: 'LaunchAnnouncement', announcementType: 6 }],
      [cruise + 80]: [{ type: 'ServeFood', foodType: 3 }],
      [cruise + 500]: [{ type: 'SwitchDutyFree' }],
      [stepIndex('descent') + 5]: [{ type: 'SwitchSeatBeltSign' }, { type: 'LaunchAnnouncement', announcementType: 7 }],
      [stepIndex('taxi_in') + 2]: [{ type: 'LaunchAnnouncement', announcementType: 8 }],
    },
    { scheduledDepartureTimeMs: t0 + 2 * 60_000, scheduledArrivalTimeMs: blockOnMs },
  );

  const goodResults = [...results];
  it('accepts every control and raises no incident', () => {
    expect(goodResults.filter((r) => !r.accepted)).toEqual([]);
    expect(outcome.cabin!.incidents).toEqual([]);
  });

  it('runs each announcement and service to its end, one at a time', () => {
    expect(eventsOf(outcome, 'ANNOUNCEMENT_STARTED').map((e) => e.data.type)).toEqual([0, 2, 6, 7, 8]);
    expect(eventsOf(outcome, 'ANNOUNCEMENT_ENDED').map((e) => e.data.type)).toEqual([0, 2, 6, 7, 8]);
    expect(eventsOf(outcome, 'ANNOUNCEMENT_STOPPED')).toEqual([]);
    const safety = eventsOf(outcome, 'ANNOUNCEMENT_ENDED').find((e) => e.data.type === 2)!;
    expect(safety.createdAtMs - frames[100]!.timeMs).toBe(120_000);
    expect(eventsOf(outcome, 'FOOD_SERVICE_STARTED')[0]!.data).toEqual({ type: 3, durationSeconds: 360 });
    expect(eventsOf(outcome, 'FOOD_SERVICE_ENDED')[0]!.createdAtMs - frames[cruise + 80]!.timeMs).toBe(360_000);
    expect(eventsOf(outcome, 'SEAT_BELT_SIGN_SWITCHED').map((e) => e.data.isOn)).toEqual([true, false, true]);
    expect(eventsOf(outcome, 'IFE_SWITCHED').map((e) => e.data.isOn)).toEqual([true]);
    expect(eventsOf(outcome, 'DUTY_FREE_SWITCHED').map((e) => e.data.isOn)).toEqual([true]);
  });

  it('keeps the passengers satisfied and pays satisfaction XP', () => {
    const cabin = outcome.cabin!;
    expect(cabin.passengers.economy.quantity).toBe(120);
    expect(cabin.satisfactionRate).toBeGreaterThan(65);
    expect(cabin.passengersSatiatedPoint.economy).toBeGreaterThan(60); // snacks beat an hour of hunger
    expect(cabin.passengersEntertainement.economy).toBeGreaterThan(60); // IFE beats boredom
    // First class is more demanding: it gets hungry faster.
    expect(cabin.passengersSatiatedPoint.first).toBeLessThan(cabin.passengersSatiatedPoint.economy);
    const reward = computeReward(outcome, { hoursFlownLast24h: 0, hoursFlownThisMonth: 0 });
    expect(reward.breakdown.satisfactionXp).toBe(Math.round(cabin.satisfactionRate));
    expect(reward.breakdown.satisfactionMultiplier).toBeGreaterThan(1);
  });
});

describe('PNC cabin: the rules and their incidents', () => {
  const cruise = stepIndex('cruise');
  const { outcome } = flyPnc(
    {
      5: [{ type: 'LaunchAnnouncement', announcementType: 6 }], // 10: wrong step
      10: [{ type: 'LaunchAnnouncement', announcementType: 0 }, { type: 'LaunchAnnouncement', announcementType: 2 }], // 8
      [10 + 61]: [{ type: 'LaunchAnnouncement', announcementType: 0 }], // 11: already launched
      [stepIndex('taxi_out') + 20]: [{ type: 'LaunchAnnouncement', announcementType: 2 }], // stopped by the take-off
      [cruise + 10]: [
        { type: 'ServeFood', foodType: 1 },
        { type: 'ServeFood', foodType: 3 }, // 9
        { type: 'LaunchAnnouncement', announcementType: 6 }, // 9: a food service runs
        { type: 'AddTimeOnEstimateArrivalTime', minutes: 20 }, // 7
      ],
      [cruise + 200]: [{ type: 'ServeFood', foodType: 1 }], // stopped by the crew
    },
    { scheduledDepartureTimeMs: t0 - 30 * 60_000, scheduledArrivalTimeMs: blockOnMs - 60 * 60_000 },
    frames.map((f) => ({ ...f, isSeatBeltSignOn: false })),
  );
  const codes = outcome.cabin!.incidents.map((i) => i.code);
  const ruleResults = [...results];

  it('raises the numbered cabin incident codes with their parameters', () => {
    expect(codes).toEqual([10, 8, 11, 1, 3, 5, 9, 9, 7, 4, 2]);
    const byCode = (code: number) => outcome.cabin!.incidents.find((i) => i.code === code)!;
    expect(byCode(10)).toMatchObject({ key: 'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP', parameters: [{ key: 'type', value: 6 }, { key: 'flightStep', value: 'boarding' }] });
    expect(byCode(8).parameters).toEqual([{ key: 'type', value: 2 }, { key: 'current', value: 0 }]);
    expect(byCode(11).parameters).toEqual([{ key: 'type', value: 0 }, { key: 'launched', value: true }]);
    expect(byCode(1).parameters[0]).toEqual({ key: 'delay', value: 33 }); // off-block 2 min 59 s after t0, scheduled 30 min before
    expect(byCode(7).parameters).toEqual([{ key: 'minutes', value: 20 }]);
    expect(byCode(2).parameters[0]!.value).toBe(40); // 60 minutes late, 20 announced
  });

  it('refuses what the rules forbid and changes nothing else', () => {
    const refused = ruleResults.filter((r) => !r.accepted).map((r) => r.rejection);
    expect(refused).toEqual([
      'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP',
      'ANOTHER_ANNOUNCEMENT_IN_PROGRESS',
      'ANNOUNCEMENT_ALREADY_LAUNCHED',
      'ANOTHER_FOOD_SERVICE_IN_PROGRESS',
      'ANOTHER_FOOD_SERVICE_IN_PROGRESS',
    ]);
    expect(eventsOf(outcome, 'ANNOUNCEMENT_STARTED').map((e) => e.data.type)).toEqual([0, 2]);
  });

  it('stops what a step change or the crew interrupts', () => {
    expect(eventsOf(outcome, 'ANNOUNCEMENT_STOPPED')[0]!.data).toEqual({ type: 2, reason: 'flight_step' });
    expect(eventsOf(outcome, 'FOOD_SERVICE_STOPPED')[0]!.data).toEqual({ type: 1, reason: 'stopped_by_crew' });
    expect(eventsOf(outcome, 'TIME_ADDED_ON_ARRIVAL')[0]!.data).toEqual({ minutes: 20, totalMinutes: 20 });
  });

  it('leaves the passengers unhappier than a good crew does', () => {
    expect(outcome.cabin!.wellnessRate).toBeLessThan(30);
    expect(outcome.cabin!.satisfactionRate).toBeLessThan(50);
  });
});

describe('PNC cabin: shifted estimated times', () => {
  it('an announced departure delay is an incident 6, not a delay incident', () => {
    const { outcome } = flyPnc(
      { 20: [{ type: 'AddTimeOnEstimateDepartureTime', minutes: 30 }] },
      { scheduledDepartureTimeMs: t0 - 25 * 60_000 },
    );
    expect(outcome.cabin!.incidents.map((i) => i.code)).toContain(6);
    expect(outcome.cabin!.incidents.map((i) => i.code)).not.toContain(1);
    expect(outcome.cabin!.addedDepartureMinutes).toBe(30);
    expect(eventsOf(outcome, 'TIME_ADDED_ON_DEPARTURE')[0]!.data).toEqual({ minutes: 30, totalMinutes: 30 });
    // After off-block the departure time can no longer be shifted.
    const late = flyPnc({ [stepIndex('taxi_out')]: [{ type: 'AddTimeOnEstimateDepartureTime', minutes: 5 }] });
    expect(late.outcome.cabin!.addedDepartureMinutes).toBe(0);
    expect(results[0]).toMatchObject({ accepted: false, rejection: 'ALREADY_DEPARTED' });
  });
});

describe('cabin controls outside PNC flights', () => {
  it('are refused on a normal flight, and a malformed command throws', () => {
    const engine = feedEngine(normalPlan, frames.slice(0, 50));
    const update = engine.cabinCommand({ type: 'SwitchIfe' });
    expect(update.commandResult).toEqual({ accepted: false, rejection: 'NOT_PNC_FLIGHT' });
    expect(update.events).toEqual([]);
    expect(engine.pncData()).toBeNull();
    let thrown: unknown;
    try {
      engine.cabinCommand({ type: 'LaunchAnnouncement', announcementType: 5 } as unknown as TEngineCommand);
    } catch (error) {
      thrown = error;
    }
    expect(isAppError(thrown) && thrown.code).toBe('VALIDATION_ERROR');
  });

  it('pushes PNC data when the cabin changes and every 10 s otherwise', () => {
    const engine = feedEngine({ ...normalPlan, isPNC: true, pax }, frames.slice(0, 30));
    expect(engine.cabinCommand({ type: 'SwitchIfe' }).pncData?.ife).toBe(true);
    const pushed = frames.slice(30, 60).map((f) => engine.ingest(f).pncData !== null);
    expect(pushed.filter(Boolean).length).toBe(3);
  });
});
