import type { TFunction } from 'i18next';

/** A refused flight control in words: its rejection code translated, else the tracker's own text. */
export const controlRejectionMessage = (t: TFunction, rejection: string | null): string =>
  t(`rejections.${rejection ?? 'UNKNOWN'}`, { defaultValue: rejection ?? t('rejections.UNKNOWN') });
