import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAircraftByIcao } from './aircraft-catalogue';
import { ZUpdateAircraftConfigurationRequest } from './aircraft-configuration';
import { remainingSeats, seatConfigurationSchema } from './seat-configuration-form';

const a320 = findAircraftByIcao('A320')!;
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('seat configuration schema', () => {
  it('accepts seats up to the capacity and refuses one more, naming the totals', () => {
    const schema = seatConfigurationSchema(a320, []);
    expect(schema.safeParse({ icao: 'a320', name: ' Charter ', first: 0, business: 30, eco: 150 }).data).toEqual({
      icao: 'A320',
      name: 'Charter',
      first: 0,
      business: 30,
      eco: 150,
    });
    expect(issuesOf(schema.safeParse({ icao: 'A320', name: 'Charter', first: 1, business: 30, eco: 150 }))).toEqual([
      { path: 'eco', message: 'seatsOverCapacity|{"total":"181","max":"180"}' },
    ]);
  });

  it('refuses negative, fractional and missing seat counts, an empty name and a bad ICAO', () => {
    const schema = seatConfigurationSchema(a320, []);
    expect(issuesOf(schema.safeParse({ icao: 'A3-20', name: '  ', first: -1, business: 1.5, eco: Number.NaN }))).toEqual([
      { path: 'icao', message: 'invalidIcao' },
      { path: 'name', message: 'required' },
      { path: 'first', message: 'notNegative' },
      { path: 'business', message: 'wholeNumber' },
      { path: 'eco', message: 'required' },
    ]);
  });

  it('refuses a name another configuration of the type already has, whatever its case', () => {
    const schema = seatConfigurationSchema(a320, ['Charter', 'Full eco']);
    expect(issuesOf(schema.safeParse({ icao: 'A320', name: 'full ECO ', first: 0, business: 0, eco: 10 }))).toEqual([
      { path: 'name', message: 'configurationNameTaken' },
    ]);
    expect(schema.safeParse({ icao: 'A320', name: 'Full business', first: 0, business: 10, eco: 0 }).success).toBe(true);
  });

  it('only accepts what the update request accepts, and anything within capacity', () => {
    const schema = seatConfigurationSchema(a320, []);
    const seat = fc.integer({ min: -5, max: 200 });
    fc.assert(
      fc.property(seat, seat, seat, (first, business, eco) => {
        const candidate = { icao: 'A320', name: 'Any', first, business, eco };
        const result = schema.safeParse(candidate);
        if (result.success) expect(ZUpdateAircraftConfigurationRequest.safeParse(candidate).success).toBe(true);
        const fits = first >= 0 && business >= 0 && eco >= 0 && remainingSeats(a320.maxPaxCapacity, candidate) >= 0;
        expect(result.success).toBe(fits);
      }),
    );
  });
});
