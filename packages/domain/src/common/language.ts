/** The languages Contrail speaks (English, French, Spanish; English by default). */
export const Language = ['en', 'fr', 'es'] as const;
export type Language = (typeof Language)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The best language Contrail speaks in an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8"), else English. */
export const languageFromAcceptLanguage = (header: string | undefined): Language => {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { language: tag.slice(0, 2).toLowerCase(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .sort((a, b) => b.quality - a.quality);
  const found = tags.find((tag) => (Language as readonly string[]).includes(tag.language));
  return (found?.language as Language | undefined) ?? DEFAULT_LANGUAGE;
};
