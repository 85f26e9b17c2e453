import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreatedWebhook, TWebhookDelivery, TWebhookEndpoint } from '@contrail/domain/webhook/webhook-contract';
import { airlineMembers, airlines } from '../../src/modules/airline/airline.schema';
import { settleAirlines } from '../../src/modules/airline/airline-settlement';
import { sendWebhook } from '../../src/modules/webhook/webhook-sender';
import { createSignedInUser, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen } from '../flight/support/flight-kit';
import { flyTampered, withTouchdownRate } from '../flight/support/tampered-frames';
import { API, createAirlineFor, giveAirlineItem, nextCode, premiumManager, seedAirlineReference } from '../airline/airline-fixtures';
import { startReceiver, type Received } from './local-receiver';
import { api } from '../support/api';
import { webhookRoutes } from '@contrail/domain/webhook/webhook-contract';

const DAY = 86_400_000;
const DISCORD_PATH = `/api/webhooks/112233445566778899/${'Tk'.repeat(34)}`;
const ALL_EVENTS = ['flight.departed', 'flight.completed', 'member.joined', 'review.needed', 'bankruptcy.warning'];

/** What a receiver does to trust a delivery (docs/decisions/0045-airline-webhooks.md). */
const verifies = (received: Received, secret: string): boolean => {
  const timestamp = String(received.headers['contrail-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  return received.headers['contrail-signature'] === expected;
};

describe('airline webhooks against a local receiver', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let pilot: SignedInUser;
  let airlineId: string;

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const addWebhook = async (body: object, user = owner) => {
    const response = await call(user, 'POST', `/airline/${airlineId}/webhook`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TCreatedWebhook>();
  };
  /** The delivery job runs every 10 s: a run at the same instant as the last one is not due. */
  const runJobs = async () => {
    t.clock.advanceMs(10_000);
    await t.app.deps.jobs.runDue(t.clock.now());
  };
  const deliveries = async () => (await call(owner, 'GET', `/airline/${airlineId}/webhook-delivery?limit=100`)).json<TWebhookDelivery[]>();
  const join = async (user: SignedInUser, role: 'MEMBER' | 'ADMINISTRATOR' = 'MEMBER') => {
    expect((await call(user, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: user.user.id })).statusCode).toBe(201);
    const applicant = (await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json<{ items: { id: string }[] }>().items[0]!;
    expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${applicant.id}/accept`)).statusCode).toBe(200);
    if (role === 'ADMINISTRATOR') {
      await t.app.deps.db.update(airlineMembers).set({ role: 'ADMINISTRATOR' }).where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, user.user.id)));
    }
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ RATE_LIMIT: 'off', WEBHOOK_PRIVATE_TARGETS: 'on' });
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    admin = await createSignedInUser(t.app);
    pilot = await createSignedInUser(t.app);
    airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
    expect((await call(owner, 'PUT', `/airline/${airlineId}`, { recruitmentOpened: true })).statusCode).toBe(200);
    await join(admin, 'ADMINISTRATOR');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('gives the webhooks to the owner alone: an administrator, a member and a stranger are refused and nothing is added', async () => {
    const stranger = await createSignedInUser(t.app);
    const body = { url: receiver.url('/refused'), format: 'generic', events: ['member.joined'] };
    for (const user of [admin, stranger]) {
      const added = await call(user, 'POST', `/airline/${airlineId}/webhook`, body);
      expect(added.statusCode, added.body).toBe(403);
      expect((await call(user, 'GET', `/airline/${airlineId}/webhook`)).statusCode).toBe(403);
      expect((await call(user, 'GET', `/airline/${airlineId}/webhook-delivery`)).statusCode).toBe(403);
    }
    expect((await call(owner, 'GET', `/airline/${airlineId}/webhook`)).json()).toEqual([]);
  });

  it('refuses an address that is not a URL, not http(s), carries credentials, or is not Discord’s for a Discord webhook', async () => {
    for (const [url, format] of [
      ['not a url', 'generic'],
      ['ftp://127.0.0.1/hook', 'generic'],
      ['http://user:pass@127.0.0.1/hook', 'generic'],
      [receiver.url('/not-discord'), 'discord'],
      [receiver.url('/api/webhooks/12/short'), 'discord'],
    ] as const) {
      const response = await call(owner, 'POST', `/airline/${airlineId}/webhook`, { url, format, events: ['member.joined'] });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'url' });
    }
    expect((await call(owner, 'POST', `/airline/${airlineId}/webhook`, { url: receiver.url('/x'), format: 'generic', events: [] })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `/airline/${airlineId}/webhook`)).json()).toEqual([]);
  });

  it('signs a delivery with the secret shown once: HMAC-SHA256 over the timestamp and the body', async () => {
    const { endpoint, secret } = await addWebhook({ url: receiver.url('/signed?token=abc'), format: 'generic', events: ['member.joined'], description: 'ops' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = (await call(owner, 'GET', `/airline/${airlineId}/webhook`)).json<TWebhookEndpoint[]>();
    expect(listed).toEqual([endpoint]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(endpoint.displayUrl).not.toContain('abc');

    const tested = await call(owner, 'POST', `/airline/${airlineId}/webhook/${endpoint.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json<TWebhookDelivery>()).toMatchObject({ status: 'delivered', attemptCount: 1, lastStatusCode: 200, eventType: 'webhook.test' });
    const got = receiver.received.at(-1)!;
    expect(got.path).toBe('/signed?token=abc');
    expect(verifies(got, secret)).toBe(true);
    expect(verifies(got, `${secret}x`)).toBe(false);
    expect(verifies({ ...got, body: got.body.replace('test', 'tost') }, secret)).toBe(false);
    expect(Number(got.headers['contrail-timestamp'])).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'contrail-event': 'webhook.test', 'contrail-delivery-id': tested.json<TWebhookDelivery>().id });
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'webhook.test', airline: { id: airlineId }, data: { message: expect.any(String) }, delivery: { attempt: 1 } });
    expect(body.id).toBe(got.headers['contrail-event-id']);
    expect((await call(owner, 'DELETE', `/airline/${airlineId}/webhook/${endpoint.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/airline/${airlineId}/webhook/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('retries after 500s with a doubling wait, lists each attempt, and stops at once on a 404', async () => {
    const { endpoint } = await addWebhook({ url: receiver.url('/flaky'), format: 'generic', events: ['member.joined'] });
    receiver.answer(500, 503);
    const first = (await call(owner, 'POST', `/airline/${airlineId}/webhook/${endpoint.id}/test`)).json<TWebhookDelivery>();
    expect(first).toMatchObject({ status: 'pending', attemptCount: 1, lastStatusCode: 500 });
    const startedAt = t.clock.now().getTime();
    expect(new Date(first.nextAttemptAt!).getTime() - startedAt).toBe(30_000);
    const sentBefore = receiver.received.length;
    // Not due yet: nothing is sent.
    t.clock.advanceMs(10_000);
    await runJobs();
    expect(receiver.received.length).toBe(sentBefore);
    await runJobs();
    expect(receiver.received.length).toBe(sentBefore + 1);
    const second = (await deliveries()).find((delivery) => delivery.id === first.id)!;
    expect(second).toMatchObject({ status: 'pending', attemptCount: 2, lastStatusCode: 503 });
    expect(new Date(second.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(60_000);
    t.clock.advanceMs(50_000);
    await runJobs();
    const third = (await deliveries()).find((delivery) => delivery.id === first.id)!;
    expect(third).toMatchObject({ status: 'delivered', attemptCount: 3, lastStatusCode: 200, nextAttemptAt: null });
    expect(third.attempts.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(third.attempts[0]!.error).toContain('500');
    expect(third.attempts[2]!.error).toBeNull();
    // The same event id on every attempt, so a receiver can drop a repeat.
    const bodies = receiver.received.slice(-3).map((received) => JSON.parse(received.body) as { id: string; delivery: { attempt: number } });
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect(bodies.map((body) => body.delivery.attempt)).toEqual([1, 2, 3]);

    receiver.answer(404);
    const gone = (await call(owner, 'POST', `/airline/${airlineId}/webhook/${endpoint.id}/test`)).json<TWebhookDelivery>();
    expect(gone).toMatchObject({ status: 'failed', attemptCount: 1, lastStatusCode: 404, nextAttemptAt: null });
    await call(owner, 'DELETE', `/airline/${airlineId}/webhook/${endpoint.id}`);
  });

  it('sends Discord’s execute-webhook body to a Discord webhook: content, one embed, no mentions', async () => {
    const { endpoint } = await addWebhook({ url: receiver.url(DISCORD_PATH), format: 'discord', events: ['member.joined'] });
    expect(endpoint.displayUrl).not.toContain('TkTk');
    const tested = (await call(owner, 'POST', `/airline/${airlineId}/webhook/${endpoint.id}/test`)).json<TWebhookDelivery>();
    expect(tested.status).toBe('delivered');
    const got = receiver.received.at(-1)!;
    expect(got.path).toBe(DISCORD_PATH);
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['allowed_mentions', 'content', 'embeds', 'username']);
    expect(body).toMatchObject({
      content: expect.any(String),
      allowed_mentions: { parse: [] },
      embeds: [{ title: 'Test', description: expect.stringContaining('Contrail'), color: expect.any(Number), timestamp: expect.any(String), fields: [], footer: { text: expect.stringContaining('webhook.test') } }],
    });
    expect((body.username as string).length).toBeLessThanOrEqual(80);
    await call(owner, 'DELETE', `/airline/${airlineId}/webhook/${endpoint.id}`);
  });

  it('delivers each event to the endpoints subscribed to it: member joined, departed, completed with its landing, review needed, bankruptcy warning', async () => {
    const all = await addWebhook({ url: receiver.url('/all'), format: 'generic', events: ALL_EVENTS });
    const discordPath = DISCORD_PATH.replace('112233445566778899', '998877665544332211');
    const discord = await addWebhook({ url: receiver.url(discordPath), format: 'discord', events: ['flight.completed'] });
    const ofAll = () => receiver.received.filter((received) => received.path === '/all').map((received) => JSON.parse(received.body) as { type: string; data: Record<string, unknown> });

    // A member joins.
    await join(pilot);
    await runJobs();
    expect(ofAll().map((event) => event.type)).toEqual(['member.joined']);
    expect(ofAll()[0]!.data).toEqual({ member: { id: pilot.user.id, userName: pilot.user.userName } });

    // A plane, a route, a booking, and a flight that lands hard: held for review.
    const hubId = (await call(owner, 'GET', `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>().items[0]!.id;
    const hangarItem = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'MEDIUM' });
    expect((await call(owner, 'POST', `/airline/${airlineId}/hangar`, { hubId, itemId: hangarItem })).statusCode).toBe(201);
    const itemId = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
    const built = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId });
    expect(built.statusCode, built.body).toBe(201);
    const planeId = built.json<{ id: string }>().id;
    t.clock.advanceMs(8 * DAY);
    await runJobs();
    for (const user of [owner, pilot]) {
      const session = await signIn(t.app, user.user.userName, user.password);
      user.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
    }
    const route = await call(owner, 'POST', `/airline/${airlineId}/route`, {
      name: 'EGLL-LFPG',
      destinations: ['EGLL', 'LFPG'],
      constraints: [],
      planeCategory: 'MEDIUM_HAUL',
      departureTime: '08:00',
      arrivalTime: '09:15',
    });
    expect(route.statusCode, route.body).toBe(201);
    const booked = await call(pilot, 'POST', `/airline/${airlineId}/plane/${planeId}/booking`, { routeId: route.json<{ id: string }>().id });
    expect(booked.statusCode, booked.body).toBe(201);
    const baseUrl = await listen(t.app);
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => withTouchdownRate(frames, -950), { request: { type: 'AIRLINE', virtualAirlineId: airlineId } });
    expect(completed).toMatchObject({ review: { status: 'pending' } });
    await runJobs();
    // Deliveries due together go out side by side: their order is not promised (decision 0045).
    expect(ofAll().map((event) => event.type).sort()).toEqual(['flight.completed', 'flight.departed', 'member.joined', 'review.needed']);
    const ofType = (type: string) => ofAll().find((event) => event.type === type);
    const [departed, done, review] = [ofType('flight.departed'), ofType('flight.completed'), ofType('review.needed')];
    expect(departed!.data).toMatchObject({ pilot: { id: pilot.user.id }, departureIdent: 'EGLL', aircraftIcao: 'A320' });
    expect(done!.data).toMatchObject({ reviewStatus: 'pending', departureIdent: 'EGLL', landing: { verticalSpeedFpm: expect.any(Number) } });
    expect((done!.data.landing as { verticalSpeedFpm: number }).verticalSpeedFpm).toBeLessThanOrEqual(-900);
    expect(review!.data).toMatchObject({ flightLogId: done!.data.flightLogId, reasons: [expect.stringMatching(/.+/)] });
    const discordBodies = receiver.received.filter((received) => received.path === discordPath).map((received) => JSON.parse(received.body) as { embeds: { title: string; fields: { name: string; value: string }[] }[] });
    expect(discordBodies).toHaveLength(1);
    expect(discordBodies[0]!.embeds[0]!.title).toContain('completed');
    expect(discordBodies[0]!.embeds[0]!.fields.find((field) => field.name === 'Landing')!.value).toMatch(/-9\d\d fpm/);

    // The money runs out: the next settlement's failed payment warns of bankruptcy, with the date.
    await t.app.deps.db.update(airlines).set({ balance: 0 }).where(eq(airlines.id, airlineId));
    t.clock.advanceMs(31 * DAY);
    await settleAirlines(t.app.deps.db, t.clock.now());
    await runJobs();
    const session = await signIn(t.app, owner.user.userName, owner.password);
    owner.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
    const warning = ofAll().at(-1)!;
    expect(warning.type).toBe('bankruptcy.warning');
    expect(warning.data).toMatchObject({ failedPayments: expect.any(Number), deadline: expect.any(String) });
    expect(new Date(warning.data.deadline as string).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await deliveries()).filter((delivery) => delivery.endpointId === all.endpoint.id).every((delivery) => delivery.status === 'delivered')).toBe(true);
    expect((await deliveries()).filter((delivery) => delivery.endpointId === discord.endpoint.id).map((delivery) => delivery.eventType)).toEqual(['flight.completed']);
    // Every one of them signed with its endpoint's secret.
    expect(receiver.received.filter((received) => received.path === '/all').every((received) => verifies(received, all.secret))).toBe(true);
  }, 120_000);
});

