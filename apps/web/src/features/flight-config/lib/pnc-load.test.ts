import { describe, expect, it } from 'vitest';
import { checkPncLoad, PASSENGER_WITH_BAGS_KG } from './pnc-load';

const a320 = { maxPaxCapacity: 180, maxCargoKg: 19_000 };
const seats = { first: 0, business: 12, eco: 138 };

describe('checkPncLoad (seats, capacity, no overload)', () => {
  it('accepts a cabin within the seats and the payload', () => {
    expect(checkPncLoad({ pax: { first: 0, business: 10, economy: 120 }, cargoKg: 800 }, seats, a320)).toEqual([]);
  });

  it('refuses more passengers than the class has seats', () => {
    expect(checkPncLoad({ pax: { first: 1, business: 13, economy: 0 }, cargoKg: 0 }, seats, a320).map((p) => [p.field, p.key])).toEqual([
      ['first', 'overSeats'],
      ['business', 'overSeats'],
    ]);
  });

  it('needs a passenger and a valid cargo mass', () => {
    expect(checkPncLoad({ pax: { first: 0, business: 0, economy: 0 }, cargoKg: 0 }, seats, a320).map((p) => p.key)).toEqual(['noPassengers']);
    expect(checkPncLoad({ pax: { first: 0, business: 0, economy: 10 }, cargoKg: -1 }, seats, a320).map((p) => p.key)).toEqual(['cargoInvalid']);
  });

  it('refuses an overloaded flight (passengers with bags plus cargo above the payload)', () => {
    expect(PASSENGER_WITH_BAGS_KG).toBe(104);
    const problems = checkPncLoad({ pax: { first: 0, business: 12, economy: 138 }, cargoKg: 3_401 }, seats, a320);
    expect(problems).toEqual([{ field: 'cargoKg', key: 'overloaded', values: { payload: 150 * 104 + 3401, max: 19_000 } }]);
    expect(checkPncLoad({ pax: { first: 0, business: 12, economy: 138 }, cargoKg: 3_400 }, seats, a320)).toEqual([]);
  });
});
