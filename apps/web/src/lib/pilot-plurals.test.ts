import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

describe('counts through i18next plural rules', () => {
  it('says "1 cargo item" and "2 cargo items" (and their fr/es forms) in a loaded mission', () => {
    const loaded = (language: string, pax: number, cargos: number) => {
      const t = i18n.getFixedT(language, 'flightConfig');
      return t('mission.loaded', { title: 'Mail run', passengers: t('mission.passengers', { count: pax }), cargoItems: t('mission.cargoItems', { count: cargos }) });
    };
    expect(loaded('en', 1, 1)).toBe('Mission “Mail run”: 1 passenger and 1 cargo item. Its airports are fixed.');
    expect(loaded('en', 150, 2)).toBe('Mission “Mail run”: 150 passengers and 2 cargo items. Its airports are fixed.');
    expect(loaded('fr', 1, 1)).toContain('1 passager et 1 lot de fret');
    expect(loaded('es', 2, 1)).toContain('2 pasajeros y 1 lote de carga');
  });
});

describe('seats refused by count', () => {
  it('says "1 passenger but no seat" and keeps the plural for more (en, fr, es)', () => {
    const overSeats = (language: string, count: number, available: number) => i18n.getFixedT(language, 'flightConfig')('pnc.errors.overSeats', { count, available });
    expect(overSeats('en', 1, 0)).toBe('1 passenger but no seat in this class');
    expect(overSeats('en', 14, 12)).toBe('14 passengers but only 12 seats in this class');
    expect(overSeats('fr', 1, 0)).toBe('1 passager mais aucun siège dans cette classe');
    expect(overSeats('es', 3, 2)).toBe('3 pasajeros pero solo 2 asientos en esta clase');
  });
});
