import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import type { App } from '../src/app';
import { flights } from '../src/modules/flight/flight.schema';
import { generateFlightToken } from '../src/modules/flight/flight-token';
import { users } from '../src/modules/user/user.schema';

/** `flightCount` pilots, each with a flight in progress (one registered through the API, the rest cloned in bulk). */
export const seedFlights = async (app: App, flightCount: number): Promise<{ id: string; token: string }[]> => {
  const db = app.deps.db;
  const now = app.deps.clock.now();
  const userRows = Array.from({ length: flightCount }, (_, i) => ({
    userName: `bench${i}-${randomUUID().slice(0, 8)}`,
    email: `bench${i}-${randomUUID().slice(0, 8)}@example.test`,
    mfId: randomUUID().slice(0, 12),
    emailVerified: true,
    passwordHash: 'not-a-real-hash',
    createdAt: now,
    updatedAt: now,
  }));
  const created: { id: string; userName: string }[] = [];
  for (let start = 0; start < userRows.length; start += 1000) {
    created.push(...(await db.insert(users).values(userRows.slice(start, start + 1000)).returning({ id: users.id, userName: users.userName })));
  }
  const first = created[0]!;
  const { token: accessToken } = await app.accessTokens.issue(first, now);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/flight',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { cruiseLevel: 24_000, flightNumber: 'BENCH0', aircraftIcao: 'A320', departureAirportIdent: 'EGLL', arrivalAirportIdent: 'LFPG' },
  });
  if (response.statusCode !== 200) throw new Error(`registration failed: ${response.body}`);
  const registered = response.json<TRegisteredFlight>();
  const [template] = await db.select().from(flights).where(eq(flights.id, registered.id));
  if (!template) throw new Error('registered flight not found');
  const result = [{ id: registered.id, token: registered.token }];
  const rows = created.slice(1).map((user, i) => {
    const { token, tokenHash } = generateFlightToken();
    const id = randomUUID();
    result.push({ id, token });
    const { id: _id, userId: _userId, tokenHash: _hash, flightNumber: _number, ...rest } = template;
    return { ...rest, id, userId: user.id, tokenHash, flightNumber: `BENCH${i + 1}` };
  });
  for (let start = 0; start < rows.length; start += 500) await db.insert(flights).values(rows.slice(start, start + 500));
  return result;
};