describe('webhook addresses on a server with private targets off (the default)', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: SignedInUser;
  let airlineId: string;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    airlineId = await createAirlineFor(t.app, owner, { code: nextCode() });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('refuses loopback, private, link-local and plain-http addresses, and accepts a public https one', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      'https://0.0.0.0/hook',
      'http://93.184.215.14/hook',
      receiver.url('/hook'),
    ]) {
      const response = await api(t.app, owner.headers).inject(webhookRoutes.create, { params: { id: airlineId }, body: { url, format: 'generic', events: ['member.joined'] } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    }
    const discordElsewhere = await api(t.app, owner.headers).inject(webhookRoutes.create, { params: { id: airlineId }, body: { url: `https://93.184.215.14${DISCORD_PATH}`, format: 'discord', events: ['member.joined'] } });
    expect(discordElsewhere.statusCode).toBe(400);
    const accepted = await api(t.app, owner.headers).inject(webhookRoutes.create, { params: { id: airlineId }, body: { url: 'https://93.184.215.14/hook', format: 'generic', events: ['member.joined'] } });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('refuses to send to a private address at send time too, by literal and by a name resolving to one', async () => {
    const before = receiver.received.length;
    for (const url of [receiver.url('/direct'), receiver.url('/direct').replace('127.0.0.1', 'localhost')]) {
      const outcome = await sendWebhook({ url, body: '{}', secret: 's', headers: {}, now: new Date(), timeoutMs: 2000, allowPrivateTargets: false });
      expect(outcome, url).toMatchObject({ statusCode: null, error: expect.stringContaining('private') });
    }
    expect(receiver.received.length).toBe(before);
    const allowed = await sendWebhook({ url: receiver.url('/direct'), body: '{}', secret: 's', headers: {}, now: new Date(), timeoutMs: 2000, allowPrivateTargets: true });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses WEBHOOK_PRIVATE_TARGETS=on in production', async () => {
    const { loadConfig } = await import('../../src/config/config');
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOK_PRIVATE_TARGETS: 'on', SMTP_URL: 'smtp://x', PUBLIC_URL: 'https://x.example', PAYMENT_SANDBOX: 'on' })).toThrow(/WEBHOOK_PRIVATE_TARGETS/);
  });
});
