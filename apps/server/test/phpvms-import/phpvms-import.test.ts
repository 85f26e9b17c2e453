import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planeBuildCost } from '@contrail/domain/economy/airline-economy';
import { airlineMembers, airlinePlanes, airlineRoutes, airlines } from '../../src/modules/airline/airline.schema';
import { airports, countries } from '../../src/modules/airport/airport.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { getAirportData } from '../../src/modules/airport/airport.service';
import { importPhpvmsFiles, type PhpvmsImportReport, type PhpvmsUpload } from '../../src/modules/phpvms-import/phpvms-import.service';
import { creditAirline } from '../../src/modules/wallet/wallet.service';
import { multipartForm, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, createAirlineFor, giveAirlineItem, premiumManager } from '../airline/airline-fixtures';
import { api } from '../support/api';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';

/** phpVMS 7.0.10's importer test files, beside the repository (`../shared/data/phpvms` from its root). */
const PHPVMS_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/phpvms');
const hasPhpvmsData = fs.existsSync(PHPVMS_DATA_DIR);
if (!hasPhpvmsData) console.warn(`Skipping the phpVMS fixture import tests: ${PHPVMS_DATA_DIR} is absent`);

/** What phpVMS's ImporterTest expects of each file (rows it takes / rows it refuses); aircraft_empty_cols has no test there, both rows lack the required name. */
const PHPVMS_EXPECTED: Record<string, { accepted: number; refused: number }> = {
  'airports.csv': { accepted: 2, refused: 1 },
  'airports_errors.csv': { accepted: 5, refused: 1 },
  'airports_special_chars.csv': { accepted: 9, refused: 0 },
  'subfleets.csv': { accepted: 1, refused: 1 },
  'aircraft.csv': { accepted: 1, refused: 1 },
  'aircraft-update.csv': { accepted: 1, refused: 1 },
  'aircraft_empty_cols.csv': { accepted: 0, refused: 2 },
  'fares.csv': { accepted: 4, refused: 0 },
  'expenses.csv': { accepted: 8, refused: 0 },
  'expenses_empty_rows.csv': { accepted: 8, refused: 0 },
  'flights.csv': { accepted: 3, refused: 1 },
  'flights_empty_fields.csv': { accepted: 1, refused: 0 },
};

/** The airports the fixtures name, as Contrail's OurAirports reference would hold them. */
const REFERENCE_AIRPORTS: [ident: string, name: string, lat: number, lon: number, iso: string][] = [
  ['KAUS', 'Austin-Bergstrom International Airport', 30.1945, -97.6699, 'US'],
  ['KJFK', 'John F Kennedy International Airport', 40.6399, -73.7787, 'US'],
  ['KSFO', 'San Francisco International Airport', 37.619, -122.375, 'US'],
  ['KPAE', 'Snohomish County (Paine Field) Airport', 47.9063, -122.282, 'US'],
  ['KSEA', 'Seattle Tacoma International Airport', 47.449, -122.309, 'US'],
  ['CYAV', 'Winnipeg / St. Andrews Airport', 50.0564003, -97.03250122, 'CA'],
  ['CYAW', 'Halifax / CFB Shearwater Heliport', 44.639702, -63.499401, 'CA'],
  ['CYDC', 'Princeton Airport', 49.4681015, -120.5110016, 'CA'],
  ['CYDF', 'Deer Lake Airport', 49.21080017, -57.39139938, 'CA'],
  ['CYDL', 'Dease Lake Airport', 58.42219925, -130.0319977, 'CA'],
  ['EGLL', 'London Heathrow Airport', 51.4775, -0.4614, 'GB'],
  ['LEMD', 'Adolfo Suárez Madrid–Barajas Airport', 40.4719, -3.5626, 'ES'],
  ['MKJP', 'Norman Manley International Airport', 17.9357, -76.7875, 'JM'],
  ['MWCR', 'Owen Roberts International Airport', 19.2928, -81.3577, 'KY'],
  ['OMDB', 'Dubai International Airport', 25.2528, 55.3644, 'AE'],
];

const upload = (name: string, content: string): PhpvmsUpload => ({ name, content });
const fixture = (name: string): PhpvmsUpload => upload(name, fs.readFileSync(path.join(PHPVMS_DATA_DIR, name), 'utf8'));
const accepted = (report: PhpvmsImportReport) => report.imported + report.updated + report.unchanged;

