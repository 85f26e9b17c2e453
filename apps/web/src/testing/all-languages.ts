import { english } from '../locales/en';
import { french } from '../locales/fr';
import { spanish } from '../locales/es';

/** Every language's texts at once, for tests that compare them; the app loads French and Spanish on demand. */
export const resources = { en: english, fr: french, es: spanish };
