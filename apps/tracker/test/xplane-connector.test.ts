import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { XPlaneConnector } from '../src/connectors/xplane/xplane-connector';
import { buildXPlaneSubscriptions } from '../src/connectors/xplane/xplane-datarefs';
import { byteDatarefs, FakeXPlane } from './support/fake-xplane';
import { waitFor } from './support/wait-for';

/** An A320 in cruise over Burgundy, in X-Plane's own units (meters, m/s, kg...). */
const CRUISE_VALUES: Record<string, number> = {
  'sim/flightmodel/position/latitude': 47.123456,
  'sim/flightmodel/position/longitude': 4.654321,
  'sim/flightmodel/position/elevation': 10_668, // 35 000 ft
  'sim/flightmodel/position/y_agl': 10_400,
  'sim/flightmodel/position/groundspeed': 231.5, // m/s = 450 kt
  'sim/flightmodel/position/indicated_airspeed': 268.4,
  'sim/flightmodel/position/true_airspeed': 236.6, // m/s = 459.9 kt
  'sim/flightmodel/position/vh_ind_fpm': -12.5,
  'sim/flightmodel/position/true_psi': 127.8,
  'sim/flightmodel/position/theta': 2.4,
  'sim/flightmodel/position/phi': -3.1,
  'sim/flightmodel2/misc/gforce_normal': 1.02,
  'sim/flightmodel/failures/onground_any': 0,
  // Per-wheel contact: gear 0 the nose wheel, 1 and 2 the mains.
  'sim/flightmodel2/gear/on_ground[1]': 0,
  'sim/flightmodel2/gear/on_ground[2]': 0,
  'sim/flightmodel2/gear/deploy_ratio[0]': 0,
  'sim/cockpit2/controls/flap_ratio': 0,
  'sim/cockpit2/controls/speedbrake_ratio': -0.5, // armed
  'sim/aircraft/engine/acf_num_engines': 2,
  'sim/flightmodel/engine/ENGN_running[0]': 1,
  'sim/flightmodel/engine/ENGN_running[1]': 1,
  'sim/flightmodel/engine/ENGN_running[2]': 0,
  'sim/cockpit/electrical/beacon_lights_on': 1,
  'sim/cockpit/electrical/strobe_lights_on': 1,
  'sim/cockpit/electrical/landing_lights_on': 0,
  'sim/cockpit/electrical/taxi_light_on': 0,
  'sim/cockpit/electrical/nav_lights_on': 1,
  'sim/flightmodel/weight/m_fuel_total': 8_250.5,
  'sim/time/sim_speed': 1,
  'sim/time/paused': 0,
  'sim/cockpit2/controls/parking_brake_ratio': 0,
  'sim/cockpit/radios/transponder_code': 4521,
  'sim/cockpit2/annunciators/fasten_seatbelt': 1,
  'sim/time/total_flight_time_sec': 3_600,
  'sim/graphics/scenery/async_scenery_load_in_progress': 0,
  'sim/operation/prefs/replay_mode': 0,
  ...byteDatarefs('sim/aircraft/view/acf_ICAO', 'A320', 8),
  ...byteDatarefs('sim/aircraft/view/acf_ui_name', 'ToLiSs Airbus A320neo', 64),
  ...byteDatarefs('sim/aircraft/view/acf_descrip', 'A320 description', 64),
};

const START_MS = 1_700_000_000_000;

const FAST_LIVENESS = { connectTimeoutMs: 1_500, staleAfterMs: 200, retryIntervalMs: 100, giveUpAfterMs: 600 };

