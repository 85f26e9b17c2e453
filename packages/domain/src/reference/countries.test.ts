import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from '../common/language';
import { countryName, listCountries } from './countries';

describe('countries', () => {
  it('list every country in en, fr and es with unique codes', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const countries = listCountries(language);
      expect(countries.length).toBeGreaterThan(240);
      expect(new Set(countries.map((c) => c.iso)).size).toBe(countries.length);
    }
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('de', 'fr')).toBe('Allemagne');
    expect(countryName('US', 'es')).toBe('Estados Unidos');
    expect(countryName('ZZ')).toBeUndefined();
  });

  it('pick a supported language from Accept-Language', () => {
    expect(languageFromAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('de-DE,es;q=0.5')).toBe('es');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });
});
