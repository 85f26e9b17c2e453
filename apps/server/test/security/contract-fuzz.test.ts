import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { CLOCK_CONTROL_TOKEN_HEADER } from '../../src/modules/ops/ops.plugin';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { databaseDigest, isActionError, operationsOf, urlOf, type Operation } from './support/route-catalogue';
import { phpvmsClient, pilotWithKey, shortHopPrefile } from '../phpvms-api/phpvms-kit';
import { api } from '../support/api';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';

/**
 * Contract fuzz over every operation of the OpenAPI document: malformed bodies, path parameters,
 * queries and headers, anonymous and signed in. Never a 5xx, every error in the action shape, and
 * a refused request changes no table. Fixed seed; FUZZ_RUNS (npm run fuzz) asks for more cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

const badScalar = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.000001, '', ' ', 'a\u0000b', '\u0000', 'x'.repeat(10_000),
    '💥🛫', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", '%00', '2026-13-45', 'NaN', {}, [], [[[]]], { $gt: '' },
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

const badPathValue = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%', '%E0%A4%A', 'a'.repeat(150), '..%2F..%2Fetc', '-1', '0', '99999999999999999999', '1e308', 'null', '%20', '00000000-0000-0000-0000-000000000000'),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

/**
 * A 503 that names why (a feature this server is not configured for, such as AFRV bookings without
 * AFRV_BOOKING_URL) is an answer, not a crash; any other 5xx is a failure.
 */
const isDeliberateUnavailable = (status: number, body: string): boolean =>
  status === 503 && isActionError(body) && !body.includes('"INTERNAL_ERROR"');

type FuzzRequest = {
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const requestFor = (operation: Operation): fc.Arbitrary<FuzzRequest> => {
  const pathValues = fc.record(Object.fromEntries(operation.pathParams.map((name) => [name, badPathValue])));
  const query = fc.dictionary(fc.constantFrom(...operation.queryParams, 'extra', 'page'), badScalar.map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')), { maxKeys: 4 });
  const fieldsWith = (values: fc.Arbitrary<unknown>) =>
    fc.dictionary(fc.constantFrom(...operation.bodyFields, 'extra', '__proto__', 'constructor'), values, { maxKeys: 6 });
  const jsonBody = fc.oneof(
    badScalar.map((value) => JSON.stringify(value) ?? 'null'),
    fieldsWith(badScalar).map((value) => JSON.stringify(value)),
    fc.constant('{}'),
    fc.constantFrom('{bad', '[', '{"a":', '\u0000', '{"a":"\\u0000"}', `{"x":"${'y'.repeat(1_100_000)}"}`),
  );
  const body: fc.Arbitrary<{ contentType?: string; payload?: string }> = operation.hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: jsonBody.map((payload) => ({ contentType: 'application/json', payload })) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            { contentType: 'text/plain', payload: 'hello' },
            { contentType: 'application/xml', payload: '<a/>' },
            { contentType: 'application/x-www-form-urlencoded', payload: 'a=b&c=%00' },
            { contentType: 'multipart/form-data; boundary=zz', payload: '--zz\r\nContent-Disposition: form-data; name="city"\r\n\r\nPar' },
            { contentType: 'multipart/form-data', payload: 'garbage' },
            { contentType: 'application/json; charset=utf-7', payload: '{}' },
            { contentType: undefined, payload: undefined },
          ),
        },
      )
    : fc.constant({});
  const headers = fc.record(
    {
      'refresh-token': fc.oneof(badScalar.map(String), fc.constant('x'.repeat(43))),
      'accept-language': fc.constantFrom('xx', '*', 'fr-FR;q=abc', 'a'.repeat(500)),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip'),
    },
    { requiredKeys: [] },
  );
  return fc.record({ pathValues, query, body, headers }).map(({ pathValues: values, query: q, body: b, headers: h }) => {
    const search = new URLSearchParams(q).toString();
    const result: FuzzRequest = {
      url: urlOf(operation, values, { raw: true }) + (search ? `?${search}` : ''),
      headers: { ...h, ...(b.contentType ? { 'content-type': b.contentType } : {}) },
    };
    if (b.payload !== undefined) result.payload = b.payload;
    return result;
  });
};

