import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZFlightPlanData, type TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type { App } from '../../src/app';
import { createUser, type UserOverrides } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { hasSimbriefData, ofpJsonOf, readOfp, startSimbriefPeer, type SimbriefPeer } from './simbrief-peer';
import { api } from '../support/api';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';

const pilotWith = async (app: App, overrides: UserOverrides = {}) => {
  const { user } = await createUser(app, overrides);
  const { token } = await app.accessTokens.issue({ id: user.id, userName: user.userName }, new Date());
  return { user, headers: { authorization: `Bearer ${token}` } };
};

const expectError = (response: { statusCode: number; json: () => unknown }, status: number, errorCode: string, message?: RegExp) => {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { success: boolean; errorCode: string; message: string };
  expect(body.success).toBe(false);
  expect(body.errorCode).toBe(errorCode);
  if (message) expect(body.message).toMatch(message);
};

describe('flight-plan import (POST /api/flight-plan/import)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.skipIf(!hasSimbriefData)('reads a real OFP in XML and in JSON into the same Flight plan data', async () => {
    const { headers } = await pilotWith(t.app);
    const xml = readOfp('briefing.xml');
    const fromXml = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: xml } });
    expect(fromXml.statusCode).toBe(200);
    const plan = ZFlightPlanData.parse(fromXml.json());
    expect(plan.origin).toMatchObject({ icaoCode: 'OMAA', runway: '31L', latitude: 24.433056, longitude: 54.651111 });
    expect(plan.destination).toMatchObject({ icaoCode: 'OMDB', runway: '12R' });
    expect(plan.fuel.blockKg).toBe(Math.round(14313 * 0.45359237));
    expect(plan.navlog).toHaveLength(15);

    const fromJson = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'json', content: ofpJsonOf(xml) } });
    expect(fromJson.statusCode).toBe(200);
    expect(fromJson.json()).toEqual(fromXml.json());

    const acars = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: readOfp('acars_briefing.xml') } });
    expect(acars.statusCode).toBe(200);
    expect(acars.json<TFlightPlanData>().origin.icaoCode).toBe('MKJP');
  });

  it('answers 422 FLIGHT_PLAN_NO_DATA for garbage, with the reason', async () => {
    const { headers } = await pilotWith(t.app);
    const garbage = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: 'hello world' } });
    expectError(garbage, 422, 'FLIGHT_PLAN_NO_DATA', /not valid XML/);
    const notOfp = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: '<html><body/></html>' } });
    expectError(notOfp, 422, 'FLIGHT_PLAN_NO_DATA', /not a SimBrief flight plan/);
    const badJson = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'json', content: '[1,2,3]' } });
    expectError(badJson, 422, 'FLIGHT_PLAN_NO_DATA', /not a JSON object/);
  });

  it('validates the body and requires a session', async () => {
    const { headers } = await pilotWith(t.app);
    const empty = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: '' } });
    expectError(empty, 400, 'VALIDATION_ERROR');
    const format = await api(t.app, headers).injectLoose(flightPlanRoutes.import, { body: { format: 'pdf', content: '<OFP/>' } });
    expectError(format, 400, 'VALIDATION_ERROR', /format/);
    const anonymous = await api(t.app).inject(flightPlanRoutes.import, { body: { format: 'xml', content: '<OFP/>' } });
    expectError(anonymous, 401, 'UNAUTHORIZED');
  });

  it('accepts up to 2 MiB of OFP and refuses more', async () => {
    const { headers } = await pilotWith(t.app);
    const padding = (chars: number) => `<OFP><x>${'a'.repeat(chars - 18)}</x></OFP>`;
    const atLimit = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: padding(2 * 1024 * 1024) } });
    // Read, and found to be no flight plan: the size itself was accepted.
    expectError(atLimit, 422, 'FLIGHT_PLAN_NO_DATA');
    const over = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: padding(2 * 1024 * 1024 + 1) } });
    expectError(over, 400, 'VALIDATION_ERROR', /content/);
    const huge = await api(t.app, headers).inject(flightPlanRoutes.import, { body: { format: 'xml', content: padding(4 * 1024 * 1024) } });
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('latest SimBrief plan (GET /api/flight-plan/simbrief/latest)', () => {
  let t: TestApp;
  let peer: SimbriefPeer;
  beforeAll(async () => {
    peer = await startSimbriefPeer(hasSimbriefData ? { '100001': readOfp('briefing.xml'), captain42: readOfp('acars_briefing.xml') } : {});
    t = await createTestApp({ SIMBRIEF_BASE_URL: peer.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it.skipIf(!hasSimbriefData)("fetches the pilot's OFP by the SimBrief id on the profile, in XML or JSON", async () => {
    const { headers } = await pilotWith(t.app, { simbrief: '100001' });
    const xml = await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest);
    expect(xml.statusCode).toBe(200);
    const plan = ZFlightPlanData.parse(xml.json());
    expect(plan).toMatchObject({ requestId: '19317474', aircraftIcao: 'A320', general: { flightNumber: '112', initialAltitudeFt: 16000 } });
    const last = peer.requests.at(-1)!;
    expect(last.path).toBe('/api/xml.fetcher.php');
    expect(last.query.get('userid')).toBe('100001');
    expect(last.query.has('json')).toBe(false);

    const json = await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest, { query: { format: 'json' } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(xml.json());
    expect(peer.requests.at(-1)?.query.get('json')).toBe('1');
  });

  it.skipIf(!hasSimbriefData)('asks by username when the profile holds a SimBrief username', async () => {
    const { headers } = await pilotWith(t.app, { simbrief: 'captain42' });
    const response = await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest);
    expect(response.statusCode).toBe(200);
    expect(response.json<TFlightPlanData>().origin.icaoCode).toBe('MKJP');
    expect(peer.requests.at(-1)?.query.get('username')).toBe('captain42');
  });

  it('answers 422 FLIGHT_PLAN_NO_ID_SET without a SimBrief id, without calling SimBrief', async () => {
    const before = peer.requests.length;
    const { headers } = await pilotWith(t.app);
    expectError(await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest), 422, 'FLIGHT_PLAN_NO_ID_SET', /No SimBrief id set/);
    const blank = await pilotWith(t.app, { simbrief: '   ' });
    expectError(await api(t.app, blank.headers).inject(flightPlanRoutes.simbriefLatest), 422, 'FLIGHT_PLAN_NO_ID_SET');
    expect(peer.requests.length).toBe(before);
  });

  it("answers 422 FLIGHT_PLAN_NO_DATA with SimBrief's reason when it has no plan", async () => {
    const { headers } = await pilotWith(t.app, { simbrief: '999999' });
    expectError(await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest), 422, 'FLIGHT_PLAN_NO_DATA', /Unknown UserID/);
    expectError(
      await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest, { query: { format: 'json' } }),
      422,
      'FLIGHT_PLAN_NO_DATA',
      /Unknown UserID/,
    );
  });

  it('answers 422 FLIGHT_PLAN_NO_DATA for an empty answer and 502 for a SimBrief failure', async () => {
    const { headers } = await pilotWith(t.app, { simbrief: '100002' });
    try {
      peer.answerWith(() => ({ status: 200, body: '' }));
      expectError(await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest), 422, 'FLIGHT_PLAN_NO_DATA', /nothing/);
      peer.answerWith(() => ({ status: 503, body: 'maintenance' }));
      expectError(
        await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest),
        502,
        'FLIGHT_PLAN_PROVIDER_UNAVAILABLE',
        /SimBrief is unavailable \(HTTP 503\)/,
      );
    } finally {
      peer.answerWith((request) => ({ status: 400, body: `unexpected ${request.path}` }));
    }
  });

  it('requires a session and a known format', async () => {
    expectError(await api(t.app).inject(flightPlanRoutes.simbriefLatest), 401, 'UNAUTHORIZED');
    const { headers } = await pilotWith(t.app, { simbrief: '100001' });
    expectError(await api(t.app, headers).injectLoose(flightPlanRoutes.simbriefLatest, { query: { format: 'pdf' } }), 400, 'VALIDATION_ERROR');
  });
});

