import { describe, expect, it } from 'vitest';
import { SubscriptionCode } from './item-types';
import {
  DEFAULT_BOOSTER_PACKS,
  DEFAULT_ITEMS,
  DEFAULT_SUBSCRIPTION_PLANS,
  MAX_ANNUAL_SAVING_PERCENT,
  addMonthsUtc,
  annualSavingPercent,
} from './catalogue';

describe('default catalogue', () => {
  it('saves at most 20 percent on annual billing, and something on each', () => {
    for (const code of SubscriptionCode) {
      const monthly = DEFAULT_SUBSCRIPTION_PLANS.find((p) => p.code === code && p.type === 'MONTHLY');
      const annual = DEFAULT_SUBSCRIPTION_PLANS.find((p) => p.code === code && p.type === 'ANNUAL');
      const forever = DEFAULT_SUBSCRIPTION_PLANS.find((p) => p.code === code && p.type === 'FOREVER');
      expect(monthly && annual && forever, code).toBeTruthy();
      const saving = annualSavingPercent(monthly!.priceCents, annual!.priceCents);
      expect(saving).toBeGreaterThan(0);
      expect(saving).toBeLessThanOrEqual(MAX_ANNUAL_SAVING_PERCENT);
      expect(forever!.priceCents).toBeGreaterThan(annual!.priceCents);
    }
  });

  it('gives aircraft items a plane category and ICAO, hangars a size and rarity, and unique slugs', () => {
    for (const item of DEFAULT_ITEMS) {
      if (item.type === 'AIRCRAFT') expect(item.planeCategory && item.aircraftIcao, item.slug).toBeTruthy();
      if (item.type === 'HANGAR') expect(item.hangarSize && item.rarity, item.slug).toBeTruthy();
      expect(item.reasoning.length).toBeGreaterThan(10);
    }
    expect(new Set(DEFAULT_ITEMS.map((i) => i.slug)).size).toBe(DEFAULT_ITEMS.length);
    expect(new Set(DEFAULT_BOOSTER_PACKS.map((i) => i.slug)).size).toBe(DEFAULT_BOOSTER_PACKS.length);
  });

  it('gives bigger packs a better FC-per-euro rate', () => {
    const packs = DEFAULT_BOOSTER_PACKS.filter((p) => p.type === 'pack').toSorted((a, b) => a.priceCents - b.priceCents);
    for (let i = 1; i < packs.length; i += 1) {
      expect(packs[i]!.fcAmount / packs[i]!.priceCents).toBeGreaterThan(packs[i - 1]!.fcAmount / packs[i - 1]!.priceCents);
    }
  });

  it('adds calendar months, clamping to the end of a short month', () => {
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-11-23T20:00:00Z'), 12).toISOString()).toBe('2027-11-23T20:00:00.000Z');
  });
});
