/** Spec section 9 formats: dates yyyy-MM-dd, times 24-hour UTC HH:mm, durations hh mm ss. */
const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-03-01 14:05Z" (UTC), or the raw text when it is not a date. */
export const formatUtcDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};

/** "14:05Z" (UTC). */
export const formatUtcTime = (iso: string | null | undefined): string => formatUtcDateTime(iso).slice(11);

/** "01h 25m 07s" from seconds. */
export const formatDuration = (totalSeconds: number): string => {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}h ${pad(Math.floor((seconds % 3600) / 60))}m ${pad(seconds % 60)}s`;
};

export const numberFormat = (language: string, maximumFractionDigits = 0) => new Intl.NumberFormat(language, { maximumFractionDigits });
