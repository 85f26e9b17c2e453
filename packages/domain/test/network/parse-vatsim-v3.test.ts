import { beforeAll, describe, expect, it } from 'vitest';
import { NetworkFeedFormatError, ZOnlineNetworkFlight } from '../../src/network/online-network-flight';
import {
  parseVatsimV3,
  parseVatsimV3Snapshot,
  vatsimRecommendedPollIntervalMs,
} from '../../src/network/parse-vatsim-v3';
import { hasNetworkData, readFeedJson } from './feed-files';

const pilot = (overrides: Record<string, unknown> = {}) => ({
  cid: 1234567,
  callsign: 'AFR123',
  latitude: 49.0,
  longitude: 2.5,
  altitude: 35000,
  groundspeed: 450,
  heading: 90,
  flight_plan: { departure: 'LFPG', arrival: 'KJFK', aircraft_short: 'B77W' },
  ...overrides,
});
const feed = (pilots: unknown[], general: Record<string, unknown> = { reload: 1, update_timestamp: '2024-02-20T23:19:51.9474401Z' }) => ({
  general,
  pilots,
});

describe.skipIf(!hasNetworkData)('parseVatsimV3 on the real snapshot', () => {
  // Read in beforeAll: a skipped suite's body still runs when tests are collected.
  type Feed = { pilots: { latitude: unknown; longitude: unknown }[] };
  let json: Feed;
  let snapshot: ReturnType<typeof parseVatsimV3Snapshot>;
  beforeAll(() => {
    json = readFeedJson('vatsim-data-v3.json') as Feed;
    snapshot = parseVatsimV3Snapshot(json);
  });

  it('makes exactly one flight per pilot with a position', () => {
    const withPosition = json.pilots.filter((p) => typeof p.latitude === 'number' && typeof p.longitude === 'number');
    expect(json.pilots).toHaveLength(702);
    expect(snapshot.flights).toHaveLength(withPosition.length);
    expect(snapshot.pilotCount).toBe(702);
    expect(snapshot.skippedCount).toBe(0);
    expect(new Set(snapshot.flights.map((f) => f.id)).size).toBe(snapshot.flights.length);
  });

  it('produces flights that satisfy the contract', () => {
    for (const flight of snapshot.flights) expect(ZOnlineNetworkFlight.safeParse(flight).success).toBe(true);
  });

  it('maps known callsigns', () => {
    const byCallsign = new Map(snapshot.flights.map((f) => [f.flightNumber, f]));
    expect(byCallsign.get('SXS2TT')).toEqual({
      id: 'vatsim:100001',
      network: 'vatsim',
      lat: 38.71946,
      long: 28.42596,
      flightNumber: 'SXS2TT',
      departure: 'EDDL',
      arrival: 'LTAI',
      heading: 132,
      altitudeFt: 35196,
      groundSpeedKts: 449,
      aircraftIcao: 'A320',
    });
    expect(byCallsign.get('QFA10')).toMatchObject({ departure: 'EGLL', arrival: 'YPPH', lat: -3.15862, long: 80.55974, heading: 134 });
    expect(byCallsign.get('JAL41')).toMatchObject({ departure: 'RJTT', arrival: 'EGLL', heading: 171 });
  });

  it('gives pilots without a flight plan null departure and arrival', () => {
    const withoutPlan = snapshot.flights.filter((f) => f.departure === null);
    expect(withoutPlan).toHaveLength(33);
    expect(snapshot.flights.find((f) => f.flightNumber === 'HPAL')).toMatchObject({ departure: null, arrival: null, aircraftIcao: null });
  });

  it("reads the feed's timing", () => {
    expect(snapshot.updatedAt).toBe('2024-02-20T23:19:51.947Z');
    // general.reload is 1 minute in this snapshot.
    expect(snapshot.recommendedPollIntervalMs).toBe(60_000);
  });
});

describe('parseVatsimV3 rules', () => {
  it('refuses documents that are not a v3 feed with a clear error', () => {
    expect(() => parseVatsimV3(null)).toThrow(NetworkFeedFormatError);
    expect(() => parseVatsimV3('not json')).toThrow(/VATSIM v3 feed is malformed/);
    expect(() => parseVatsimV3({ general: {} })).toThrow(/pilots/);
    expect(() => parseVatsimV3({ general: {}, pilots: {} })).toThrow(/pilots: .*array/);
    expect(() => parseVatsimV3({ pilots: [] })).toThrow(/general/);
  });

  it('skips and counts malformed pilot records, keeping the good ones', () => {
    const snapshot = parseVatsimV3Snapshot(
      feed([
        pilot(),
        'garbage',
        null,
        pilot({ cid: 2, callsign: '' }),
        pilot({ cid: 3, latitude: 95 }),
        pilot({ cid: 4, longitude: 'east' }),
        pilot({ cid: 5, flight_plan: 'none' }),
        pilot({ cid: 6, callsign: 'DLH4' }),
      ]),
    );
    expect(snapshot.flights.map((f) => f.flightNumber)).toEqual(['AFR123', 'DLH4']);
    expect(snapshot.skippedCount).toBe(6);
    expect(snapshot.pilotCount).toBe(8);
  });

  it('counts pilots without a position apart from malformed ones', () => {
    const snapshot = parseVatsimV3Snapshot(feed([pilot({ latitude: null }), pilot({ cid: 2, longitude: undefined }), pilot({ cid: 3 })]));
    expect(snapshot.flights).toHaveLength(1);
    expect(snapshot.withoutPositionCount).toBe(2);
    expect(snapshot.skippedCount).toBe(0);
  });

  it('normalises codes, heading and a missing or empty flight plan', () => {
    const [a, b, c] = parseVatsimV3(
      feed([
        pilot({ heading: 360, flight_plan: { departure: ' lfpg ', arrival: 'kjfk', aircraft_short: '' } }),
        pilot({ cid: 2, flight_plan: null, heading: undefined, altitude: undefined }),
        pilot({ cid: 3, flight_plan: { departure: '', arrival: '' } }),
      ]),
    );
    expect(a).toMatchObject({ heading: 0, departure: 'LFPG', arrival: 'KJFK', aircraftIcao: null });
    expect(b).toMatchObject({ heading: 0, departure: null, arrival: null, altitudeFt: null });
    expect(c).toMatchObject({ departure: null, arrival: null });
  });

  it('follows general.reload, never below the 15-second regeneration, defaulting to one minute', () => {
    expect(vatsimRecommendedPollIntervalMs(2)).toBe(120_000);
    expect(vatsimRecommendedPollIntervalMs(0.1)).toBe(15_000);
    expect(vatsimRecommendedPollIntervalMs(undefined)).toBe(60_000);
    expect(vatsimRecommendedPollIntervalMs(-1)).toBe(60_000);
    expect(parseVatsimV3Snapshot(feed([], {})).recommendedPollIntervalMs).toBe(60_000);
    expect(parseVatsimV3Snapshot(feed([], {})).updatedAt).toBeNull();
  });
});
