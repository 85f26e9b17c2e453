import { describe, expect, it } from 'vitest';
import { mayOpenFlightLog } from './pilot-tier';

describe('mayOpenFlightLog', () => {
  it('opens every log to GOLD, the newest and the held ones to a freemium pilot', () => {
    expect(mayOpenFlightLog({ premium: true, isAmongNewest: false, reviewStatus: 'accepted' })).toBe(true);
    expect(mayOpenFlightLog({ premium: false, isAmongNewest: true, reviewStatus: 'accepted' })).toBe(true);
    expect(mayOpenFlightLog({ premium: false, isAmongNewest: false, reviewStatus: 'pending' })).toBe(true);
    expect(mayOpenFlightLog({ premium: false, isAmongNewest: false, reviewStatus: 'accepted' })).toBe(false);
    expect(mayOpenFlightLog({ premium: false, isAmongNewest: false, reviewStatus: 'rejected' })).toBe(false);
  });
});
