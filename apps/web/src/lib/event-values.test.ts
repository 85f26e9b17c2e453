import { afterEach, describe, expect, it } from 'vitest';
import { FLIGHT_EVENT_CATALOGUE } from '@contrail/domain/flight/flight-event-codes';
import { resources } from '../testing/all-languages';
import { i18n } from './i18n';
import { describeEventValues } from './event-values';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('flight event values in a pilot words', () => {
  it('says flaps as a percentage, engines by number and steps by name', () => {
    expect(describeEventValues(i18n, 'FLAPS_CHANGED', { fromRatio: 0, toRatio: 0.25, indicatedAirspeedKts: 182.4, altitudeFtAgl: 900 })).toBe(
      'Flaps 25 % (from 0 %) at 182 kt',
    );
    expect(describeEventValues(i18n, 'ENGINE_STOPPED', { engineIndex: 0, isOnGround: true })).toBe('Engine 1 off, on the ground');
    expect(describeEventValues(i18n, 'ENGINE_STARTED', { engineIndex: 1, isOnGround: false })).toBe('Engine 2 on, in flight');
    expect(describeEventValues(i18n, 'TAKEOFF_WITHOUT_SEAT_BELT_SIGN', { flightStep: 'takeoff' })).toBe('Seat belt sign off during Take-off');
    expect(describeEventValues(i18n, 'SEAT_BELT_SIGN_SWITCHED', { isOn: false })).toBe('Seat belt sign off');
    expect(describeEventValues(i18n, 'ANNOUNCEMENT_STARTED', { type: 2, durationSeconds: 150 })).toBe('Safety demonstration announcement, 2 min 30 s');
    expect(describeEventValues(i18n, 'FOOD_SERVICE_ENDED', { type: 1 })).toBe('Lunch service complete');
  });

  it('says the same in French and Spanish, with no raw value left', async () => {
    await i18n.changeLanguage('fr');
    expect(describeEventValues(i18n, 'FLAPS_CHANGED', { fromRatio: 0.5, toRatio: 1, indicatedAirspeedKts: 150 })).toBe('Volets 100 % (depuis 50 %) à 150 kt');
    expect(describeEventValues(i18n, 'FLIGHT_STEP_UPDATED', { step: 'cruise', previousStep: 'climb' })).toBe('Croisière (après Montée)');
    await i18n.changeLanguage('es');
    expect(describeEventValues(i18n, 'ENGINE_STOPPED', { engineIndex: 0, isOnGround: false })).toBe('Motor 1 apagado, en vuelo');
  });

  it('gives no sentence when a value it needs is missing, so the caller lists the data instead', () => {
    expect(describeEventValues(i18n, 'FLAPS_CHANGED', { toRatio: 0.25 })).toBeNull();
    expect(describeEventValues(i18n, 'IFE_SWITCHED', {})).toBeNull();
    expect(describeEventValues(i18n, 'NOT_AN_EVENT', { a: 1 })).toBeNull();
  });

  it('has a sentence for every event of the catalogue, in the three languages', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const sentences = resources[language].eventValues.sentences as Record<string, string>;
      for (const { key } of Object.values(FLIGHT_EVENT_CATALOGUE)) {
        const has = key in sentences || (`${key}_on` in sentences && `${key}_off` in sentences);
        expect(has, `${language} ${key}`).toBe(true);
      }
    }
  });
});
