import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPremium } from '../../src/modules/subscription/subscription.service';
import { createUser, giveSubscription } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 86_400_000;

describe('isPremium (the one subscription lookup)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('tracks premium per mode: GOLD for the pilot, AIRLINE_MANAGER for the airline manager, until the end date', async () => {
    const now = t.clock.now();
    const db = t.app.deps.db;
    const gold = (await createUser(t.app)).user;
    await giveSubscription(t.app, gold.id, 'GOLD', new Date(now.getTime() + DAY_MS));
    expect(await isPremium(db, gold.id, 'pilot', now)).toBe(true);
    expect(await isPremium(db, gold.id, 'airline_manager', now)).toBe(false);
    expect(await isPremium(db, gold.id, 'pilot', new Date(now.getTime() + 2 * DAY_MS))).toBe(false);

    const manager = (await createUser(t.app)).user;
    await giveSubscription(t.app, manager.id, 'AIRLINE_MANAGER', null);
    await giveSubscription(t.app, manager.id, 'SILVER', null);
    expect(await isPremium(db, manager.id, 'airline_manager', now)).toBe(true);
    expect(await isPremium(db, manager.id, 'pilot', now)).toBe(false);

    const freemium = (await createUser(t.app)).user;
    await giveSubscription(t.app, freemium.id, 'GOLD', new Date(now.getTime() - 1));
    expect(await isPremium(db, freemium.id, 'pilot', now)).toBe(false);
  });
});
