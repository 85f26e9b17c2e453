import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TFlightAirport } from '../../src/flight/flight-plan-input';
import { generateFlightPlan } from '../../src/flight-plan/generate-flight-plan';
import { planRouteFixes } from '../../src/flight-plan/navaid-route';
import { parseNavaidFile, type TNavaid } from '../../src/flight-plan/navaids';
import { PLANNER_CONSTANTS } from '../../src/flight-plan/planner-constants';
import { alongTrackDistanceNm, crossTrackDistanceNm, distanceNm, type LatLon } from '../../src/geo/great-circle';
import { findAircraftByIcao } from '../../src/reference/aircraft-catalogue';
import { embeddedNavaids } from './embedded-navaids';

const airport = (ident: string, latitudeDeg: number, longitudeDeg: number, elevationFt: number): TFlightAirport => ({
  ident,
  position: { latitudeDeg, longitudeDeg, elevationFt },
});
const EGLL = airport('EGLL', 51.4706, -0.461941, 83);
const LFPG = airport('LFPG', 49.012798, 2.55, 392);
const LFMN = airport('LFMN', 43.6584, 7.21587, 12);
const KJFK = airport('KJFK', 40.639801, -73.7789, 13);
const at = (a: TFlightAirport): LatLon => ({ latitudeDeg: a.position.latitudeDeg, longitudeDeg: a.position.longitudeDeg });

const plan = (departure: TFlightAirport, arrival: TFlightAirport, icao = 'A320') =>
  generateFlightPlan({ departure, arrival, aircraft: findAircraftByIcao(icao)!, navaids: embeddedNavaids, flightNumber: 'CTR1', scheduledOut: 0 });

/** The navaid of the embedded set filed at this navlog position (idents repeat worldwide: the position decides). */
const navaidAt = (ident: string, latitude: number, longitude: number): TNavaid | undefined =>
  embeddedNavaids.find((navaid) => navaid.ident === ident && Math.abs(navaid.latitudeDeg - latitude) < 1e-5 && Math.abs(navaid.longitudeDeg - longitude) < 1e-5);