describe('importing a phpVMS airline', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let airlineId: string;

  const importAs = (userId: string, uploads: PhpvmsUpload[]) => importPhpvmsFiles(t.app.deps.db, { id: userId }, airlineId, uploads, t.clock.now());
  const importFiles = (uploads: PhpvmsUpload[]) => importAs(owner.user.id, uploads);
  const snapshot = async () => {
    const db = t.app.deps.db;
    const [airline] = await db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airlineId));
    return {
      balance: airline!.balance,
      planes: (await db.select().from(airlinePlanes).where(eq(airlinePlanes.airlineId, airlineId))).map(({ tailRegistration, icao, category, ecoSeats, businessSeats, firstSeats, airportIdent }) => ({
        tailRegistration,
        icao,
        category,
        ecoSeats,
        businessSeats,
        firstSeats,
        airportIdent,
      })),
      routes: (await db.select().from(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId)))
        .map(({ name, destinations, planeCategory, departureTime, arrivalTime }) => ({ name, destinations, planeCategory, departureTime, arrivalTime }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      transactions: (await db.select({ id: walletTransactions.id }).from(walletTransactions).where(eq(walletTransactions.airlineId, airlineId))).length,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.deps.db;
    // The embedded reference (medium and large airports) first, then the small fields the full OurAirports dump also holds.
    await getAirportData(db);
    await db
      .insert(countries)
      .values(['US', 'CA', 'GB', 'ES', 'JM', 'KY', 'AE'].map((code) => ({ code, name: code, continent: 'NA' })))
      .onConflictDoNothing();
    await db
      .insert(airports)
      .values(REFERENCE_AIRPORTS.map(([ident, name, latitudeDeg, longitudeDeg, isoCountry]) => ({ ident, type: 'large_airport', name, latitudeDeg, longitudeDeg, isoCountry, elevationFt: 100 })))
      .onConflictDoNothing();
    owner = await premiumManager(t.app);
    airlineId = await createAirlineFor(t.app, owner, { code: 'VMS', hubAirportIdent: 'KAUS', planeCategory: 'MEDIUM_HAUL' });
    // Capital for a second hub at KJFK, where phpVMS's flight 113 leaves from (a real credit: the balance stays the sum of its transactions).
    await creditAirline(db, { airlineId, amount: 200_000, idempotencyKey: `test-capital:${airlineId}`, executionDate: t.clock.now(), description: 'Capital', categoryData: { category: 'MF_BONUS', reason: 'Capital' } });
    const hub = await api(t.app, owner.headers).inject(airlineAssetRoutes.openHub, { params: { id: airlineId }, body: { airportIdent: 'KJFK' } });
    expect(hub.statusCode, hub.body).toBe(201);
    // A plane built by hand first, so the imported one is not the airline's free first plane and its build is charged.
    const hubs = (await api(t.app, owner.headers).inject(airlineAssetRoutes.hubs, { params: { id: airlineId } })).json<{ items: { id: string; airport: { ident: string } }[] }>();
    const austin = hubs.items.find((item) => item.airport.ident === 'KAUS')!.id;
    const firstItem = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'B738', category: 'MEDIUM_HAUL' });
    const firstPlane = await api(t.app, owner.headers).inject(airlineAssetRoutes.buildPlane, { params: { id: airlineId }, body: { itemId: firstItem, aircraftIcao: 'B738', configuration: { eco: 150, business: 12, first: 0 }, hubId: austin } });
    expect(firstPlane.statusCode, firstPlane.body).toBe(201);
    // The A320 phpVMS's aircraft.csv describes is built from an item the airline bought, as any plane.
    await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
  });

  afterAll(async () => {
    await t.close();
  });

  describe.skipIf(!hasPhpvmsData)("phpVMS's own importer files", () => {
    let first: PhpvmsImportReport[];

    it("takes and refuses the rows phpVMS's ImporterTest expects, file by file", async () => {
      const before = await snapshot();
      first = await importFiles(Object.keys(PHPVMS_EXPECTED).map(fixture));
      for (const report of first) {
        expect({ file: report.file, accepted: accepted(report), refused: report.refused.length }).toEqual({ file: report.file, ...PHPVMS_EXPECTED[report.file] });
      }
      const byFile = new Map(first.map((report) => [report.file, report]));
      expect(byFile.get('airports.csv')!.refused).toEqual([{ line: 4, reason: 'lon must be a number (got "abcd")' }]);
      expect(byFile.get('airports_errors.csv')!.refused).toEqual([{ line: 2, reason: 'icao is required' }]);
      expect(byFile.get('flights.csv')!.refused).toEqual([{ line: 3, reason: 'airline is required' }]);
      expect(byFile.get('subfleets.csv')!.refused).toEqual([{ line: 3, reason: 'type is required' }]);
      expect(byFile.get('aircraft.csv')!.refused).toEqual([{ line: 3, reason: 'name is required; registration is required' }]);
      // Importing assets mints no money: the plane's build is charged by the usual rule, nothing is credited.
      const after = await snapshot();
      expect(after.balance).toBe(before.balance - planeBuildCost('MEDIUM_HAUL', { eco: 138, business: 12, first: 0 }, 'REALIST', false));
      expect(after.transactions).toBe(before.transactions + 1);
    });

    it('builds the registered plane of a catalogue type at its hub, and the flights as routes with UTC times', async () => {
      const { planes, routes } = await snapshot();
      expect(planes.filter((plane) => plane.icao !== 'B738')).toEqual([{ tailRegistration: 'N309US', icao: 'A320', category: 'MEDIUM_HAUL', ecoSeats: 138, businessSeats: 12, firstSeats: 0, airportIdent: 'KAUS' }]);
      expect(routes).toEqual([
        { name: 'VMS113 KJFK-KAUS', destinations: ['KJFK', 'KAUS'], planeCategory: 'MEDIUM_HAUL', departureTime: '13:10', arrivalTime: '16:35' },
        { name: 'VMS1972 KAUS-KJFK', destinations: ['KAUS', 'KJFK'], planeCategory: 'MEDIUM_HAUL', departureTime: '14:10', arrivalTime: '17:35' },
        { name: 'VMS999 KAUS-KJFK', destinations: ['KAUS', 'KJFK'], planeCategory: 'MEDIUM_HAUL', departureTime: '14:10', arrivalTime: '17:35' },
      ]);
    });

    it('says what Contrail does not carry and why', () => {
      const notes = (file: string) => first.find((report) => report.file === file)!.notCarried.join('\n');
      expect(notes('fares.csv')).toContain('Fares Y, B, F, C are not carried');
      expect(notes('expenses.csv')).toContain('Expenses (8) are not carried');
      expect(notes('flights.csv')).toContain('Days of operation are not carried');
      expect(notes('airports.csv')).toContain('open KAUS, KSFO in the hubs panel');
    });

    it('changes nothing on a second run over the same files', async () => {
      const before = await snapshot();
      const second = await importFiles(Object.keys(PHPVMS_EXPECTED).map(fixture));
      for (const report of second) {
        expect({ file: report.file, imported: report.imported, updated: report.updated, accepted: accepted(report), refused: report.refused.length }).toEqual({
          file: report.file,
          imported: 0,
          updated: 0,
          ...PHPVMS_EXPECTED[report.file],
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('updates a flight whose times changed, without a second route', async () => {
      const flights = fs.readFileSync(path.join(PHPVMS_DATA_DIR, 'flights.csv'), 'utf8').replace('0810 EST,1035 CST', '0900 EST,1125 CST');
      const [report] = await importFiles([upload('flights.csv', flights)]);
      expect(report).toMatchObject({ imported: 0, updated: 1, unchanged: 2 });
      const { routes } = await snapshot();
      expect(routes.filter((route) => route.name === 'VMS113 KJFK-KAUS')).toEqual([expect.objectContaining({ departureTime: '14:00', arrivalTime: '17:25' })]);
    });
  });

  describe('rows Contrail refuses, each with its line and reason, while the good rows go in', () => {
    const FLIGHTS_HEADER =
      'airline,flight_number,route_code,callsign,route_leg,dpt_airport,arr_airport,alt_airport,days,dpt_time,arr_time,level,distance,flight_time,flight_type,load_factor,load_factor_variance,pilot_pay,route,notes,start_date,end_date,active,subfleets,fares,fields,event_id,user_id';
    const flight = (number: string, from: string, to: string, dpt: string, arr: string, subfleets = '') => `VMS,${number},,,,${from},${to},,1234567,${dpt},${arr},350,,120,J,,,,,,,,1,${subfleets},,,,`;
    const AIRCRAFT_HEADER = 'subfleet,iata,icao,hub_id,airport_id,name,registration,fin,hex_code,selcal,dow,zfw,mtow,mlw,status,simbrief_type';

    it('refuses flights from an airport that is not a hub, to an unknown airport, or at unreadable times', async () => {
      const content = [
        FLIGHTS_HEADER,
        flight('2001', 'KSFO', 'KAUS', '0800', '1100'),
        flight('2002', 'KAUS', 'ZZZZ', '0800', '1100'),
        flight('2003', 'KAUS', 'KSFO', '0800 XYZ', '1100'),
        flight('2004', 'KAUS', 'KSFO', '0800Z', '1030 PST', 'B744-LR'),
      ].join('\n');
      const [report] = await importFiles([upload('more-flights.csv', content)]);
      expect(report!.refused).toEqual([
        { line: 2, reason: "KSFO is not one of the airline's hubs: a Contrail route leaves from a hub; open it first" },
        { line: 3, reason: "ZZZZ is not in Contrail's airport reference (OurAirports)" },
        { line: 4, reason: 'Times "0800 XYZ" and "1100" cannot both be read as HHMM with a known zone (UTC when none)' },
      ]);
      expect(report).toMatchObject({ imported: 1, updated: 0 });
      expect((await snapshot()).routes).toContainEqual({ name: 'VMS2004 KAUS-KSFO', destinations: ['KAUS', 'KSFO'], planeCategory: 'MEDIUM_HAUL', departureTime: '08:00', arrivalTime: '18:30' });
      expect(report!.notCarried.join('\n')).toContain("No subfleet of a known type for VMS2004 KAUS-KSFO: given the airline's plane category");
    });

    it('refuses a plane of a type not in the catalogue, and one the airline owns no item for, without charging anything', async () => {
      const before = await snapshot();
      const content = [AIRCRAFT_HEADER, 'PLNX,PX1,PLNX,,,Paper plane,G-BOAC,,,,,,,,,', 'B744,744,B744,,,747-400,N744PV,,,,,,,,,'].join('\n');
      const [report] = await importFiles([upload('fleet.csv', content)]);
      expect(report!.refused).toEqual([
        { line: 2, reason: 'Aircraft type unknown to Contrail\'s catalogue (icao "PLNX", iata "PX1", subfleet "PLNX"); it is not guessed' },
        { line: 3, reason: 'The airline owns no unbuilt B744 aircraft item: buy one in the store, then import again' },
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('reports a file that is not a phpVMS export on its first line', async () => {
      const [report] = await importFiles([upload('notes.csv', 'when,what\n2024-01-01,hello\n')]);
      expect(report).toMatchObject({ kind: null, imported: 0, refused: [{ line: 1, reason: expect.stringContaining('The header is not one of a phpVMS export') }] });
    });

    it('takes the files as a multipart upload from the owner, and answers the report', async () => {
      const content = [FLIGHTS_HEADER, flight('4001', 'KAUS', 'KSFO', '0700', '1000'), '"  ",4002,,,,KAUS,KSFO,,,0700,1000,,,120,J,,,,,,,,1,,,,,'].join('\n');
      const form = multipartForm({}, [
        { field: 'files', filename: 'flights.csv', contentType: 'text/csv', content: Buffer.from(content) },
        { field: 'files', filename: 'notes.txt', contentType: 'text/plain', content: Buffer.from('not,a\nphpvms,file\n') },
      ]);
      const response = await t.app.inject({ method: 'POST', url: `${API}/airline/${airlineId}/phpvms-import`, payload: form.payload, headers: { ...owner.headers, ...form.headers } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual([
        expect.objectContaining({ file: 'flights.csv', kind: 'flights', imported: 1, refused: [{ line: 3, reason: 'airline is required' }] }),
        expect.objectContaining({ file: 'notes.txt', kind: null, imported: 0 }),
      ]);
    });

    it('refuses an upload without files, or not multipart, in the action shape', async () => {
      const url = `${API}/airline/${airlineId}/phpvms-import`;
      const empty = multipartForm({ note: 'hello' }, []);
      const noFiles = await t.app.inject({ method: 'POST', url, payload: empty.payload, headers: { ...owner.headers, ...empty.headers } });
      expect(noFiles.statusCode).toBe(400);
      expect(noFiles.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', message: 'Send at least one phpVMS CSV file' });
      const json = await t.app.inject({ method: 'POST', url, payload: { files: [] }, headers: owner.headers });
      expect(json.statusCode).toBe(400);
    });

    it('lets only the owner import: an administrator is refused before anything is read or changed', async () => {
      const admin = await premiumManager(t.app);
      await t.app.deps.db.insert(airlineMembers).values({ airlineId, userId: admin.user.id, role: 'ADMINISTRATOR' });
      const before = await snapshot();
      const form = multipartForm({}, [{ field: 'files', filename: 'flights.csv', contentType: 'text/csv', content: Buffer.from([FLIGHTS_HEADER, flight('5001', 'KAUS', 'KSFO', '0800', '1100')].join('\n')) }]);
      const response = await t.app.inject({ method: 'POST', url: `${API}/airline/${airlineId}/phpvms-import`, payload: form.payload, headers: { ...admin.headers, ...form.headers } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'ERR_0012' });
      expect(await snapshot()).toEqual(before);
    });

    it('lets only those who may manage the airline import into it', async () => {
      const outsider = await premiumManager(t.app);
      const content = [FLIGHTS_HEADER, flight('3001', 'KAUS', 'KSFO', '0800', '1100')].join('\n');
      await expect(importAs(outsider.user.id, [upload('flights.csv', content)])).rejects.toThrow();
      expect((await snapshot()).routes.map((route) => route.name)).not.toContain('VMS3001 KAUS-KSFO');
    });
  });
});
