import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { parseValidationMessage } from '@contrail/domain/common/validation-messages';
import { storageKeys } from '../config/app-config';
import enAirports from '../locales/en/airports.json';
import enAircraft from '../locales/en/aircraft.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enMap from '../locales/en/map.json';
import enProfile from '../locales/en/profile.json';
import enShell from '../locales/en/shell.json';
import enSidePanel from '../locales/en/side-panel.json';
import enValidation from '../locales/en/validation.json';
import enFlight from '../locales/en/flight.json';
import enFlightConfig from '../locales/en/flight-config.json';
import enFlightCurrent from '../locales/en/flight-current.json';
import enTracker from '../locales/en/tracker.json';
import enFlightLog from '../locales/en/flightLog.json';
import enWallet from '../locales/en/wallet.json';
import enDashboard from '../locales/en/dashboard.json';
import enCareer from '../locales/en/career.json';
import enMissions from '../locales/en/missions.json';
import enNotifications from '../locales/en/notifications.json';
import enAffiliation from '../locales/en/affiliation.json';
import enNotam from '../locales/en/notam.json';
import enStore from '../locales/en/store.json';
import enEventValues from '../locales/en/event-values.json';
import enAirlinePilot from '../locales/en/airline-pilot.json';
import enAirlineMgr from '../locales/en/airline-mgr.json';
import enHelp from '../locales/en/help.json';
import enFlightReview from '../locales/en/flight-review.json';
import esAirports from '../locales/es/airports.json';
import esAircraft from '../locales/es/aircraft.json';
import esAuth from '../locales/es/auth.json';
import esCommon from '../locales/es/common.json';
import esErrors from '../locales/es/errors.json';
import esMap from '../locales/es/map.json';
import esProfile from '../locales/es/profile.json';
import esShell from '../locales/es/shell.json';
import esSidePanel from '../locales/es/side-panel.json';
import esValidation from '../locales/es/validation.json';
import esFlight from '../locales/es/flight.json';
import esFlightConfig from '../locales/es/flight-config.json';
import esFlightCurrent from '../locales/es/flight-current.json';
import esTracker from '../locales/es/tracker.json';
import esFlightLog from '../locales/es/flightLog.json';
import esWallet from '../locales/es/wallet.json';
import esDashboard from '../locales/es/dashboard.json';
import esCareer from '../locales/es/career.json';
import esMissions from '../locales/es/missions.json';
import esNotifications from '../locales/es/notifications.json';
import esAffiliation from '../locales/es/affiliation.json';
import esNotam from '../locales/es/notam.json';
import esStore from '../locales/es/store.json';
import esEventValues from '../locales/es/event-values.json';
import esAirlinePilot from '../locales/es/airline-pilot.json';
import esAirlineMgr from '../locales/es/airline-mgr.json';
import esHelp from '../locales/es/help.json';
import esFlightReview from '../locales/es/flight-review.json';
import frAirports from '../locales/fr/airports.json';
import frAircraft from '../locales/fr/aircraft.json';
import frAuth from '../locales/fr/auth.json';
import frCommon from '../locales/fr/common.json';
import frErrors from '../locales/fr/errors.json';
import frMap from '../locales/fr/map.json';
import frProfile from '../locales/fr/profile.json';
import frShell from '../locales/fr/shell.json';
import frSidePanel from '../locales/fr/side-panel.json';
import frValidation from '../locales/fr/validation.json';
import frFlight from '../locales/fr/flight.json';
import frFlightConfig from '../locales/fr/flight-config.json';
import frFlightCurrent from '../locales/fr/flight-current.json';
import frTracker from '../locales/fr/tracker.json';
import frFlightLog from '../locales/fr/flightLog.json';
import frWallet from '../locales/fr/wallet.json';
import frDashboard from '../locales/fr/dashboard.json';
import frCareer from '../locales/fr/career.json';
import frMissions from '../locales/fr/missions.json';
import frNotifications from '../locales/fr/notifications.json';
import frAffiliation from '../locales/fr/affiliation.json';
import frNotam from '../locales/fr/notam.json';
import frStore from '../locales/fr/store.json';
import frEventValues from '../locales/fr/event-values.json';
import frAirlinePilot from '../locales/fr/airline-pilot.json';
import frAirlineMgr from '../locales/fr/airline-mgr.json';
import frHelp from '../locales/fr/help.json';
import frFlightReview from '../locales/fr/flight-review.json';
import { DEFAULT_LANGUAGE, Language } from '@contrail/domain/common/language';