/**
 * Sends each operation its malformed cases, anonymous and (when it needs a session) signed in.
 * Returns the failures: a 5xx, an error outside the action shape, or a refused request after which
 * `stateOf` (the database, and whatever else the operation could move) changed.
 */
const fuzz = async (
  app: App,
  operations: Operation[],
  stateOf: (app: App) => Promise<string>,
  runs = RUNS,
  /** Sent with every case (a credential the operation needs to reach its validation). */
  fixedHeaders: Record<string, string> = {},
  /** The error shape every refusal must have: Contrail's action shape unless the API has its own. */
  isErrorShape: (body: string) => boolean = isActionError,
): Promise<string[]> => {
  const failures: string[] = [];
  // A fresh pilot per operation that needs one: a case that ends sessions (sign out everywhere)
  // cannot spoil the next. All signed in before the first case, so the state is taken once after
  // them rather than once after each (a digest of every table: half the fuzz's time when it was).
  const pilots = new Map<number, { authorization: string }>();
  for (const [index, operation] of operations.entries()) {
    if (operation.isAuthenticated) pilots.set(index, (await createSignedInUser(app)).headers);
  }
  // The state before the next request: unchanged by a refused request, recomputed after any other.
  let current = await stateOf(app);
  for (const [index, operation] of operations.entries()) {
    const cases = fc.sample(requestFor(operation), { seed: SEED + index, numRuns: runs });
    for (const signedIn of [false, true]) {
      if (signedIn && !operation.isAuthenticated) continue;
      const auth: { authorization?: string } = signedIn ? pilots.get(index)! : {};
      for (const request of cases) {
        const before = current;
        const response = await app.inject({
          method: operation.method,
          url: request.url,
          headers: { ...request.headers, ...fixedHeaders, ...(signedIn ? { authorization: auth.authorization } : {}) },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        const label = `${operation.method} ${request.url.slice(0, 120)} ${signedIn ? '(signed in)' : ''} -> ${response.statusCode}`;
        if (response.statusCode >= 500 && !isDeliberateUnavailable(response.statusCode, response.body)) failures.push(`${label}: ${response.body.slice(0, 200)}`);
        if (response.statusCode >= 400) {
          if (!isErrorShape(response.body)) failures.push(`${label}: not in the action shape: ${response.body.slice(0, 200)}`);
          current = await stateOf(app);
          if (current !== before) failures.push(`${label}: refused but the state changed`);
        } else {
          current = await stateOf(app);
        }
      }
    }
  }
  return failures;
};

/**
 * The app of the document's fuzz and of the phpVMS fuzz (the same configuration; each fuzz compares
 * the state before and after every request, so what the other left in the database changes
 * nothing): built once for the file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'off' });
  // The default airports load on first use: load them now, so that first use is not taken for a
  // refused request that changed the database.
  expect((await api(t.app).inject(airportRoutes.search, { query: { query: 'LFPG' } })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('contract fuzz over the OpenAPI document', () => {
  let operations: Operation[];
  beforeAll(() => {
    operations = operationsOf(t.app);
  });

  it('finds the operations (the document is the source of the cases)', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.some((operation) => operation.path === '/api/v1/user/sign-in' && operation.method === 'POST')).toBe(true);
    // Routes reach the cases through the document, query parameters included (issue 17's history and quotes).
    const operation = (method: string, path: string) => operations.find((candidate) => candidate.method === method && candidate.path === path);
    expect(operation('GET', '/api/airline-manager/v1/airline/{id}/wallet/history')?.queryParams).toEqual(['months']);
    expect(operation('GET', '/api/airline-manager/v1/traffic-right/iso/{iso}/cost')?.queryParams).toEqual(['airlineId']);
    expect(operation('GET', '/api/airline-manager/v1/airline/hangar/airport/{ident}/cost')?.queryParams).toEqual(expect.arrayContaining(['airlineId', 'type']));
    // The flight review queue (issue 31): its queries and bodies reach the cases too.
    expect(operation('GET', '/api/airline-manager/v1/airline/{id}/flight-review')?.queryParams).toEqual(expect.arrayContaining(['status', 'page', 'size']));
    expect(operation('GET', '/api/v1/admin/flight-review')?.queryParams).toEqual(expect.arrayContaining(['status', 'page', 'size']));
    expect(operation('POST', '/api/v1/admin/flight-review/{flightLogId}/decision')?.bodyFields).toEqual(expect.arrayContaining(['decision', 'comment']));
    expect(operation('POST', '/api/airline-manager/v1/airline/{id}/flight-review/{flightLogId}/decision')?.bodyFields).toEqual(expect.arrayContaining(['decision', 'comment']));
    expect(operation('POST', '/api/v1/flight-log/{id}/review/reply')?.bodyFields).toEqual(['message']);
    expect(operation('PUT', '/api/airline-manager/v1/airline/{id}/review-thresholds')?.bodyFields).toEqual(expect.arrayContaining(['hardLandingFpm']));
    // The phpVMS import (issue 35): a multipart upload of CSV files, fuzzed with the bodies every operation gets.
    expect(operation('POST', '/api/airline-manager/v1/airline/{id}/phpvms-import')).toMatchObject({ pathParams: ['id'], hasBody: true, isAuthenticated: true });
    // The airline's webhooks (issue 35): the URL, form and events reach the cases, and the test and delivery list too.
    expect(operation('POST', '/api/airline-manager/v1/airline/{id}/webhook')?.bodyFields).toEqual(expect.arrayContaining(['url', 'format', 'events', 'description']));
    expect(operation('POST', '/api/airline-manager/v1/airline/{id}/webhook/{webhookId}/test')).toMatchObject({ pathParams: ['id', 'webhookId'], isAuthenticated: true });
    expect(operation('GET', '/api/airline-manager/v1/airline/{id}/webhook-delivery')?.queryParams).toEqual(['limit']);
    // The contrail: flight-plan link (issue 34): signing needs a pilot; the key is public.
    expect(operation('POST', '/api/v1/deep-link/flight-plan')).toMatchObject({ hasBody: true, isAuthenticated: true, bodyFields: expect.arrayContaining(['flightNumber', 'departureIdent', 'cruiseLevelFt']) });
    expect(operation('GET', '/api/v1/deep-link/key')).toMatchObject({ isAuthenticated: false });
    // The weekly challenge (issue 34): read only, for a signed-in pilot.
    expect(operation('GET', '/api/v1/challenge/current')).toMatchObject({ isAuthenticated: true, pathParams: [], queryParams: [] });
  });

  it('answers every malformed request below 500, in the action shape, and a refused one changes nothing', async () => {
    expect(await fuzz(t.app, operations, databaseDigest)).toEqual([]);
  }, 600_000);
});

describe('contract fuzz over the clock control of the browser journeys (CLOCK_CONTROL=on)', () => {
  const clockControlToken = 'contract-fuzz-clock-control-token-0123456789';
  let clocked: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp({ RATE_LIMIT: 'off', CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN: clockControlToken });
  });
  afterAll(async () => clocked?.close());

  // Hidden from the document (journeys call it, never the web app), so it is named here.
  const clockAdvance: Operation = {
    method: 'POST',
    path: '/ops/clock/advance',
    pathParams: [],
    queryParams: [],
    headerParams: [],
    bodyFields: ['hours'],
    hasBody: true,
    isAuthenticated: false,
  };

  it('refuses every malformed move below 500, in the action shape, and the clock stays where it was', async () => {
    const databaseAndClock = async (app: App) => `${await databaseDigest(app)}@${app.deps.clock.now().toISOString()}`;
    // One operation: many more cases than each of the document's get, for the same cost.
    // With the token, so the cases reach the body's validation rather than stopping at the door.
    expect(await fuzz(clocked.app, [clockAdvance], databaseAndClock, RUNS * 10, { [CLOCK_CONTROL_TOKEN_HEADER]: clockControlToken })).toEqual([]);
  }, 120_000);
});

describe('contract fuzz over the phpVMS pilot API (issue 35)', () => {

  /** phpVMS's error bodies: the key middleware's `{ error: { code, message } }`, or RFC 7807 with `error`. */
  const isPhpvmsError = (body: string): boolean => {
    try {
      const parsed = JSON.parse(body) as { type?: unknown; title?: unknown; status?: unknown; error?: { message?: unknown } };
      if (typeof parsed.error?.message !== 'string') return false;
      return parsed.type === undefined ? true : typeof parsed.type === 'string' && typeof parsed.title === 'string' && typeof parsed.status === 'number';
    } catch {
      return false;
    }
  };
  const op = (method: Operation['method'], path: string, bodyFields: string[] = [], queryParams: string[] = []): Operation => ({
    method,
    path: `/api/phpvms${path}`,
    pathParams: path.includes('{id}') ? ['id'] : [],
    queryParams,
    headerParams: [],
    bodyFields,
    hasBody: method !== 'GET' && bodyFields.length > 0,
    isAuthenticated: false,
  });
  // Hidden from the OpenAPI document (phpVMS's contract, not Contrail's), so named here.
  const operations: Operation[] = [
    op('GET', '/user'),
    op('GET', '/user/fleet'),
    op('GET', '/fleet'),
    op('GET', '/airlines'),
    op('GET', '/airports/{id}'),
    op('GET', '/flights/search', [], ['dpt_airport_id', 'arr_airport_id', 'airline_id', 'page']),
    op('GET', '/flights/{id}'),
    op('GET', '/user/bids'),
    op('POST', '/user/bids', ['flight_id', 'aircraft_id']),
    op('PUT', '/user/bids', ['flight_id', 'aircraft_id']),
    op('DELETE', '/user/bids', ['flight_id', 'bid_id']),
    op('GET', '/user/pireps', [], ['state', 'page']),
    op('POST', '/pireps/prefile', ['airline_id', 'aircraft_id', 'flight_number', 'dpt_airport_id', 'arr_airport_id', 'source_name', 'level', 'fields', 'fares']),
    op('GET', '/pireps/{id}'),
    op('PUT', '/pireps/{id}', ['status', 'fields', 'flight_time', 'distance']),
    op('POST', '/pireps/{id}/update', ['status', 'fields', 'notes', 'level']),
    op('POST', '/pireps/{id}/file', ['distance', 'flight_time', 'fuel_used', 'fields']),
    op('PUT', '/pireps/{id}/cancel'),
    op('DELETE', '/pireps/{id}/cancel'),
    op('GET', '/pireps/{id}/acars/position'),
    op('POST', '/pireps/{id}/acars/position', ['positions']),
    op('POST', '/pireps/{id}/acars/positions', ['positions']),
    op('POST', '/pireps/{id}/acars/events', ['events']),
    op('POST', '/pireps/{id}/acars/logs', ['logs']),
    op('GET', '/pireps/{id}/route'),
    op('POST', '/pireps/{id}/route', ['route']),
    op('DELETE', '/pireps/{id}/route'),
    op('GET', '/pireps/{id}/fields'),
    op('POST', '/pireps/{id}/fields', ['fields']),
    op('GET', '/pireps/{id}/comments'),
    op('POST', '/pireps/{id}/comments', ['comment']),
  ];

  // An address the server cannot route at all (too long, broken percent-encoding) is refused before
  // any module sees it, in Contrail's action shape: that is the one other shape allowed.
  const isPhpvmsOrRouterError = (body: string): boolean => isPhpvmsError(body) || /"message":"(A part of the address is too long|The address is not valid)"/.test(body);

  it('answers every malformed request below 500 in phpVMS\'s error shape, and a refused one changes nothing', async () => {
    const pilot = await pilotWithKey(t.app);
    const client = phpvmsClient(t.app, pilot.apiKey);
    // A report in progress, so a case that reaches it meets a real one; the key is used once first.
    expect((await client.post('/pireps/prefile', shortHopPrefile())).statusCode).toBe(200);
    expect(await fuzz(t.app, operations, databaseDigest, RUNS * 2, { 'x-api-key': pilot.apiKey }, isPhpvmsOrRouterError)).toEqual([]);
    // And without a key, every one of them is a 401 in the key middleware's shape.
    expect(await fuzz(t.app, operations, databaseDigest, 1, {}, isPhpvmsOrRouterError)).toEqual([]);
  }, 600_000);
});
