import type { i18n as I18n } from 'i18next';
import { REVIEW_MESSAGE_MAX, type TFlightReview } from '@contrail/domain/flight-review/review-contract';

export type ReviewReasonShown = TFlightReview['reasons'][number];

/** A measured value or a threshold in the reader's language with its unit ("-420 ft/min", "12 %"). */
export const reviewFigure = (i18n: I18n, value: number, unit: ReviewReasonShown['unit']): string => {
  const text = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: unit === 'fpm' || unit === 'seconds' ? 0 : 1 }).format(value);
  return unit === null ? text : i18n.t(`flightReview:units.${unit}`, { value: text });
};

/**
 * One review reason in the reader's language: a short title and a sentence with the measured value
 * and the limit it crossed. The server's sentence is English and written when the flight ended, so
 * it shows only for a code this web app does not know yet (a newer server).
 */
export const reviewReasonText = (i18n: I18n, reason: ReviewReasonShown): { title: string; text: string } => {
  const key = `flightReview:reasons.${reason.code}`;
  if (!i18n.exists(`${key}.title`)) return { title: i18n.t('flightReview:otherReason'), text: reason.message };
  const title = i18n.t(`${key}.title`);
  if (reason.measured === null || reason.threshold === null) return { title, text: i18n.t(`${key}.plain`) };
  return {
    title,
    text: i18n.t(`${key}.text`, {
      measured: reviewFigure(i18n, reason.measured, reason.unit),
      threshold: reviewFigure(i18n, reason.threshold, reason.unit),
    }),
  };
};

/** What is wrong with a reply or a reviewer's comment before it is sent, in the server's own limits. */
export const reviewMessageProblem = (message: string): 'required' | 'tooLong' | null =>
  message.trim() === '' ? 'required' : message.trim().length > REVIEW_MESSAGE_MAX ? 'tooLong' : null;