describe('generated plan (POST /api/flight-plan/generate) and request signing without a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    departureIdent: 'egll',
    arrivalIdent: 'LFPG',
    aircraftIcao: 'a320',
    cruiseLevelFt: 35000,
    flightNumber: 'CTR123',
    scheduledOut: 1_700_000_000,
    ...overrides,
  });

  it('plans between two airports of the airport data for a catalogue aircraft', async () => {
    const { headers } = await pilotWith(t.app);
    const response = await api(t.app, headers).injectLoose(flightPlanRoutes.generate, { body: body({ airline: 'ctr' }) });
    expect(response.statusCode).toBe(200);
    const plan = ZFlightPlanData.parse(response.json());
    expect(plan.source).toBe('CONTRAIL');
    expect(plan.origin.icaoCode).toBe('EGLL');
    expect(plan.origin.latitude).toBeCloseTo(51.47, 1);
    expect(plan.destination.icaoCode).toBe('LFPG');
    expect(plan.general).toMatchObject({ flightNumber: 'CTR123', airline: 'CTR' });
    expect(plan.general.routeDistanceNm).toBeGreaterThanOrEqual(185);
    expect(plan.general.routeDistanceNm).toBeLessThanOrEqual(192);
    expect(plan.aircraftIcao).toBe('A320');
    expect(plan.fuel.finalReserveKg).toBe(Math.round(2500 * 0.75));
    expect(plan.times.scheduledOut).toBe(1_700_000_000);
    expect(plan.navlog.at(-1)?.ident).toBe('LFPG');
  });

  it('routes over the embedded VORs and suggests the level when the pilot gives none (issue 20)', async () => {
    const { headers } = await pilotWith(t.app);
    const { cruiseLevelFt: _omitted, ...withoutLevel } = body();
    const response = await api(t.app, headers).injectLoose(flightPlanRoutes.generate, { body: withoutLevel });
    expect(response.statusCode).toBe(200);
    const plan = ZFlightPlanData.parse(response.json());
    // "DCT SFD DCT DPE DCT ..." by ident, not "DCT 5015N00105E DCT": every en-route fix is a real navaid.
    const enRoute = plan.navlog.filter((fix) => !['TOC', 'TOD', 'LFPG'].includes(fix.ident));
    expect(enRoute.length).toBeGreaterThanOrEqual(2);
    for (const fix of enRoute) expect(fix).toMatchObject({ type: 'vor', viaAirway: 'DCT' });
    expect(plan.general.route).toBe(['DCT', ...enRoute.flatMap((fix) => [fix.ident, 'DCT'])].join(' '));
    expect(plan.general.route).not.toMatch(/\d{4}[NS]\d{5}[EW]/);
    // 188 NM south-east: an odd level well below the A320's FL370, with TOC before TOD.
    expect(plan.general.initialAltitudeFt).toBeLessThanOrEqual(25000);
    expect((plan.general.initialAltitudeFt / 1000) % 2).toBe(1);
    const toc = plan.navlog.find((fix) => fix.ident === 'TOC')!;
    const tod = plan.navlog.find((fix) => fix.ident === 'TOD')!;
    expect(toc.cumulativeDistanceNm).toBeLessThan(tod.cumulativeDistanceNm);
    expect(plan.notes).toEqual([]);
  });

  it('refuses unknown airports and aircraft, the same airport twice and bad fields', async () => {
    const { headers } = await pilotWith(t.app);
    const post = (payload: Record<string, unknown>) => api(t.app, headers).injectLoose(flightPlanRoutes.generate, { body: payload });
    const unknownAirport = await post(body({ arrivalIdent: 'QQQQ' }));
    expectError(unknownAirport, 404, 'NOT_FOUND', /Airport QQQQ not found/);
    expect(unknownAirport.json<{ field: string }>().field).toBe('arrivalIdent');
    expectError(await post(body({ aircraftIcao: 'ZZ99' })), 404, 'NOT_FOUND', /Aircraft type ZZ99/);
    expectError(await post(body({ arrivalIdent: 'EGLL' })), 400, 'VALIDATION_ERROR', /differ/);
    expectError(await post(body({ cruiseLevelFt: 350 })), 400, 'VALIDATION_ERROR', /cruiseLevelFt/);
    expectError(await post(body({ flightNumber: '' })), 400, 'VALIDATION_ERROR', /flightNumber/);
    expectError(await post(body({ scheduledOut: 'tomorrow' })), 400, 'VALIDATION_ERROR', /scheduledOut/);
    expectError(await api(t.app).injectLoose(flightPlanRoutes.generate, { body: body() }), 401, 'UNAUTHORIZED');
  });

  it('answers code null and a clear error without a SimBrief key, and refuses bad calls', async () => {
    const { headers } = await pilotWith(t.app);
    const response = await api(t.app, headers).inject(flightPlanRoutes.signSimbriefRequest, { query: { apiReq: 'LFPGKJFK' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: null, error: 'SimBrief API key is not configured' });
    expectError(await api(t.app, headers).inject(flightPlanRoutes.signSimbriefRequest), 400, 'VALIDATION_ERROR', /apiReq/);
    expectError(await api(t.app).inject(flightPlanRoutes.signSimbriefRequest, { query: { apiReq: 'x' } }), 401, 'UNAUTHORIZED');
  });
});