/** Spec section 1: English, French, Spanish; English by default. */
export const SUPPORTED_LANGUAGES = Language;
export { DEFAULT_LANGUAGE };
export type { Language };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/**
 * Every namespace, one JSON file per language in src/locales/<lng>/<ns>.json. A feature adding a
 * namespace imports its three files here and adds it to `resources`.
 */
export const resources = {
  en: { common: enCommon, aircraft: enAircraft, airports: enAirports, auth: enAuth, shell: enShell, profile: enProfile, validation: enValidation, errors: enErrors, map: enMap, sidePanel: enSidePanel, flightLog: enFlightLog, wallet: enWallet, dashboard: enDashboard, career: enCareer, missions: enMissions, flight: enFlight, flightConfig: enFlightConfig, flightCurrent: enFlightCurrent, tracker: enTracker, notifications: enNotifications, affiliation: enAffiliation, notam: enNotam, store: enStore, eventValues: enEventValues, airlinePilot: enAirlinePilot, airlineMgr: enAirlineMgr, help: enHelp, flightReview: enFlightReview },
  fr: { common: frCommon, aircraft: frAircraft, airports: frAirports, auth: frAuth, shell: frShell, profile: frProfile, validation: frValidation, errors: frErrors, map: frMap, sidePanel: frSidePanel, flightLog: frFlightLog, wallet: frWallet, dashboard: frDashboard, career: frCareer, missions: frMissions, flight: frFlight, flightConfig: frFlightConfig, flightCurrent: frFlightCurrent, tracker: frTracker, notifications: frNotifications, affiliation: frAffiliation, notam: frNotam, store: frStore, eventValues: frEventValues, airlinePilot: frAirlinePilot, airlineMgr: frAirlineMgr, help: frHelp, flightReview: frFlightReview },
  es: { common: esCommon, aircraft: esAircraft, airports: esAirports, auth: esAuth, shell: esShell, profile: esProfile, validation: esValidation, errors: esErrors, map: esMap, sidePanel: esSidePanel, flightLog: esFlightLog, wallet: esWallet, dashboard: esDashboard, career: esCareer, missions: esMissions, flight: esFlight, flightConfig: esFlightConfig, flightCurrent: esFlightCurrent, tracker: esTracker, notifications: esNotifications, affiliation: esAffiliation, notam: esNotam, store: esStore, eventValues: esEventValues, airlinePilot: esAirlinePilot, airlineMgr: esAirlineMgr, help: esHelp, flightReview: esFlightReview },
} as const;

export const readStoredLanguage = (): Language => {
  try {
    const stored = localStorage.getItem(storageKeys.language);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

const applyDocumentLanguage = (language: string): void => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};

i18next.on('languageChanged', applyDocumentLanguage);

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyDocumentLanguage(i18next.language);

export const i18n: I18n = i18next;

/** Switches the language, remembers it on the device, and updates <html lang>. */
export const changeLanguage = async (language: Language): Promise<void> => {
  localStorage.setItem(storageKeys.language, language);
  await i18next.changeLanguage(language);
};

/**
 * Translates a validation message key from the domain (`passwordWeak`,
 * `minLength|{"min":"8"}`) into the current language. `fieldLabel` fills `{{field}}`.
 */
export const translateValidationMessage = (raw: string, fieldLabel?: string): string => {
  const { key, params } = parseValidationMessage(raw);
  if (!i18next.exists(`validation:${key}`)) return raw;
  return i18next.t(`validation:${key}`, { field: fieldLabel ?? i18next.t('validation:defaultField'), ...params });
};
