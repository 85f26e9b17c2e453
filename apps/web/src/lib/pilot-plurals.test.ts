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
