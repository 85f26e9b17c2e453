/** Dates as a pilot reads them everywhere: yyyy-MM-dd and 24-hour UTC HH:mm with a Z. */
export const pad2 = (value: number) => String(value).padStart(2, '0');

/** "2026-03-01 14:05Z" (UTC), or the raw text when it is not a date, or '' without one. */
export const formatUtcDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}Z`;
};
