import { describe, expect, it } from 'vitest';
import { cargoKgOf, checkFlightLoad, type LoadCapacity } from './load-limits';

const caravan: LoadCapacity = { aircraftName: 'F-HCAR', seats: { kind: 'by-class', seats: { first: 0, business: 2, economy: 7 } }, maxCargoKg: 1360 };
const a320: LoadCapacity = { aircraftName: 'the A320', seats: { kind: 'total', passengers: 180 }, maxCargoKg: 19_900 };
const none = { first: 0, business: 0, economy: 0 };

describe('checkFlightLoad', () => {
  it('fits a load within the seats of each class and the payload', () => {
    expect(checkFlightLoad(caravan, { pax: { first: 0, business: 2, economy: 7 }, cargos: [{ weight: 340, quantity: 4 }] })).toBeNull();
    expect(checkFlightLoad(a320, { pax: { first: 30, business: 50, economy: 100 }, cargos: [] })).toBeNull();
  });

  it('refuses a class over its seats on an airline plane, even when the cabin has room elsewhere', () => {
    expect(checkFlightLoad(caravan, { pax: { first: 0, business: 3, economy: 0 }, cargos: [] })).toEqual({
      field: 'pax',
      message: "Passengers cannot exceed the aircraft's capacity: 3 business passengers for the 2 business seats of F-HCAR",
    });
    expect(checkFlightLoad(caravan, { pax: { first: 1, business: 0, economy: 0 }, cargos: [] })?.field).toBe('pax');
  });

  it("refuses more passengers than the type's capacity on other flights", () => {
    expect(checkFlightLoad(a320, { pax: { first: 0, business: 81, economy: 100 }, cargos: [] })).toEqual({
      field: 'pax',
      message: "Passengers cannot exceed the aircraft's capacity: 181 passengers for the 180 seats of the A320",
    });
  });

  it('refuses cargo over the payload, counting each item times its quantity', () => {
    expect(cargoKgOf([{ weight: 500, quantity: 2 }, { weight: 1.5, quantity: 2 }])).toBe(1003);
    expect(checkFlightLoad(caravan, { pax: none, cargos: [{ weight: 500_000, quantity: 2 }] })).toEqual({
      field: 'cargos',
      message: 'The flight must not be overloaded: 1000000 kg of cargo exceed the 1360 kg payload of F-HCAR',
    });
    expect(checkFlightLoad(caravan, { pax: none, cargos: [{ weight: 1360, quantity: 1 }] })).toBeNull();
    expect(checkFlightLoad(caravan, { pax: none, cargos: [{ weight: 1361, quantity: 1 }] })?.field).toBe('cargos');
  });
});
