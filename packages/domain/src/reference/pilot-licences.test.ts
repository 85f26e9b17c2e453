import { describe, expect, it } from 'vitest';
import { aircraftCatalogue, findAircraftByIcao } from './aircraft-catalogue';
import { pilotLicences } from './pilot-licences';

describe('pilot licences', () => {
  it('put every catalogue type in exactly one licence, and only catalogue types', () => {
    const all = pilotLicences.flatMap((licence) => licence.aircraftsIcao);
    for (const icao of all) expect(findAircraftByIcao(icao), icao).toBeDefined();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(aircraftCatalogue.map((a) => a.icao).sort());
  });

  it('have unique ids and codes, with free and paid ones', () => {
    expect(new Set(pilotLicences.map((l) => l.id)).size).toBe(pilotLicences.length);
    expect(new Set(pilotLicences.map((l) => l.code)).size).toBe(pilotLicences.length);
    expect(pilotLicences.some((l) => l.isFree)).toBe(true);
    expect(pilotLicences.some((l) => !l.isFree)).toBe(true);
  });
});