describe('routing over real navaids (the embedded OurAirports set)', () => {
  it('ships only en-route VORs, small enough to embed', () => {
    expect(embeddedNavaids.length).toBeGreaterThan(3000);
    expect(new Set(embeddedNavaids.map((navaid) => navaid.type))).toEqual(new Set(['VOR', 'VOR-DME', 'VORTAC']));
    expect(embeddedNavaids.find((navaid) => navaid.ident === 'LAM' && navaid.latitudeDeg > 51)?.name).toBe('Lambourne');
  });

  it.each([
    ['EGLL', 'LFPG', EGLL, LFPG],
    ['LFPG', 'LFMN', LFPG, LFMN],
  ])('files %s-%s as DCT legs between real VORs near the great circle, always forward', (_from, _to, departure, arrival) => {
    const result = plan(departure, arrival);
    const fixes = result.navlog.filter((fix) => fix.type === 'vor');
    expect(fixes.length).toBeGreaterThanOrEqual(2);
    // Every en-route fix is a real navaid, filed by its ident: "DCT SFD DCT DPE DCT ... DCT".
    expect(result.navlog.filter((fix) => fix.type === 'ltlg' && fix.ident !== 'TOC' && fix.ident !== 'TOD')).toEqual([]);
    expect(result.general.route).toBe(['DCT', ...fixes.flatMap((fix) => [fix.ident, 'DCT'])].join(' '));
    for (const fix of fixes) {
      const navaid = navaidAt(fix.ident, fix.latitude, fix.longitude);
      expect(navaid, fix.ident).toBeDefined();
      expect(fix.name).toBe(navaid!.name);
      const position = { latitudeDeg: fix.latitude, longitudeDeg: fix.longitude };
      expect(Math.abs(crossTrackDistanceNm(at(departure), at(arrival), position))).toBeLessThanOrEqual(PLANNER_CONSTANTS.navaidCorridorNm);
    }
    // Never backwards: each fix is further along the great circle than the one before.
    const along = fixes.map((fix) => alongTrackDistanceNm(at(departure), at(arrival), { latitudeDeg: fix.latitude, longitudeDeg: fix.longitude }));
    expect([...along].sort((a, b) => a - b)).toEqual(along);
    // A few per cent longer than the great circle, like an airway route.
    expect(result.general.routeDistanceNm).toBeGreaterThanOrEqual(result.general.gcDistanceNm!);
    expect(result.general.routeDistanceNm).toBeLessThanOrEqual(result.general.gcDistanceNm! * 1.05);
    expect(result.navlog.at(-1)?.cumulativeDistanceNm).toBeCloseTo(result.general.routeDistanceNm, 0);
  });

  it('crosses the Atlantic over the coast VORs and latitude/longitude points where no navaid is near', () => {
    const result = plan(KJFK, EGLL, 'B77W');
    const enRoute = result.navlog.filter((fix) => fix.type === 'vor' || (fix.type === 'ltlg' && fix.ident !== 'TOC' && fix.ident !== 'TOD'));
    expect(enRoute[0]?.type).toBe('vor');
    expect(enRoute.at(-1)?.type).toBe('vor');
    const points = enRoute.filter((fix) => fix.type === 'ltlg');
    expect(points.length).toBeGreaterThan(10);
    for (const fix of points) expect(fix.ident).toMatch(/^\d{4}[NS]\d{5}[EW]$/);
    // Legs between coordinate points stay within the waypoint spacing; no leg is a wide gap.
    for (let k = 1; k < enRoute.length; k += 1) {
      const leg = distanceNm(
        { latitudeDeg: enRoute[k - 1]!.latitude, longitudeDeg: enRoute[k - 1]!.longitude },
        { latitudeDeg: enRoute[k]!.latitude, longitudeDeg: enRoute[k]!.longitude },
      );
      expect(leg).toBeLessThanOrEqual(PLANNER_CONSTANTS.navaidMaxLegNm + 0.1);
    }
  });

  it('chooses fixes in the corridor, forward, never turning sharply, on any European route', () => {
    const europe = fc.record({ latitudeDeg: fc.double({ min: 37, max: 58, noNaN: true }), longitudeDeg: fc.double({ min: -8, max: 24, noNaN: true }) });
    fc.assert(
      fc.property(europe, europe, (from, to) => {
        const totalNm = distanceNm(from, to);
        fc.pre(totalNm > 30);
        const fixes = planRouteFixes(from, to, embeddedNavaids);
        const corridorNm = Math.min(PLANNER_CONSTANTS.navaidCorridorNm, PLANNER_CONSTANTS.navaidCorridorFraction * totalNm);
        let previous = { alongNm: 0, crossNm: 0 };
        for (const fix of fixes) {
          const alongNm = alongTrackDistanceNm(from, to, fix.position);
          const crossNm = crossTrackDistanceNm(from, to, fix.position);
          expect(alongNm).toBeGreaterThan(previous.alongNm);
          if (fix.kind === 'navaid') expect(Math.abs(crossNm)).toBeLessThanOrEqual(corridorNm + 1e-6);
          const turnDeg = (Math.atan2(Math.abs(crossNm - previous.crossNm), alongNm - previous.alongNm) * 180) / Math.PI;
          expect(turnDeg).toBeLessThanOrEqual(PLANNER_CONSTANTS.navaidMaxLegDeviationDeg + 1e-6);
          previous = { alongNm, crossNm };
        }
      }),
      { numRuns: 150 },
    );
  });

  it('goes direct where no navaid is near, split into points on a long leg', () => {
    expect(planRouteFixes(at(EGLL), at(LFPG), [])).toHaveLength(1);
    expect(planRouteFixes({ latitudeDeg: 0, longitudeDeg: -30 }, { latitudeDeg: 0, longitudeDeg: -28 }, embeddedNavaids)).toEqual([]);
  });
});

describe('parseNavaidFile', () => {
  it('reads the name after the fifth comma and an empty variation as unknown', () => {
    const text = 'ident,type,latitude_deg,longitude_deg,magnetic_variation_deg,name\nABC,VORTAC,10.5,-20.25,,Alpha, Bravo\n';
    expect(parseNavaidFile(text)).toEqual([
      { ident: 'ABC', type: 'VORTAC', latitudeDeg: 10.5, longitudeDeg: -20.25, magneticVariationDeg: null, name: 'Alpha, Bravo' },
    ]);
  });

  it('refuses another header, an NDB or a bad position, naming the line', () => {
    expect(() => parseNavaidFile('id,name\n')).toThrow(/header/);
    const header = 'ident,type,latitude_deg,longitude_deg,magnetic_variation_deg,name\n';
    expect(() => parseNavaidFile(`${header}XY,NDB,1,2,0,X\n`)).toThrow(/line 2/);
    expect(() => parseNavaidFile(`${header}XY,VOR,91,2,0,X\n`)).toThrow(/line 2/);
  });
});
