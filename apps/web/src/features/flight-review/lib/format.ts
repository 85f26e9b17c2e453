const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-03-01 14:05Z" (UTC, the format of every date a pilot reads), or '' without a date. */
export const formatUtcDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}Z`;
};