describe('X-Plane connector over UDP (RREF), against a fake X-Plane', () => {
  let xplane: FakeXPlane;
  let connector: XPlaneConnector | undefined;
  const expectedSubscriptions = buildXPlaneSubscriptions(4).length;

  beforeEach(async () => {
    xplane = await FakeXPlane.start();
  });
  afterEach(async () => {
    await connector?.disconnect();
    connector = undefined;
    await xplane.close();
  });

  let clockMs = START_MS;

  /** Every frame is stamped half a second after the previous one (X-Plane answering at 2 Hz). */
  function createConnector(overrides: Partial<ConstructorParameters<typeof XPlaneConnector>[0]> = {}) {
    clockMs = START_MS - 500;
    connector = new XPlaneConnector({
      host: '127.0.0.1',
      port: xplane.port,
      frequencyHz: 4,
      minFrameIntervalMs: 0,
      liveness: FAST_LIVENESS,
      nowMs: () => (clockMs += 500),
      ...overrides,
    });
    return connector;
  }

  /**
   * Starts connect(), plays X-Plane: waits for every subscription, then answers four times half a
   * second apart (its flight clock advancing), which settles the state: the fourth is a frame.
   */
  async function connectWith(values: Record<string, number>, target = createConnector()) {
    const connecting = target.connect();
    await waitFor(() => xplane.subscribed.size === expectedSubscriptions, 3_000, 'all RREF subscriptions');
    await xplane.sendValues(values);
    await connecting;
    await settle(target, values, 3);
    return target;
  }

  /** Sends `values` `count` more times, the flight clock 0.5 s further each time. */
  async function settle(target: XPlaneConnector, values: Record<string, number>, count: number) {
    for (let answer = 1; answer <= count; answer += 1) {
      const received = target.stats.messagesReceived;
      const flightTimeSec = (values['sim/time/total_flight_time_sec'] ?? 0) + answer * 0.5;
      await xplane.sendValues({ ...values, 'sim/time/total_flight_time_sec': flightTimeSec });
      await waitFor(() => target.stats.messagesReceived > received || undefined, 2_000, `answer ${answer}`);
    }
  }

  it('subscribes with well-formed RREF requests for every dataref it needs', async () => {
    const target = createConnector();
    const connecting = target.connect();
    await waitFor(() => xplane.subscribed.size === expectedSubscriptions, 3_000, 'subscriptions');
    expect(xplane.layoutErrors).toEqual([]);
    const paths = [...xplane.subscribed.values()];
    expect(paths).toContain('sim/flightmodel/position/latitude');
    expect(paths).toContain('sim/flightmodel2/gear/deploy_ratio[0]');
    expect(paths).toContain('sim/flightmodel/engine/ENGN_running[7]');
    expect(paths).toContain('sim/aircraft/view/acf_ICAO[0]');
    const latitude = xplane.requests.find((request) => request.datarefPath === 'sim/flightmodel/position/latitude');
    expect(latitude?.frequencyHz).toBe(4);
    const icaoByte = xplane.requests.find((request) => request.datarefPath === 'sim/aircraft/view/acf_ICAO[3]');
    expect(icaoByte?.frequencyHz).toBe(1);
    // Indexes are unique: the answers can be told apart.
    expect(new Set(xplane.requests.map((request) => request.index)).size).toBe(expectedSubscriptions);
    await xplane.sendValues(CRUISE_VALUES);
    await connecting;
    expect(target.status).toBe('connected');
  });

  it('turns real RREF datagrams into valid frames with converted units', async () => {
    const target = createConnector();
    const frames: TTelemetryFrame[] = [];
    target.on('frame', (frame) => frames.push(frame));
    await connectWith(CRUISE_VALUES, target);
    const frame = await waitFor(() => frames[0], 2_000, 'a frame');

    expect(() => ZTelemetryFrame.parse(frame)).not.toThrow();
    // Three answers settled the state; the fourth, 1.5 s of X-Plane's clock later, is the first frame.
    expect(frames).toHaveLength(1);
    expect(target.stats.framesWithheld).toBe(3);
    expect(frame.timeMs).toBe(START_MS + 1_500);
    expect(frame.position.latitudeDeg).toBeCloseTo(47.123456, 4); // float32 on the wire
    expect(frame.position.longitudeDeg).toBeCloseTo(4.654321, 4);
    expect(frame.position.altitudeFtMsl).toBeCloseTo(35_000, 0);
    expect(frame.position.altitudeFtAgl).toBeCloseTo(34_120.7, 0);
    expect(frame.groundSpeedKts).toBeCloseTo(450.0, 0);
    expect(frame.indicatedAirspeedKts).toBeCloseTo(268.4, 3);
    expect(frame.trueAirspeedKts).toBeCloseTo(459.9, 0);
    expect(frame.verticalSpeedFpm).toBeCloseTo(-12.5, 3);
    expect(frame.headingDegTrue).toBeCloseTo(127.8, 3);
    expect(frame.pitchDeg).toBeCloseTo(2.4, 3);
    expect(frame.bankDeg).toBeCloseTo(-3.1, 3);
    expect(frame.gForce).toBeCloseTo(1.02, 3);
    expect(frame.isOnGround).toBe(false);
    expect(frame.isMainGearOnGround).toBe(false);
    expect(frame.gearDownRatio).toBe(0);
    expect(frame.spoilersRatio).toBe(0); // armed, not deployed
    expect(frame.enginesRunning).toEqual([true, true]);
    expect(frame.lights).toEqual({ beacon: true, strobe: true, landing: false, taxi: false, nav: true });
    expect(frame.fuelKg).toBeCloseTo(8_250.5, 1);
    expect(frame.simulationRate).toBe(1);
    expect(frame.isPaused).toBe(false);
    expect(frame.isParkingBrakeSet).toBe(false);
    expect(frame.transponder).toBe('4521');
    expect(frame.isSeatBeltSignOn).toBe(true);
    expect(frame.aircraftIcao).toBe('A320');
    expect(frame.aircraftTitle).toBe('ToLiSs Airbus A320neo');
    expect(target.aircraft).toEqual({ aircraftTitle: 'ToLiSs Airbus A320neo', aircraftIcao: 'A320' });
  });

  it('keeps the latest values across datagrams and sends no frame before the required ones arrived', async () => {
    const target = createConnector();
    const frames: TTelemetryFrame[] = [];
    target.on('frame', (frame) => frames.push(frame));
    const connecting = target.connect();
    await waitFor(() => xplane.subscribed.size === expectedSubscriptions, 3_000, 'subscriptions');
    // X-Plane splits a tick over several datagrams: the first half alone makes no frame.
    await xplane.sendValues(CRUISE_VALUES, (index) => index < 5);
    await connecting;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frames).toHaveLength(0);
    await xplane.sendValues(CRUISE_VALUES, (index) => index >= 5);
    await settle(target, CRUISE_VALUES, 3);
    await waitFor(() => frames.length === 1, 2_000, 'the first frame');
    // On the ground, parked, X-Plane 11 (no acf_ui_name: the description is the title).
    await xplane.sendValues({
      ...CRUISE_VALUES,
      'sim/flightmodel/position/y_agl': 1.2,
      'sim/flightmodel/failures/onground_any': 1,
      'sim/flightmodel2/gear/on_ground[2]': 1,
      'sim/flightmodel2/gear/deploy_ratio[0]': 1,
      'sim/cockpit2/controls/parking_brake_ratio': 1,
      'sim/time/paused': 1,
      'sim/flightmodel/engine/ENGN_running[1]': 0,
      ...byteDatarefs('sim/aircraft/view/acf_ui_name', '', 64),
    });
    const parked = await waitFor(() => frames[1], 2_000, 'the second frame');
    expect(parked.isOnGround).toBe(true);
    expect(parked.isMainGearOnGround).toBe(true);
    expect(parked.position.altitudeFtAgl).toBeCloseTo(3.94, 1);
    expect(parked.gearDownRatio).toBe(1);
    expect(parked.isParkingBrakeSet).toBe(true);
    expect(parked.isPaused).toBe(true);
    expect(parked.enginesRunning).toEqual([true, false]);
    expect(parked.aircraftTitle).toBe('A320 description');
  });

  it('withholds frames while X-Plane loads scenery or plays a replay, and says so', async () => {
    const target = createConnector();
    const frames: TTelemetryFrame[] = [];
    const states: string[] = [];
    target.on('frame', (frame) => frames.push(frame));
    target.on('readiness', (readiness) => states.push(readiness.state));
    const loading = { ...CRUISE_VALUES, 'sim/graphics/scenery/async_scenery_load_in_progress': 1 };
    await connectWith(loading, target);
    expect(frames).toHaveLength(0);
    expect(target.readiness).toEqual({ state: 'loading', detail: 'scenery loading' });
    expect(target.stats.framesWithheld).toBe(4);
    // Loaded: three answers settle it, the fourth is published.
    await settle(target, { ...CRUISE_VALUES, 'sim/time/total_flight_time_sec': 3_602 }, 4);
    await waitFor(() => frames.length === 1 || undefined, 2_000, 'the first frame after loading');
    expect(target.readiness.state).toBe('ready');
    // The replay shows a past flight: not flown, not recorded.
    await settle(target, { ...CRUISE_VALUES, 'sim/time/total_flight_time_sec': 3_610, 'sim/operation/prefs/replay_mode': 1 }, 2);
    expect(target.readiness).toEqual({ state: 'loading', detail: 'replay playing' });
    expect(frames).toHaveLength(1);
    expect(states).toEqual(['ready', 'loading']);
  });

  it('stamps frames with X-Plane\'s clock: answers arriving together keep their spacing at 4x', async () => {
    let arrivalMs = START_MS;
    const target = createConnector({ nowMs: () => arrivalMs });
    const frames: TTelemetryFrame[] = [];
    target.on('frame', (frame) => frames.push(frame));
    const fast = { ...CRUISE_VALUES, 'sim/time/sim_speed': 4 };
    const connecting = target.connect();
    await waitFor(() => xplane.subscribed.size === expectedSubscriptions, 3_000, 'all RREF subscriptions');
    // 12 answers, 2 s of X-Plane's clock apart (0.5 s of wall time at 4x), arriving in pairs within one millisecond.
    for (let answer = 0; answer < 12; answer += 1) {
      arrivalMs = START_MS + Math.floor(answer / 2) * 1_000;
      const received = target.stats.messagesReceived;
      await xplane.sendValues({ ...fast, 'sim/time/total_flight_time_sec': 3_600 + answer * 2 });
      if (answer === 0) await connecting;
      await waitFor(() => target.stats.messagesReceived > received || undefined, 2_000, `answer ${answer}`);
    }
    // Settled at the fourth answer: nine frames, none sharing a time, 500 ms apart as X-Plane
    // sampled them (stamped by arrival they would have come in pairs, the second one dropped).
    expect(frames).toHaveLength(9);
    const gaps = frames.slice(1).map((frame, position) => frame.timeMs - (frames[position]?.timeMs ?? 0));
    expect(gaps).toEqual([500, 500, 500, 500, 500, 500, 500, 500]);
    expect(frames[0]?.timeMs).toBe(START_MS + 1_500);
    expect(frames.every((frame) => frame.simulationRate === 4)).toBe(true);
  });

  it('counts malformed datagrams and ignores them', async () => {
    const target = await connectWith(CRUISE_VALUES);
    const before = target.stats.framesEmitted;
    await xplane.sendRaw(Buffer.from('DATA*garbage'));
    await xplane.sendRaw(Buffer.from('RREF,\u0001\u0000\u0000')); // truncated pair
    await waitFor(() => target.stats.messagesRejected === 2, 2_000, 'two rejected datagrams');
    expect(target.stats.framesEmitted).toBe(before);
  });

  it('streams frames through frames() and ends the iterator on disconnect, unsubscribing every dataref', async () => {
    const target = await connectWith(CRUISE_VALUES);
    const iterator = target.frames();
    await xplane.sendValues({ ...CRUISE_VALUES, 'sim/flightmodel/position/true_psi': 90 });
    const next = await iterator.next();
    expect(next.done).toBe(false);
    expect(next.value?.headingDegTrue).toBeCloseTo(90, 3);
    const disconnected: string[] = [];
    target.on('disconnect', (reason) => disconnected.push(reason));
    await target.disconnect();
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(disconnected).toEqual(['client']);
    await waitFor(() => xplane.subscribed.size === 0, 2_000, 'every dataref unsubscribed');
    expect(xplane.requests.filter((request) => request.frequencyHz === 0)).toHaveLength(expectedSubscriptions);
  });

  it('fails to connect when X-Plane does not answer', async () => {
    const target = createConnector({ liveness: { ...FAST_LIVENESS, connectTimeoutMs: 150 } });
    const failures: Error[] = [];
    target.on('connection_failed', (error) => failures.push(error));
    await expect(target.connect()).rejects.toThrow(/No data from xplane within 150 ms/);
    expect(failures).toHaveLength(1);
    expect(target.status).toBe('idle');
  });

  it('reports reconnecting when X-Plane goes silent, re-subscribes, and recovers', async () => {
    const target = await connectWith(CRUISE_VALUES);
    const events: string[] = [];
    target.on('reconnecting', (attempt) => events.push(`reconnecting ${attempt}`));
    target.on('connected', () => events.push('connected'));
    const requestsBefore = xplane.requests.length;
    await waitFor(() => events.includes('reconnecting 2'), 2_000, 'two reconnect attempts');
    expect(target.status).toBe('reconnecting');
    // Every retry re-sends the whole subscription table.
    await waitFor(() => xplane.requests.length >= requestsBefore + 2 * expectedSubscriptions, 2_000, 're-subscriptions');
    await xplane.sendValues(CRUISE_VALUES);
    await waitFor(() => target.status === 'connected', 2_000, 'connected again');
    expect(events.at(-1)).toBe('connected');
  });

  it('gives up after the give-up delay without data', async () => {
    const target = await connectWith(CRUISE_VALUES);
    const reasons: string[] = [];
    target.on('disconnect', (reason) => reasons.push(reason));
    await waitFor(() => reasons.length > 0, 3_000, 'disconnect');
    expect(reasons).toEqual(['timeout']);
    expect(target.status).toBe('disconnected');
  });
});
