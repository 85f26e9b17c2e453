import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { parseValidationMessage } from '@contrail/domain/common/validation-messages';
import { storageKeys } from '../config/app-config';
import { english } from '../locales/en';
import { DEFAULT_LANGUAGE, Language } from '@contrail/domain/common/language';

/** English, French, Spanish; English by default. */
export const SUPPORTED_LANGUAGES = Language;
export { DEFAULT_LANGUAGE };
export type { Language };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** English is the default and the fallback for a missing key, so its texts are part of the first load. */
type LanguageResources = typeof english;

/**
 * French and Spanish texts are fetched only when chosen: each language is a third of the texts,
 * and a pilot reads one. Namespaces live in src/locales/<lng>/<ns>.json, listed in src/locales/<lng>.ts.
 */
const loadLanguageResources = async (language: Language): Promise<LanguageResources> => {
  switch (language) {
    case 'en':
      return english;
    case 'fr':
      return (await import('../locales/fr')).french;
    case 'es':
      return (await import('../locales/es')).spanish;
  }
};

/** Hands i18next a language's namespaces when it first needs them (a change of language, startup). */
const languageOnDemand: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isLanguage(language)) return callback(new Error(`No texts in language ${language}`), false);
    loadLanguageResources(language).then(
      (texts) => callback(null, texts[namespace as keyof LanguageResources]),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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

/** Resolves once the stored language's texts are in: the app is drawn after it, never half in English. */
export const i18nReady: Promise<unknown> = i18next.use(languageOnDemand).use(initReactI18next).init({
  resources: { en: english },
  // English is bundled; the other languages come from languageOnDemand.
  partialBundledLanguages: true,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: Object.keys(english),
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
  // Its texts first, so the switch itself is one step: <html lang> and every text change together.
  await i18next.loadLanguages(language);
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
