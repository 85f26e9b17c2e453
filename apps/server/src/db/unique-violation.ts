/** The unique index a failed insert or update hit, if that is why it failed (PostgreSQL 23505). */
export const uniqueViolationOf = (error: unknown): string | undefined => {
  const seen = new Set<unknown>();
  for (let current: unknown = error; current && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : 'unknown';
  }
  return undefined;
};
