/** Durations hh mm ss; dates and times come from the shared UTC formatter. */
import { formatUtcDateTime, pad2 as pad } from '../../../lib/utc-date-time';

export { formatUtcDateTime };

/** "14:05Z" (UTC). */
export const formatUtcTime = (iso: string | null | undefined): string => formatUtcDateTime(iso).slice(11);

/** "01h 25m 07s" from seconds. */
export const formatDuration = (totalSeconds: number): string => {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}h ${pad(Math.floor((seconds % 3600) / 60))}m ${pad(seconds % 60)}s`;
};

export const numberFormat = (language: string, maximumFractionDigits = 0) => new Intl.NumberFormat(language, { maximumFractionDigits });
