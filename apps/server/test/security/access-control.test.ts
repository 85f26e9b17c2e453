import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertStoredFlightLog } from '../flight-log/support/stored-flight-log';
import { insertPendingFlightLog } from '../flight-review/support/pending-flight-log';
import { registerShortHop } from '../flight/support/flight-kit';
import { databaseDigest, operationsOf, urlOf, type Operation } from './support/route-catalogue';
import { BASE, phpvmsClient, pilotWithKey, shortHopPrefile } from '../phpvms-api/phpvms-kit';
import { createAirlineFor, premiumManager, seedAirlineReference } from '../airline/airline-fixtures';
import { users } from '../../src/modules/user/user.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { api } from '../support/api';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

type OpenApiSchema = { type?: string | string[]; properties?: Record<string, OpenApiSchema>; enum?: unknown[]; format?: string; minimum?: number; items?: OpenApiSchema; anyOf?: OpenApiSchema[]; default?: unknown };

/**
 * A plausible body from the operation's JSON schema, so the request gets past validation and
 * reaches the access check (a 400 would prove nothing about access).
 */
const exampleOf = (schema: OpenApiSchema | undefined, victimId: string): unknown => {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0], victimId);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, victimId)]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'uuid' ? victimId : schema.format === 'email' ? 'someone@example.test' : schema.format === 'date-time' ? new Date().toISOString() : 'Valid-Pass-2026';
    case undefined:
    default:
      return undefined;
  }
};

/**
 * Access over every path that carries an id: the attacker (signed in) uses each of the victims' ids
 * (user, flight, flight log, aircraft configuration, airline, airline wallet transaction) in every
 * path parameter of every authenticated operation of the OpenAPI document. Each must be refused (400, 403 or 404) and change nothing.
 * Generated from the route list, so a route another module adds is covered the day it lands.
 */
describe("another user's ids on every authenticated path", () => {
  let t: TestApp;
  let victim: SignedInUser;
  let attacker: SignedInUser;
  let victimIds: Record<string, string>;
  let schemas: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    victim = await createSignedInUser(t.app);
    attacker = await createSignedInUser(t.app);
    const flight = await registerShortHop(t.app, victim.headers);
    const log = await insertStoredFlightLog(t.app, victim.user.id);
    const configuration = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/aircraft-config/',
      headers: victim.headers,
      payload: { icao: 'A320', name: 'victim layout', first: 0, business: 12, eco: 150 },
    });
    expect(configuration.statusCode).toBe(201);
    // Another manager's airline and one of its wallet rows (its starting money).
    await seedAirlineReference(t.app);
    const airlineId = await createAirlineFor(t.app, await premiumManager(t.app));
    const [airlinePayment] = await t.app.deps.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(eq(walletTransactions.airlineId, airlineId))
      .limit(1);
    // A flight of the victim's airline waiting for review: the attacker may neither see nor decide nor answer it.
    const pendingLog = await insertPendingFlightLog(t.app, victim.user.id, { airlineId });
    // The victim's phpVMS API key (issue 35): the attacker may neither revoke nor use it.
    const phpvmsKey = await api(t.app, victim.headers).inject(phpvmsKeyRoutes.create, { body: { name: 'victim key' } });
    victimIds = {
      user: victim.user.id,
      flight: flight.id,
      log: (log as { id: string }).id,
      pendingLog: pendingLog.id,
      configuration: configuration.json<{ id: string }>().id,
      airline: airlineId,
      walletTransaction: airlinePayment!.id,
      phpvmsKey: phpvmsKey.json<{ id: string }>().id,
    };
    schemas = (t.app.swagger() as { paths: typeof schemas }).paths;
  });
  afterAll(async () => t.close());

  it('has victim resources of every kind to aim at', () => {
    for (const id of Object.values(victimIds)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells a committed change from a read or a rolled-back change (the check can fail)', async () => {
    const renameVictim = (db: Pick<typeof t.app.deps.db, 'update'>, displayName: string) =>
      db.update(users).set({ displayName }).where(eq(users.id, victim.user.id));
    const before = await databaseDigest(t.app);
    await api(t.app, victim.headers).inject(userRoutes.ownInformation);
    expect(await databaseDigest(t.app)).toBe(before);
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await renameVictim(tx, 'Rolled back');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await databaseDigest(t.app)).toBe(before);
    await renameVictim(t.app.deps.db, 'Renamed');
    expect(await databaseDigest(t.app)).not.toBe(before);
  });

  it('refuses every one of them and changes nothing', async () => {
    const operations = operationsOf(t.app).filter((operation: Operation) => operation.isAuthenticated && operation.pathParams.length > 0);
    expect(operations.length).toBeGreaterThan(10);
    const failures: string[] = [];
    let refusedByAccess = 0;
    for (const operation of operations) {
      const bodySchema = schemas[operation.path]?.[operation.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      for (const [kind, id] of Object.entries(victimIds)) {
        const values = Object.fromEntries(operation.pathParams.map((name) => [name, id]));
        const before = await databaseDigest(t.app);
        const body = exampleOf(bodySchema, id);
        const response = await t.app.inject({
          method: operation.method,
          url: urlOf(operation, values),
          headers: attacker.headers,
          ...(operation.hasBody && body !== undefined ? { payload: body as Record<string, unknown> } : {}),
        });
        const label = `${operation.method} ${operation.path} with the victim's ${kind} id -> ${response.statusCode}`;
        if (![400, 403, 404].includes(response.statusCode)) failures.push(`${label}: ${response.body.slice(0, 160)}`);
        if (response.statusCode === 403 || response.statusCode === 404) refusedByAccess += 1;
        if ((await databaseDigest(t.app)) !== before) failures.push(`${label}: the database changed`);
      }
    }
    expect(failures).toEqual([]);
    // Most cases must reach the access check, not stop at validation.
    expect(refusedByAccess).toBeGreaterThan(operations.length);
  }, 300_000);
});

