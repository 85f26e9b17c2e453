import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airports, countries, regions, runways } from '../../src/modules/airport/airport.schema';
import { importOurAirports } from '../../src/modules/airport/airport-import';
import { getAirportWithRunways } from '../../src/modules/airport/airport.service';
import { OurAirportsFormatError } from '../../src/modules/airport/our-airports-csv';
import { createTestApp, type TestApp } from '../support/test-app';
import { AIRPORTS_HEADER, hasSharedOurAirports, realFilesWith, SKIP_MESSAGE, SMALL_AIRPORTS_CSV, writeAirportsCsv } from './our-airports-fixture';

describe.skipIf(!hasSharedOurAirports)(`OurAirports import (${hasSharedOurAirports ? 'real files' : SKIP_MESSAGE})`, () => {
  let t: TestApp;
  const small = writeAirportsCsv(SMALL_AIRPORTS_CSV);
  const counts = async () => {
    const db = t.app.deps.db;
    const [a] = await db.select({ n: count() }).from(airports);
    const [r] = await db.select({ n: count() }).from(runways);
    const [c] = await db.select({ n: count() }).from(countries);
    const [g] = await db.select({ n: count() }).from(regions);
    return { airports: a!.n, runways: r!.n, countries: c!.n, regions: g!.n };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    small.remove();
    await t.close();
  });

  it('imports the airports with their real runways, countries and regions, and reports progress', async () => {
    const messages: string[] = [];
    const summary = await importOurAirports(t.app.deps.db, realFilesWith(small.file), { onProgress: (m) => messages.push(m) });
    expect(summary.airports).toBe(7);
    expect(summary.countries).toBe(249);
    expect(summary.regions).toBeGreaterThan(3900);
    // LFPG 5, LFPO 3, LFMN 2, EGLL 2, KJFK 4, NZSP 1, 00A 1 in the real runways.csv.
    expect(summary.runways).toBe(18);
    expect(summary.skippedRunways).toBeGreaterThan(48_000);
    expect(await counts()).toEqual({ airports: 7, runways: 18, countries: 249, regions: summary.regions });
    expect(messages.some((m) => m.startsWith('writing runways'))).toBe(true);
    expect(messages.at(-1)).toBe('done: 7 airports, 18 runways');
  });

  it('keeps the runways the flight engine needs: both ends, thresholds, headings, length, surface', async () => {
    const lfpg = await getAirportWithRunways(t.app.deps.db, 'lfpg');
    expect(lfpg).toMatchObject({ ident: 'LFPG', iataCode: 'CDG', municipality: 'Paris', position: { altitude: 392 } });
    const r08l = lfpg!.runways.find((runway) => runway.ends[0].ident === '08L')!;
    expect(r08l).toMatchObject({ lengthFt: 13829, widthFt: 148, surface: 'ASP', lighted: true, closed: false });
    expect(r08l.ends[0]).toMatchObject({ latitudeDeg: 48.99570083618164, longitudeDeg: 2.5527400970458984, headingDegTrue: 85, elevationFt: 338 });
    expect(r08l.ends[1]).toMatchObject({ ident: '26R', headingDegTrue: 265, displacedThresholdFt: 1969 });
    const egll = await getAirportWithRunways(t.app.deps.db, 'EGLL');
    expect(egll!.runways.map((runway) => `${runway.ends[0].ident}/${runway.ends[1].ident}`).sort()).toEqual(['09L/27R', '09R/27L']);
    // 00A's runway has no located ends: the airport is kept, the runway is not offered to the engine.
    expect((await getAirportWithRunways(t.app.deps.db, '00A'))!.runways).toEqual([]);
    expect(await getAirportWithRunways(t.app.deps.db, 'XXXX')).toBeNull();
  });

  it('is idempotent: importing the same files again gives the same data', async () => {
    const before = await counts();
    await importOurAirports(t.app.deps.db, realFilesWith(small.file));
    expect(await counts()).toEqual(before);
  });

  it('refuses a malformed airports.csv with the line that broke it, and changes nothing', async () => {
    const before = await counts();
    const lines = SMALL_AIRPORTS_CSV.split('\n');
    const badLatitude = [...lines.slice(0, 3), '999,"ZZZZ","small_airport","Broken",95.5,2.0,10,"EU","FR","FR-IDF","Nowhere","no",,,,,,', ...lines.slice(3)];
    const bad = writeAirportsCsv(badLatitude.join('\n'));
    try {
      const error = await importOurAirports(t.app.deps.db, realFilesWith(bad.file)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OurAirportsFormatError);
      expect((error as Error).message).toBe('airports.csv line 4: latitude_deg: Too big: expected number to be <=90');
    } finally {
      bad.remove();
    }
    const shortRow = writeAirportsCsv(`${AIRPORTS_HEADER}\n1,"AAAA","small_airport","Short row",1,2\n`);
    try {
      await expect(importOurAirports(t.app.deps.db, realFilesWith(shortRow.file))).rejects.toThrow(/airports\.csv line 2: .*column/i);
    } finally {
      shortRow.remove();
    }
    const missingColumn = writeAirportsCsv('id,ident,name\n1,"AAAA","No type"\n');
    try {
      await expect(importOurAirports(t.app.deps.db, realFilesWith(missingColumn.file))).rejects.toThrow(/airports\.csv line 1: missing columns type, latitude_deg/);
    } finally {
      missingColumn.remove();
    }
    expect(await counts()).toEqual(before);
    expect((await getAirportWithRunways(t.app.deps.db, 'LFPG'))!.runways).toHaveLength(5);
  });

  it('refuses a duplicate ident before writing anything', async () => {
    const before = await counts();
    const duplicate = writeAirportsCsv(`${SMALL_AIRPORTS_CSV}\n4186,"LFPG","large_airport","Again",49,2.5,392,"EU","FR","FR-IDF","Paris","yes",,,,,,`);
    try {
      await expect(importOurAirports(t.app.deps.db, realFilesWith(duplicate.file))).rejects.toThrow(/duplicate ident LFPG/);
    } finally {
      duplicate.remove();
    }
    expect(await counts()).toEqual(before);
  });

  it('rolls back every table when the database refuses a row half-way through the transaction', async () => {
    const before = await counts();
    // countries.csv is written first (2 rows instead of 249), then regions.csv breaks its primary key.
    const countriesFile = writeAirportsCsv('"id","code","name","continent","wikipedia_link","keywords"\n1,"FR","France","EU",,\n2,"DE","Germany","EU",,\n');
    const regionsFile = writeAirportsCsv('"id","code","local_code","name","continent","iso_country","wikipedia_link","keywords"\n1,"FR-IDF","IDF","Ile-de-France","EU","FR",,\n2,"FR-IDF","IDF","Again","EU","FR",,\n');
    try {
      await expect(
        importOurAirports(t.app.deps.db, { ...realFilesWith(small.file), countries: countriesFile.file, regions: regionsFile.file }),
      ).rejects.toThrow();
    } finally {
      countriesFile.remove();
      regionsFile.remove();
    }
    expect(await counts()).toEqual(before);
  });
});
