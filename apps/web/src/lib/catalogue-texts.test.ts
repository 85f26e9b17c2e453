import { beforeAll, describe, expect, it } from 'vitest';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { generateMissions, type GeneratedMission, type MissionAirportCandidate } from '@contrail/domain/mission/mission-generator';
import { missionPeriodOf } from '@contrail/domain/mission/mission-rules';
import { pilotLicences } from '@contrail/domain/reference/pilot-licences';
import { DEFAULT_BOOSTER_PACKS, DEFAULT_ITEMS } from '@contrail/domain/store/catalogue';
import { boosterPackText, cargoName, licenceName, missionText, storeItemText } from './catalogue-texts';
import { i18n } from './i18n';

// French and Spanish texts load on demand; the clones share the store they load into.
beforeAll(() => i18n.loadLanguages(['fr', 'es']));

const inLanguage = (language: string) => i18n.cloneInstance({ lng: language });
const en = inLanguage('en');
const fr = inLanguage('fr');
const es = inLanguage('es');

const airport = (ident: string, municipality: string, latitudeDeg: number, longitudeDeg: number): MissionAirportCandidate => ({
  ident,
  name: `${municipality} airport`,
  municipality,
  type: 'large_airport',
  latitudeDeg,
  longitudeDeg,
  elevationFt: 100,
});
const airports = [
  airport('EGLL', 'London', 51.47, -0.45),
  airport('LFPG', 'Paris', 49.01, 2.55),
  airport('LEMD', 'Madrid', 40.47, -3.56),
  airport('EDDF', 'Frankfurt', 50.03, 8.57),
  airport('LIRF', 'Rome', 41.8, 12.24),
  airport('KJFK', 'New York', 40.64, -73.78),
  airport('OMDB', 'Dubai', 25.25, 55.36),
  airport('EHAM', 'Amsterdam', 52.31, 4.76),
];

/** A generated mission as GET /v1/missions sends it. */
const asSent = (mission: GeneratedMission): TMission => {
  const at = (ident: string) => ({ ident, name: airports.find((a) => a.ident === ident)!.name, position: { latitude: 0, longitude: 0, altitude: 0 } });
  return {
    id: `m${mission.slot}`,
    title: mission.title,
    description: mission.description,
    missionType: mission.missionType,
    flightNumber: mission.flightNumber,
    CLRequired: mission.CLRequired,
    startDate: mission.startDate.toISOString(),
    endDate: mission.endDate.toISOString(),
    departureAirport: at(mission.departureIdent),
    arrivalAirport: at(mission.arrivalIdent),
    cargos: mission.cargos,
    pax: mission.pax,
    xpBonus: mission.xpBonus,
    fcBonus: mission.fcBonus,
    distanceNm: mission.distanceNm,
    aircraftCategory: mission.aircraftCategory,
    source: 'GENERATED',
  };
};
const generated = generateMissions({ airports, period: missionPeriodOf(new Date('2026-03-02T00:00:00Z')), seed: 'catalogue-texts', count: 60 }).map(asSent);

describe('catalogue texts in the pilot’s language', () => {
  it('names every licence by its code, and keeps the server’s name for a code the web does not know', () => {
    for (const licence of pilotLicences) {
      expect(licenceName(en, licence)).toBe(licence.name);
      expect(licenceName(fr, licence)).not.toBe(licence.name);
      expect(licenceName(es, licence)).not.toBe(licence.name);
    }
    expect(licenceName(fr, { code: 'PPL', name: 'Private pilot licence (single-engine piston)' })).toBe('Licence de pilote privé (monomoteur à pistons)');
    expect(licenceName(fr, { code: 'GLIDER', name: 'Glider licence' })).toBe('Glider licence');
  });

  it('translates the default store items and packs, and leaves an admin’s own text alone', () => {
    for (const item of DEFAULT_ITEMS) expect(storeItemText(en, item)).toEqual({ name: item.name, description: item.description });
    for (const pack of DEFAULT_BOOSTER_PACKS) expect(boosterPackText(en, pack)).toEqual({ name: pack.name, description: pack.description });
    expect(storeItemText(fr, { name: 'Small hangar', description: 'Shelters 2 planes at a hub.' })).toEqual({ name: 'Petit hangar', description: 'Abrite 2 avions sur une base.' });
    expect(storeItemText(es, { name: 'Night owl badge' }).name).toBe('Insignia ave nocturna');
    expect(boosterPackText(fr, { name: 'Starter pack', description: '5,000 FC in your wallet.' }).name).toBe('Pack découverte');
    expect(storeItemText(fr, { name: 'Small hangar', description: 'Now with a coffee machine.' }).description).toBe('Now with a coffee machine.');
    expect(storeItemText(fr, { name: 'Golden wings', description: 'An admin’s item.' })).toEqual({ name: 'Golden wings', description: 'An admin’s item.' });
  });

  it('writes a generated mission again word for word in English, and in French and Spanish', () => {
    expect(new Set(generated.map((mission) => mission.missionType)).size).toBe(5);
    for (const mission of generated) {
      expect(missionText(en, mission)).toEqual({ title: mission.title, description: mission.description });
      const french = missionText(fr, mission);
      const spanish = missionText(es, mission);
      expect(french.title).not.toBe(mission.title);
      expect(french.description).not.toBe(mission.description);
      expect(spanish.description).not.toMatch(/ from | to /);
      expect(french.description).toContain(`(${mission.departureAirport.ident})`);
    }
    const medical = generated.find((mission) => mission.missionType === 'MEDICAL' && mission.pax === 1);
    if (medical) expect(missionText(fr, medical).description).toContain(': 1 patient et du matériel');
  });

  it('keeps an admin’s mission as written', () => {
    const admin = { ...generated[0]!, source: 'ADMIN' as const, title: 'Airshow fly-by', description: 'Fly past the crowd at 500 ft.' };
    expect(missionText(fr, admin)).toEqual({ title: 'Airshow fly-by', description: 'Fly past the crowd at 500 ft.' });
  });

  it('names the generated goods and keeps a pilot’s own cargo name', () => {
    expect(cargoName(fr, 'Drinking water')).toBe('Eau potable');
    expect(cargoName(es, 'Mail bags')).toBe('Sacas de correo');
    expect(cargoName(fr, 'Surfboards')).toBe('Surfboards');
    for (const mission of generated) for (const cargo of mission.cargos) expect(cargoName(fr, cargo.name)).not.toBe(cargo.name);
  });
});