describe('with a SimBrief API key, and SimBrief unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was just open and is now closed: connection refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    t = await createTestApp({ SIMBRIEF_API_KEY: 'a', SIMBRIEF_BASE_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => t.close());

  it('signs api_req as md5(api key + api_req) (GET /api/simbrief/generate-request)', async () => {
    const { headers } = await pilotWith(t.app);
    // A known vector: md5("abc") = 900150983cd24fb0d6963f7d28e17f72 (key "a", api_req "bc").
    const vector = await api(t.app, headers).inject(flightPlanRoutes.signSimbriefRequest, { query: { apiReq: 'bc' } });
    expect(vector.statusCode).toBe(200);
    expect(vector.json()).toEqual({ code: '900150983cd24fb0d6963f7d28e17f72', error: null });
    const apiReq = 'LFPGKJFKB77W1700000000https://contrail.example/simbrief/done';
    const response = await api(t.app, headers).inject(flightPlanRoutes.signSimbriefRequest, { query: { apiReq } });
    expect(response.json()).toEqual({ code: createHash('md5').update(`a${apiReq}`).digest('hex'), error: null });
  });

  it('answers 502 with a clear message when SimBrief cannot be reached', async () => {
    const { headers } = await pilotWith(t.app, { simbrief: '100001' });
    expectError(
      await api(t.app, headers).inject(flightPlanRoutes.simbriefLatest),
      502,
      'FLIGHT_PLAN_PROVIDER_UNAVAILABLE',
      /SimBrief could not be reached \(ECONNREFUSED\)/,
    );
  });
});
