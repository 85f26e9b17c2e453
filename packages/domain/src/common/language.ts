/** The languages Contrail speaks (spec section 1: English, French, Spanish; English by default). */
export const Language = ['en', 'fr', 'es'] as const;
export type Language = (typeof Language)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
