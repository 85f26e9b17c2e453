import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRegisterFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import { airlineBookings, airlineMembers, airlinePlanes, airlines } from '../../src/modules/airline/airline.schema';
import { flights } from '../../src/modules/flight/flight.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { grantPilotLicence } from '../../src/modules/licence/licence.service';
import { creditAirline, creditUser } from '../../src/modules/wallet/wallet.service';
import { createAirlineFor, premiumManager, seedAirlineReference } from '../airline/airline-fixtures';
import { createSignedInUser, reloadUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { shortHopRequest } from './support/flight-kit';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { walletRoutes } from '@contrail/domain/wallet/wallet-routes';

/**
 * Issue 31: a registration carries only what the aircraft can. The case was 3,000
 * passengers and 1,000 t of cargo on a Caravan configured with 9 seats, accepted and paid.
 */
describe('loads within the aircraft at registration', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let airlineId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
  });
  afterAll(async () => t.close());

  const register = (pilot: SignedInUser, overrides: Partial<TRegisterFlightRequest> | Record<string, unknown>) =>
    api(t.app, pilot.headers).injectLoose(flightRoutes.register, { body: shortHopRequest(overrides) });
  const flightsOf = async (pilot: SignedInUser) => t.app.deps.db.select({ id: flights.id }).from(flights).where(eq(flights.userId, pilot.user.id));

  /** A member rated for the Caravan with a booking of the airline's one, configured with 9 economy seats. */
  const memberWithBookedCaravan = async () => {
    const pilot = await createSignedInUser(t.app);
    await t.app.deps.db.insert(airlineMembers).values({ airlineId, userId: pilot.user.id, role: 'MEMBER' });
    const now = t.clock.now();
    await grantPilotLicence(t.app.deps.db, pilot.user.id, 'SET', now);
    const [plane] = await t.app.deps.db
      .insert(airlinePlanes)
      .values({
        airlineId,
        inventoryItemId: randomUUID(),
        icao: 'C208',
        model: 'Cessna 208B Grand Caravan EX',
        tailRegistration: `F-C${randomUUID().slice(0, 3).toUpperCase()}`,
        category: 'SMALL_HAUL',
        ecoSeats: 9,
        state: 'AT_AIRPORT',
        airportIdent: 'EGLL',
      })
      .returning();
    await t.app.deps.db.insert(airlineBookings).values({
      airlineId,
      planeId: plane!.id,
      userId: pilot.user.id,
      flightNumber: 'CTR931',
      departureIdent: 'EGLL',
      arrivalIdent: 'LFPG',
      expiresAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
    });
    return { pilot, registration: plane!.tailRegistration };
  };
  const airlineFlight = (pax: { first: number; business: number; economy: number }, cargos: unknown[] = []) => ({ type: 'AIRLINE', virtualAirlineId: airlineId, aircraftIcao: 'C208', pax, cargos });

  it("refuses 3,000 passengers on an airline's 9-seat Caravan, with the seed's message, and registers nothing", async () => {
    const { pilot, registration } = await memberWithBookedCaravan();
    const refused = await register(pilot, airlineFlight({ first: 1000, business: 1000, economy: 1000 }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field: 'pax' });
    expect(refused.json<{ message: string }>().message).toBe(
      `Passengers cannot exceed the aircraft's capacity: 1000 first class passengers for the 0 first class seats of ${registration}`,
    );
    // One seat too many in the class the plane has.
    const tenInNine = await register(pilot, airlineFlight({ first: 0, business: 0, economy: 10 }));
    expect(tenInNine.statusCode).toBe(400);
    expect(tenInNine.json<{ message: string }>().message).toContain(`10 economy passengers for the 9 economy seats of ${registration}`);
    expect(await flightsOf(pilot)).toEqual([]);
    // The booking still waits for a flight that fits: nine passengers fly.
    const fits = await register(pilot, airlineFlight({ first: 0, business: 0, economy: 9 }, [{ name: 'Mail', weight: 50, quantity: 4 }]));
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await flightsOf(pilot)).toHaveLength(1);
  });

  it("refuses the issue's 1,000 t of cargo as a 4xx naming the payload, never an internal error", async () => {
    const { pilot } = await memberWithBookedCaravan();
    const huge = await register(pilot, airlineFlight({ first: 0, business: 0, economy: 9 }, [{ name: 'Steel', weight: 500_000, quantity: 2 }]));
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field: 'cargos' });
    expect(huge.json<{ message: string }>().message).toContain('The flight must not be overloaded: 1000000 kg of cargo exceed the 1360 kg payload');
    // Numbers past any aircraft are refused by the contract itself.
    for (const cargo of [{ name: 'Steel', weight: 1e12, quantity: 1 }, { name: 'Steel', weight: 1, quantity: 2 ** 40 }, { name: 'Steel', weight: Number.MAX_VALUE, quantity: 1 }]) {
      const response = await register(pilot, airlineFlight({ first: 0, business: 0, economy: 1 }, [cargo]));
      expect(response.statusCode, JSON.stringify(cargo)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    }
    const tooManyPax = await register(pilot, airlineFlight({ first: 0, business: 0, economy: 2 ** 31 }));
    expect(tooManyPax.statusCode).toBe(400);
    expect(await flightsOf(pilot)).toEqual([]);
  });

  it("holds other flights to the type's capacity and payload, whatever the classes", async () => {
    const pilot = await createSignedInUser(t.app);
    // The A320 of the short hop seats at most 180 (its exit limit), cargo up to its payload.
    const overCapacity = await register(pilot, { pax: { first: 100, business: 0, economy: 100 } });
    expect(overCapacity.statusCode).toBe(400);
    expect(overCapacity.json<{ message: string }>().message).toMatch(/^Passengers cannot exceed the aircraft's capacity: 200 passengers for the \d+ seats of the A320$/);
    const overloaded = await register(pilot, { cargos: [{ name: 'Mail', weight: 1000, quantity: 50 }] });
    expect(overloaded.statusCode).toBe(400);
    expect(overloaded.json()).toMatchObject({ field: 'cargos' });
    expect(await flightsOf(pilot)).toEqual([]);
    const full = await register(pilot, { pax: { first: 0, business: 20, economy: 120 }, cargos: [{ name: 'Mail', weight: 800, quantity: 4 }] });
    expect(full.statusCode, full.body).toBe(200);
  });

  it('stores amounts and balances past 32 bits, where a 32-bit column failed the payment', async () => {
    const pilot = await createSignedInUser(t.app);
    const now = t.clock.now();
    const amount = 3_000_000_000;
    const categoryData = { category: 'MF_BONUS' as const, reason: 'Large amount' };
    await creditUser(t.app.deps.db, { userId: pilot.user.id, currency: 'MFC', amount, idempotencyKey: `large:${pilot.user.id}:1`, executionDate: now, description: 'Large', categoryData });
    await creditUser(t.app.deps.db, { userId: pilot.user.id, currency: 'MFC', amount, idempotencyKey: `large:${pilot.user.id}:2`, executionDate: now, description: 'Large', categoryData });
    expect((await reloadUser(t.app, pilot.user.id)).walletMfc).toBe(2 * amount);
    const before = (await t.app.deps.db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airlineId)))[0]!.balance;
    await creditAirline(t.app.deps.db, { airlineId, amount, idempotencyKey: `large:${airlineId}`, executionDate: now, description: 'Large', categoryData });
    const [airline] = await t.app.deps.db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airlineId));
    expect(airline!.balance - before).toBe(amount);
    const rows = await t.app.deps.db.select({ amount: walletTransactions.amount }).from(walletTransactions).where(eq(walletTransactions.userId, pilot.user.id));
    expect(rows).toEqual([{ amount }, { amount }]);
    // The API answers them whole.
    const information = await api(t.app, pilot.headers).inject(userRoutes.ownInformation);
    expect(information.json<{ wallet: { mfc: number } }>().wallet.mfc).toBe(2 * amount);
    const history = await api(t.app, pilot.headers).inject(walletRoutes.userTransactions, { params: { userId: pilot.user.id, type: 'MFC' } });
    expect(history.json<{ items: { amount: number }[] }>().items.map((item) => item.amount)).toEqual([amount, amount]);
  });
});
