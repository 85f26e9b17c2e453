import { sql } from 'drizzle-orm';
import type { App } from '../../../src/app';

/**
 * Every API operation, read from the app's own OpenAPI document (`app.swagger()`), so the fuzz and
 * access tests cover routes other modules add later without being edited.
 */
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: `/api/v1/flight/{id}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  headerParams: string[];
  /** Property names of the JSON body schema, when the operation has one. */
  bodyFields: string[];
  hasBody: boolean;
  isAuthenticated: boolean;
};

type OpenApiOperation = {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

export const operationsOf = (app: App): Operation[] => {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        headerParams: parameters.filter((p) => p.in === 'header').map((p) => p.name),
        bodyFields: Object.keys(json?.properties ?? {}),
        hasBody: upper !== 'GET' && upper !== 'DELETE',
        isAuthenticated: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
};

/** The operation's URL with its path parameters replaced (values are URL-encoded unless `raw`). */
export const urlOf = (operation: Operation, values: Record<string, string>, options: { raw?: boolean } = {}): string =>
  operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? 'x';
    return options.raw ? value : encodeURIComponent(value);
  });

type RawDatabase = { execute: (query: ReturnType<typeof sql.raw>) => Promise<{ rows: Record<string, unknown>[] }> };

/** The last digest taken of an app's database, with the transaction horizon it was taken at. */
const lastDigests = new WeakMap<App, { horizon: string; digest: string }>();

/**
 * A digest of every table's rows (count and an order-free sum of row hashes): equal before and
 * after a refused request means the request changed nothing.
 *
 * Hashing every row costs a scan of every table, and the fuzz and access tests take thousands of
 * digests. No row changes without a transaction id, and the snapshot's horizon (the first id not
 * yet completed) moves whenever a transaction holding one commits or rolls back; so while the
 * horizon stands still, the last digest still holds. On a shared PostgreSQL server other databases'
 * transactions move it too, and the digest is simply taken again.
 */
export const databaseDigest = async (app: App): Promise<string> => {
  const db = app.deps.db as unknown as RawDatabase;
  const horizonOf = async () => String((await db.execute(sql.raw('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon'))).rows[0]?.horizon);
  const horizon = await horizonOf();
  const last = lastDigests.get(app);
  if (last?.horizon === horizon) return last.digest;

  const tables = await db.execute(sql.raw("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name"));
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    const result = await db.execute(
      sql.raw(`SELECT count(*)::text AS n, coalesce(sum(hashtext(t::text)::bigint), 0)::text AS h FROM "${String(name)}" t`),
    );
    const row = result.rows[0] ?? {};
    parts.push(`${String(name)}:${String(row.n)}:${String(row.h)}`);
  }
  const digest = parts.join('|');
  // Kept only if nothing completed while the tables were read, so the digest is the horizon's.
  if ((await horizonOf()) === horizon) lastDigests.set(app, { horizon, digest });
  return digest;
};

/** Whether a response is an error in the spec's action shape `{success: false, message, errorCode}`. */
export const isActionError = (body: string): boolean => {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return parsed.success === false && typeof parsed.message === 'string' && typeof parsed.errorCode === 'string';
  } catch {
    return false;
  }
};
