export type AirportSearchParams = {
  /** Trimmed, lower-cased search text (the server's search ignores case, so one cache entry serves both). */
  query: string;
  fromIdent?: string | undefined;
  context?: string | undefined;
};

export const airportQueryKeys = {
  all: ['airports'] as const,
  search: (params: AirportSearchParams) =>
    [...airportQueryKeys.all, 'search', { query: params.query, fromIdent: params.fromIdent ?? null, context: params.context ?? null }] as const,
  detail: (ident: string) => [...airportQueryKeys.all, 'detail', ident.toUpperCase()] as const,
};
