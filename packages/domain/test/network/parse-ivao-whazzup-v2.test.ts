import { beforeAll, describe, expect, it } from 'vitest';
import { NetworkFeedFormatError, ZOnlineNetworkFlight } from '../../src/network/online-network-flight';
import { parseIvaoWhazzupV2, parseIvaoWhazzupV2Snapshot } from '../../src/network/parse-ivao-whazzup-v2';
import { parseNetworkFeed } from '../../src/network/parse-network-feed';
import { hasNetworkData, readFeedJson } from './feed-files';

const pilot = (overrides: Record<string, unknown> = {}) => ({
  id: 50915702,
  callsign: 'SVA213',
  lastTrack: { latitude: 25.2, longitude: 51.6, heading: 106, altitude: 37126, groundSpeed: 563 },
  flightPlan: { departureId: 'OEMA', arrivalId: 'OMAA', aircraftId: 'A320', aircraft: { icaoCode: 'A320' } },
  ...overrides,
});
const feed = (pilots: unknown[]) => ({ updatedAt: '2023-01-04T16:04:22.381Z', clients: { pilots, atcs: [] } });

describe.skipIf(!hasNetworkData)('parseIvaoWhazzupV2 on the real snapshot', () => {
  // Read in beforeAll: a skipped suite's body still runs when tests are collected.
  type Feed = { clients: { pilots: { lastTrack: unknown }[] } };
  let json: Feed;
  let snapshot: ReturnType<typeof parseIvaoWhazzupV2Snapshot>;
  beforeAll(() => {
    json = readFeedJson('ivao-whazzup-v2.json') as Feed;
    snapshot = parseIvaoWhazzupV2Snapshot(json);
  });

  it('makes exactly one flight per pilot with a position', () => {
    const pilots = json.clients.pilots;
    expect(pilots).toHaveLength(714);
    const withPosition = pilots.filter((p) => p.lastTrack !== null);
    expect(snapshot.flights).toHaveLength(withPosition.length);
    expect(snapshot.flights).toHaveLength(712);
    expect(snapshot.withoutPositionCount).toBe(2);
    expect(snapshot.skippedCount).toBe(0);
    expect(new Set(snapshot.flights.map((f) => f.id)).size).toBe(712);
    for (const flight of snapshot.flights) expect(ZOnlineNetworkFlight.safeParse(flight).success).toBe(true);
  });

  it('maps known callsigns', () => {
    const byCallsign = new Map(snapshot.flights.map((f) => [f.flightNumber, f]));
    expect(byCallsign.get('SVA213')).toEqual({
      id: 'ivao:50915702',
      network: 'ivao',
      lat: 25.245342,
      long: 51.620049,
      flightNumber: 'SVA213',
      departure: 'OEMA',
      arrival: 'OMAA',
      heading: 106,
      altitudeFt: 37126,
      groundSpeedKts: 563,
      aircraftIcao: 'A320',
    });
    expect(byCallsign.get('AFR3759')).toMatchObject({ departure: 'LFMP', arrival: 'LFRB', heading: 320, lat: 46.508923 });
    // lastTrack null: connected, no position yet, so not on the map.
    expect(byCallsign.has('UAL855')).toBe(false);
    expect(byCallsign.has('THY982')).toBe(false);
    // A flight plan whose departure is null.
    expect(byCallsign.get('ASX007')).toMatchObject({ departure: null, arrival: 'EGNS' });
  });

  it("reads the feed's timing", () => {
    expect(snapshot.updatedAt).toBe('2023-01-04T16:04:22.381Z');
    expect(snapshot.recommendedPollIntervalMs).toBe(15_000);
  });

  it('is reached through parseNetworkFeed', () => {
    expect(parseNetworkFeed('ivao', json).flights).toHaveLength(712);
  });
});

describe('parseIvaoWhazzupV2 rules', () => {
  it('refuses documents that are not whazzup v2 with a clear error', () => {
    expect(() => parseIvaoWhazzupV2(undefined)).toThrow(NetworkFeedFormatError);
    expect(() => parseIvaoWhazzupV2({ updatedAt: 'x' })).toThrow(/IVAO whazzup v2 feed is malformed: clients/);
    expect(() => parseIvaoWhazzupV2({ clients: { pilots: 3 } })).toThrow(/clients\.pilots/);
    expect(() => parseNetworkFeed('vatsim', feed([]))).toThrow(/VATSIM/);
  });

  it('skips and counts malformed records, keeping the good ones', () => {
    const snapshot = parseIvaoWhazzupV2Snapshot(
      feed([
        pilot(),
        42,
        pilot({ id: 'x' }),
        pilot({ id: 2, lastTrack: 'here' }),
        pilot({ id: 3, lastTrack: { latitude: 10, longitude: 200 } }),
        pilot({ id: 4, callsign: 'BAW1' }),
      ]),
    );
    expect(snapshot.flights.map((f) => f.flightNumber)).toEqual(['SVA213', 'BAW1']);
    expect(snapshot.skippedCount).toBe(4);
  });

  it('gives a pilot without a flight plan null airports and falls back to aircraftId for the type', () => {
    const [a, b] = parseIvaoWhazzupV2(
      feed([
        pilot({ flightPlan: null }),
        pilot({ id: 2, flightPlan: { departureId: 'egll', arrivalId: null, aircraftId: 'b738', aircraft: null } }),
      ]),
    );
    expect(a).toMatchObject({ departure: null, arrival: null, aircraftIcao: null });
    expect(b).toMatchObject({ departure: 'EGLL', arrival: null, aircraftIcao: 'B738' });
  });

  it('counts pilots without lastTrack apart from malformed ones', () => {
    const snapshot = parseIvaoWhazzupV2Snapshot(feed([pilot({ lastTrack: null }), pilot({ id: 2, lastTrack: undefined }), pilot({ id: 3 })]));
    expect(snapshot.flights).toHaveLength(1);
    expect(snapshot.withoutPositionCount).toBe(2);
    expect(snapshot.skippedCount).toBe(0);
  });
});
