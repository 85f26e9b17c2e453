import { describe, expect, it } from 'vitest';
import { FREEMIUM_MISSIONS_PER_MONTH, freemiumMissionsRemaining, isPremiumAirlineManager, isPremiumPilot, isSubscriptionActive } from './pilot-tier';

const now = new Date('2026-05-10T12:00:00Z');
const later = new Date('2026-06-10T12:00:00Z');
const earlier = new Date('2026-04-10T12:00:00Z');

describe('pilot tier', () => {
  it('a subscription is active without an end date or until it ends', () => {
    expect(isSubscriptionActive({ code: 'GOLD', endDate: null }, now)).toBe(true);
    expect(isSubscriptionActive({ code: 'GOLD', endDate: later }, now)).toBe(true);
    expect(isSubscriptionActive({ code: 'GOLD', endDate: now }, now)).toBe(false);
    expect(isSubscriptionActive({ code: 'GOLD', endDate: earlier }, now)).toBe(false);
  });

  it('premium pilot means an active GOLD; airline-manager premium means an active AIRLINE_MANAGER', () => {
    expect(isPremiumPilot([], now)).toBe(false);
    expect(isPremiumPilot([{ code: 'SILVER', endDate: null }], now)).toBe(false);
    expect(isPremiumPilot([{ code: 'GOLD', endDate: earlier }], now)).toBe(false);
    expect(isPremiumPilot([{ code: 'SILVER', endDate: null }, { code: 'GOLD', endDate: later }], now)).toBe(true);
    expect(isPremiumAirlineManager([{ code: 'GOLD', endDate: null }], now)).toBe(false);
    expect(isPremiumAirlineManager([{ code: 'AIRLINE_MANAGER', endDate: later }], now)).toBe(true);
  });

  it('a freemium pilot has 3 missions a month, never fewer than 0 left', () => {
    expect(FREEMIUM_MISSIONS_PER_MONTH).toBe(3);
    expect([0, 1, 2, 3, 4, 10].map(freemiumMissionsRemaining)).toEqual([3, 2, 1, 0, 0, 0]);
  });
});