/**
 * The phpVMS pilot API (issue 35) is outside the OpenAPI document: another pilot's key on every
 * route that names a report must find nothing (404) and change nothing; the owner's key still works.
 */
describe("another pilot's phpVMS reports", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('refuses every report route to another pilot with 404 and changes nothing', async () => {
    const victim = await pilotWithKey(t.app);
    const attacker = await pilotWithKey(t.app);
    const victimClient = phpvmsClient(t.app, victim.apiKey);
    const attackerClient = phpvmsClient(t.app, attacker.apiKey);
    const pirep = (await victimClient.post('/pireps/prefile', shortHopPrefile())).json<{ data: { id: string } }>().data;
    // Each key used once, so its last-used mark is set before the digests.
    expect((await attackerClient.get('/user')).statusCode).toBe(200);
    const body = { positions: [{ lat: 51.47, lon: -0.45 }], logs: [{ log: 'x' }], events: [{ event: 'x' }], route: [{ name: 'A', order: 1, lat: 1, lon: 1 }], fields: { a: 'b' }, comment: 'x', flight_time: 10, distance: 10, notes: 'x' };
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', ''],
      ['PUT', ''],
      ['POST', ''],
      ['PUT', '/update'],
      ['POST', '/update'],
      ['POST', '/file'],
      ['PUT', '/cancel'],
      ['DELETE', '/cancel'],
      ['GET', '/acars/position'],
      ['POST', '/acars/position'],
      ['POST', '/acars/positions'],
      ['POST', '/acars/events'],
      ['POST', '/acars/logs'],
      ['GET', '/route'],
      ['POST', '/route'],
      ['DELETE', '/route'],
      ['GET', '/fields'],
      ['POST', '/fields'],
      ['GET', '/comments'],
      ['POST', '/comments'],
    ];
    const failures: string[] = [];
    for (const [method, path] of routes) {
      const before = await databaseDigest(t.app);
      const response = await t.app.inject({ method, url: `${BASE}/pireps/${pirep.id}${path}`, headers: { 'x-api-key': attacker.apiKey }, ...(method === 'GET' ? {} : { payload: body }) });
      if (response.statusCode !== 404) failures.push(`${method} ${path} -> ${response.statusCode}: ${response.body.slice(0, 160)}`);
      if ((await databaseDigest(t.app)) !== before) failures.push(`${method} ${path}: the database changed`);
    }
    expect(failures).toEqual([]);
    expect((await attackerClient.get('/user/pireps')).json<{ data: unknown[] }>().data).toHaveLength(0);
    expect((await victimClient.get(`/pireps/${pirep.id}`)).json()).toMatchObject({ data: { id: pirep.id, state: 0 } });
  }, 120_000);
});
