import { describe, expect, it } from 'vitest';
import { aircraftCatalogue, findAircraftByIcao } from './aircraft-catalogue';
import { ZAircraftInformation } from './aircraft-information';

describe('aircraft catalogue', () => {
  it('holds at least 60 types, each valid under the contract', () => {
    expect(aircraftCatalogue.length).toBeGreaterThanOrEqual(60);
    for (const aircraft of aircraftCatalogue) expect(ZAircraftInformation.safeParse(aircraft).success, aircraft.icao).toBe(true);
  });

  it('has unique ICAO keys', () => {
    const keys = aircraftCatalogue.map((aircraft) => aircraft.icao);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('never seats more passengers by default than the type may carry', () => {
    for (const { icao, defaultSeats, maxPaxCapacity } of aircraftCatalogue) {
      expect(defaultSeats.first + defaultSeats.business + defaultSeats.eco, icao).toBeLessThanOrEqual(maxPaxCapacity);
    }
  });

  it('has figures that hang together', () => {
    for (const a of aircraftCatalogue) {
      expect(a.rotationSpeedKts, a.icao).toBeLessThan(a.cruiseSpeedKts);
      expect(a.fuelCapacityKg, a.icao).toBeLessThan(a.maxTakeOffWeight);
      expect(a.maxCargoKg, a.icao).toBeLessThan(a.maxTakeOffWeight);
      // Endurance on full tanks is between 2 and 20 hours for every type.
      const enduranceH = a.fuelCapacityKg / a.fuelBurnKgPerHour;
      expect(enduranceH, a.icao).toBeGreaterThan(2);
      expect(enduranceH, a.icao).toBeLessThan(20);
      // The published range is flyable on the usable fuel at the typical cruise burn.
      expect(a.range / a.cruiseSpeedKts, a.icao).toBeLessThanOrEqual(enduranceH);
      if (a.category === 'CARGO') expect(a.maxPaxCapacity, a.icao).toBe(0);
    }
  });

  it('covers the types the brief names, in every category', () => {
    for (const icao of ['C152', 'C172', 'P28A', 'DA40', 'SR22', 'TBM9', 'PC12', 'B350', 'DHC6', 'AT76', 'DH8D', 'CRJ7', 'CRJ9',
      'E170', 'E75L', 'E190', 'E195', 'BCS3', 'A319', 'A320', 'A20N', 'A321', 'A21N', 'B737', 'B738', 'B38M', 'B752', 'B763',
      'B788', 'B789', 'B78X', 'B772', 'B77W', 'B748', 'A333', 'A339', 'A359', 'A35K', 'A388', 'MD11', 'B748F', 'B77L', 'A306']) {
      expect(findAircraftByIcao(icao), icao).toBeDefined();
    }
    const categories = new Set(aircraftCatalogue.map((aircraft) => aircraft.category));
    expect([...categories].sort()).toEqual(['CARGO', 'LARGE_HAUL', 'MEDIUM_HAUL', 'SMALL_HAUL']);
  });

  it('finds a type case-insensitively and answers undefined for an unknown one', () => {
    expect(findAircraftByIcao(' a320 ')?.name).toBe('Airbus A320');
    expect(findAircraftByIcao('ZZZZ')).toBeUndefined();
  });
});
