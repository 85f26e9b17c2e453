import { describe, expect, it } from 'vitest';
import { KG_PER_LB, ZFlightPlanData } from '../../src/flight-plan/flight-plan-data';
import { FlightPlanImportError, parseSimbriefJson, parseSimbriefXml } from '../../src/flight-plan/parse-simbrief';
import { hasSimbriefData, readSimbriefFile, simbriefJsonOf } from './simbrief-files';

const lbsToKg = (lbs: number) => Math.round(lbs * KG_PER_LB);

const expectNoData = (run: () => unknown, message?: RegExp) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FlightPlanImportError);
    expect((error as FlightPlanImportError).reason).toBe('noData');
    if (message) expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected a noData error');
};

describe.skipIf(!hasSimbriefData)('parseSimbriefXml on the real OMAA-OMDB OFP (lido2, lbs, AIRAC 2001)', () => {
  const plan = hasSimbriefData ? parseSimbriefXml(readSimbriefFile('briefing.xml')) : undefined!;

  it('matches the contract schema', () => {
    expect(ZFlightPlanData.safeParse(plan).success).toBe(true);
    expect(plan).toMatchObject({ source: 'SIMBRIEF', requestId: '19317474', airac: '2001', originalWeightUnit: 'lbs', aircraftIcao: 'A320' });
  });

  it('reads origin, destination and alternate with runway and position', () => {
    expect(plan.origin).toEqual({ icaoCode: 'OMAA', runway: '31L', latitude: 24.433056, longitude: 54.651111, elevationFt: 83, name: 'ABU DHABI INTL' });
    expect(plan.destination).toEqual({ icaoCode: 'OMDB', runway: '12R', latitude: 25.252778, longitude: 55.364444, elevationFt: 62, name: 'DUBAI INTL' });
    expect(plan.alternate?.icaoCode).toBe('OTHH');
    expect(plan.alternate?.runway).toBe('16L');
  });

  it('reads general: cost index, initial altitude, route distance, flight number, airline', () => {
    expect(plan.general).toMatchObject({
      costIndex: 5,
      initialAltitudeFt: 16000,
      routeDistanceNm: 138,
      gcDistanceNm: 63,
      flightNumber: '112',
      airline: 'VMS',
      cruiseTasKts: 344,
      passengers: 167,
    });
    expect(plan.general.route.startsWith('DCT BOMUP DCT LOVIM')).toBe(true);
    expect(plan.notes).toEqual(['PLANNED OPTIMUM FLIGHT LEVEL', 'PAYLOAD/CARGO LIMITED BY MLW']);
  });

  it('converts the fuel plan from pounds to kilograms', () => {
    // The OFP: taxi 220, enroute_burn 3340, contingency 1447, alternate_burn 5323, reserve 3983,
    // extra 0, plan_ramp 14313, plan_takeoff 14093, plan_landing 10973, avg_fuel_flow 5788 (lbs).
    expect(plan.fuel).toEqual({
      taxiKg: 100,
      tripKg: 1515,
      contingencyKg: 656,
      alternateKg: 2414,
      finalReserveKg: 1807,
      extraKg: 0,
      blockKg: 6492,
      plannedTakeoffKg: 6392,
      plannedLandingKg: 4977,
      averageFuelFlowKgPerHour: 2625,
    });
    expect(plan.fuel.tripKg).toBe(lbsToKg(3340));
    expect(plan.fuel.blockKg).toBe(lbsToKg(14313));
    const { taxiKg, tripKg, contingencyKg, alternateKg, finalReserveKg, extraKg } = plan.fuel;
    expect(Math.abs(taxiKg + tripKg + contingencyKg + alternateKg + finalReserveKg + extraKg - plan.fuel.blockKg)).toBeLessThanOrEqual(3);
  });

  it('reads the navlog: 15 fixes from BOMUP to OMDB, with TOC and TOD, summing to the route distance', () => {
    expect(plan.navlog).toHaveLength(15);
    expect(plan.navlog[0]).toEqual({
      ident: 'BOMUP',
      name: 'BOMUP',
      type: 'wpt',
      latitude: 24.484639,
      longitude: 54.578444,
      stage: 'CLB',
      viaAirway: 'DCT',
      altitudeFt: 7100,
      legDistanceNm: 5,
      cumulativeDistanceNm: 5,
      timeTotalSec: 65,
    });
    expect(plan.navlog.at(-1)).toMatchObject({ ident: 'OMDB', type: 'apt', stage: 'DSC', altitudeFt: 2600, cumulativeDistanceNm: 138, timeTotalSec: 2077 });
    expect(plan.navlog.map((fix) => fix.ident)).toEqual([
      'BOMUP', 'LOVIM', 'RESIG', 'NODVI', 'OBMUK', 'TOC', 'LORID', 'ORGUR', 'PEBUS', 'EMOPO', 'LOTUK', 'TOD', 'LAGTA', 'LOVOL', 'OMDB',
    ]);
    expect(plan.navlog.find((fix) => fix.ident === 'TOC')).toMatchObject({ name: 'TOP OF CLIMB', altitudeFt: 16000, timeTotalSec: 421 });
  });

  it('reads times in seconds and epoch seconds', () => {
    expect(plan.times).toEqual({
      estimatedBlockSec: 3037,
      estimatedEnrouteSec: 2077,
      taxiOutSec: 600,
      taxiInSec: 360,
      scheduledOut: 1388579400,
      estimatedIn: 1388582437,
    });
  });

  it('converts the weights to kilograms', () => {
    expect(plan.weights).toEqual({
      estimatedTakeoffWeightKg: lbsToKg(148845),
      zeroFuelWeightKg: lbsToKg(134752),
      payloadKg: lbsToKg(38234),
      estimatedLandingWeightKg: lbsToKg(145505),
      operatingEmptyWeightKg: lbsToKg(96518),
      maxTakeoffWeightKg: lbsToKg(148845),
      paxCount: 167,
      cargoKg: 0,
    });
    expect(plan.weights.estimatedTakeoffWeightKg).toBe(67515);
  });

  it('reads the same plan from SimBrief JSON (the XML converted)', () => {
    const json = simbriefJsonOf(readSimbriefFile('briefing.xml'));
    expect(parseSimbriefJson(json)).toEqual(plan);
    expect(parseSimbriefJson(JSON.stringify(json))).toEqual(plan);
  });
});

describe.skipIf(!hasSimbriefData)('parseSimbriefXml on the real ACARS variant (root VMSAcars, MKJP-MWCR)', () => {
  const plan = hasSimbriefData ? parseSimbriefXml(readSimbriefFile('acars_briefing.xml')) : undefined!;

  it('reads the shorter OFP', () => {
    expect(plan.origin).toMatchObject({ icaoCode: 'MKJP', runway: '12', latitude: 17.935556, longitude: -76.7875 });
    expect(plan.destination).toMatchObject({ icaoCode: 'MWCR', runway: '08', latitude: 19.292781, longitude: -81.357767 });
    expect(plan.general).toMatchObject({ initialAltitudeFt: 23000, routeDistanceNm: 319, flightNumber: '99', airline: 'VMS', costIndex: 5 });
    expect(plan.fuel.tripKg).toBe(lbsToKg(5723));
    expect(plan.fuel.blockKg).toBe(lbsToKg(15623));
    expect(plan.fuel.finalReserveKg).toBe(lbsToKg(3967));
    expect(plan.times).toMatchObject({ estimatedBlockSec: 4131, scheduledOut: 1388579400, taxiOutSec: 300 });
    expect(plan.weights).toMatchObject({ estimatedTakeoffWeightKg: lbsToKg(151228), zeroFuelWeightKg: lbsToKg(135825), payloadKg: lbsToKg(39307) });
  });

  it('reads its navlog without times', () => {
    expect(plan.navlog).toHaveLength(15);
    expect(plan.navlog[0]).toMatchObject({ ident: 'UKIMO', viaAirway: 'LEXUV3', altitudeFt: 4900, timeTotalSec: null });
    expect(plan.navlog.at(-1)).toMatchObject({ ident: 'MWCR', type: 'apt', cumulativeDistanceNm: 319 });
  });
});

describe('parseSimbrief errors: no data', () => {
  it('rejects empty and garbage input', () => {
    expectNoData(() => parseSimbriefXml(''), /empty/);
    expectNoData(() => parseSimbriefXml('   '), /empty/);
    expectNoData(() => parseSimbriefXml('not xml at all'), /not valid XML/);
    expectNoData(() => parseSimbriefXml('<OFP><general>'), /not valid XML/);
    expectNoData(() => parseSimbriefXml('<html><body>Hello</body></html>'), /not a SimBrief flight plan/);
    expectNoData(() => parseSimbriefJson(''), /empty/);
    expectNoData(() => parseSimbriefJson('{oops'), /not valid JSON/);
    expectNoData(() => parseSimbriefJson(null), /not a JSON object/);
    expectNoData(() => parseSimbriefJson([1, 2]), /not a JSON object/);
    expectNoData(() => parseSimbriefJson({}), /not a SimBrief flight plan/);
  });

  it("turns SimBrief's fetch error into the reason", () => {
    const answer = '<?xml version="1.0"?><OFP><fetch><userid>1</userid><status>Error: Unknown UserID</status></fetch></OFP>';
    expectNoData(() => parseSimbriefXml(answer), /SimBrief: Error: Unknown UserID/);
    expectNoData(() => parseSimbriefJson({ fetch: { status: 'Error: No flight plan on file for the specified user' } }), /No flight plan on file/);
  });

  it.skipIf(!hasSimbriefData)('names a missing section or an unknown unit', () => {
    const xml = readSimbriefFile('briefing.xml');
    expectNoData(() => parseSimbriefXml(xml.replace(/<fuel>[\s\S]*?<\/fuel>/, '')), /no <fuel> section/);
    expectNoData(() => parseSimbriefXml(xml.replace('<units>lbs</units>', '<units>stones</units>')), /Unknown weight unit "stones"/);
    expectNoData(() => parseSimbriefXml(xml.replace('<pos_lat>24.433056</pos_lat>', '<pos_lat>north</pos_lat>')), /origin\.pos_lat/);
  });

  it.skipIf(!hasSimbriefData)('reads kilograms as they are', () => {
    const xml = readSimbriefFile('briefing.xml').replace('<units>lbs</units>', '<units>kgs</units>');
    const plan = parseSimbriefXml(xml);
    expect(plan.originalWeightUnit).toBe('kg');
    expect(plan.fuel.tripKg).toBe(3340);
    expect(plan.weights.payloadKg).toBe(38234);
  });
});
