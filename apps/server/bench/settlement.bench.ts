/**
 * `npm run bench:settlement`: one month of due airline costs for 10,000 airlines (each with a main
 * hub, a hangar, a plane and an auto-renewing traffic right: three PLANNED rows due, one airline in
 * ten unable to pay all of them) settled by the airline clock, next to a bare multi-row INSERT of
 * the same number of wallet rows in the same run. Target: settlement <= 3 x the bare insert, on
 * PGlite and on PostgreSQL (when reachable).
 *
 * Environment: BENCH_AIRLINES (default 10000), BENCH_DATABASE_URL (PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/postgres; "off" to skip), BENCH_DB ("pglite", "postgres" or
 * both by default). Ends with one JSON line per database, the last one last.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { walletTransactions } from '../src/modules/wallet/wallet.schema';
import { settleAirlines } from '../src/modules/airline/airline-settlement';
import { wireModulePorts } from '../src/module-ports';

const AIRLINES = Number(process.env.BENCH_AIRLINES ?? 10_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const log = (message: string) => process.stderr.write(`${message}\n`);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const NOW = new Date('2026-02-01T06:00:00Z');
const DUE = new Date('2026-02-01T00:00:00Z');

/** Seeds set-based: users, airlines with starting capital, hubs, hangars, planes, traffic rights, and the due rows. */
const seed = async (handle: DatabaseHandle) => {
  const db = handle.db;
  const n = AIRLINES;
  await db.execute(sql`insert into users (user_name, email, mf_id, password_hash)
    select 'bench' || i, 'bench' || i || '@example.test', 'MF' || i, 'x' from generate_series(1, ${n}) i`);
  // Nine airlines in ten can pay the month (2,500 + 950 + 5,000); the tenth only its first bill.
  await db.execute(sql`insert into airlines (owner_id, name, code, balance, short_description)
    select u.id, 'Bench ' || u.user_name, upper(to_hex(row_number() over ())::text), case when row_number() over () % 10 = 0 then 3000 else 20000 end, 'bench'
    from users u where u.user_name like 'bench%'`);
  await db.execute(sql`insert into airline_members (airline_id, user_id, role) select id, owner_id, 'OWNER' from airlines`);
  await db.execute(sql`insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
    select id, 'MFC', 'CREDIT', 'SUCCESS', balance, 'MF_BONUS', '{"category":"MF_BONUS","reason":"Starting capital"}', 'Starting capital', 'bench-capital:' || id, ${DUE.toISOString()}::timestamptz - interval '1 month' from airlines`);
  await db.execute(sql`insert into airline_hubs (airline_id, airport_ident, is_main, operating_cost, next_dt_of_payment) select id, 'LFPG', true, 2500, ${DUE.toISOString()}::timestamptz from airlines`);
  await db.execute(sql`insert into airline_hangars (airline_id, hub_id, name, size, rarity, operating_cost, next_dt_of_payment)
    select h.airline_id, h.id, 'Hangar', 'SMALL', 'common', 950, ${DUE.toISOString()}::timestamptz from airline_hubs h`);
  await db.execute(sql`insert into airline_planes (airline_id, hangar_id, inventory_item_id, icao, model, tail_registration, category, state, airport_ident)
    select g.airline_id, g.id, gen_random_uuid(), 'A320', 'A320', 'B-' || g.id, 'MEDIUM_HAUL', 'AT_AIRPORT', 'LFPG' from airline_hangars g`);
  await db.execute(sql`insert into airline_traffic_rights (airline_id, iso_country, licence_cost, end_date, auto_renew) select id, 'FR', 5000, ${DUE.toISOString()}::timestamptz, true from airlines`);
  const iso = DUE.toISOString();
  await db.execute(sql`insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
    select airline_id, 'MFC', 'DEBIT', 'PLANNED', 2500, 'HUB_OPERATIONAL_COST', '{"category":"HUB_OPERATIONAL_COST","hubAirportIdent":"LFPG"}', 'Hub rent', 'airline-cost:hub:' || id || ':' || ${iso}, ${DUE.toISOString()}::timestamptz from airline_hubs`);
  await db.execute(sql`insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
    select airline_id, 'MFC', 'DEBIT', 'PLANNED', 950, 'HANGAR_OPERATIONAL_COST', '{"category":"HANGAR_OPERATIONAL_COST","hangarAirport":"LFPG","hangarName":"Hangar"}', 'Hangar rent', 'airline-cost:hangar:' || id || ':' || ${iso}, ${DUE.toISOString()}::timestamptz + interval '1 second' from airline_hangars`);
  await db.execute(sql`insert into wallet_transactions (airline_id, currency, transaction_type, transaction_state, amount, category, category_data, description, idempotency_key, execution_date)
    select airline_id, 'MFC', 'DEBIT', 'PLANNED', 5000, 'TRAFFIC_RIGHT_LICENCE_COST', '{"category":"TRAFFIC_RIGHT_LICENCE_COST","country":"FR"}', 'Traffic right FR', 'airline-cost:traffic-right:' || id || ':' || ${iso}, ${DUE.toISOString()}::timestamptz + interval '2 seconds' from airline_traffic_rights`);
  await db.execute(sql`analyze`);
};

/** The same number of wallet rows as one bare multi-row INSERT per 5,000 rows (the parameter limit), no logic. */
const bareInsert = async (handle: DatabaseHandle, count: number, airlineIds: string[]) => {
  const started = performance.now();
  const chunk = 5_000;
  for (let offset = 0; offset < count; offset += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - offset) }, (_, i) => ({
      airlineId: airlineIds[(offset + i) % airlineIds.length]!,
      currency: 'MFC' as const,
      transactionType: 'DEBIT' as const,
      transactionState: 'PLANNED' as const,
      amount: 2500,
      category: 'HUB_OPERATIONAL_COST',
      categoryData: { category: 'HUB_OPERATIONAL_COST' as const, hubAirportIdent: 'LFPG' },
      description: 'Hub rent',
      idempotencyKey: `bench-bare:${offset + i}`,
      executionDate: NOW,
    }));
    await handle.db.insert(walletTransactions).values(rows);
  }
  return performance.now() - started;
};

const run = async (kind: 'pglite' | 'postgres'): Promise<Record<string, unknown> | undefined> => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    if (POSTGRES_URL === 'off') return undefined;
    const name = `contrail_bench_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    try {
      await admin.connect();
    } catch (error) {
      log(`PostgreSQL not reachable (${(error as Error).message}); skipped`);
      return undefined;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    drop = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
  }
  // The settlement pays through the wallet, which moves balances through the ports the app wires.
  wireModulePorts();
  try {
    log(`${kind}: seeding ${AIRLINES} airlines`);
    await seed(handle);
    const started = performance.now();
    const report = await settleAirlines(handle.db, NOW);
    const settleMs = performance.now() - started;
    const transactions = report.paid + report.failed;
    const airlineIds = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from airlines`)).map((row) => row.id);
    const bareInsertMs = await bareInsert(handle, transactions, airlineIds);
    // The law still holds after the run: every balance is the sum of its SUCCESS rows, none negative.
    const broken = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from airlines a where a.balance < 0 or a.balance <> (
        select coalesce(sum(case when t.transaction_type = 'CREDIT' then t.amount else -t.amount end), 0)
        from wallet_transactions t where t.airline_id = a.id and t.transaction_state = 'SUCCESS')`),
    )[0]?.n;
    if (broken !== 0) throw new Error(`${broken} airlines break the balance law`);
    log(`${kind}: settled ${report.paid} paid, ${report.failed} failed in ${settleMs.toFixed(0)} ms; bare insert ${bareInsertMs.toFixed(0)} ms`);
    return {
      airlines: AIRLINES,
      transactions,
      paid: report.paid,
      failed: report.failed,
      settleMs: Math.round(settleMs),
      bareInsertMs: Math.round(bareInsertMs),
      ratio: Math.round((settleMs / bareInsertMs) * 100) / 100,
      db: kind,
    };
  } finally {
    await handle.close();
    await drop?.();
  }
};

const results: Record<string, unknown>[] = [];
for (const kind of DBS as ('pglite' | 'postgres')[]) {
  const result = await run(kind);
  if (result) results.push(result);
}
for (const result of results) console.log(JSON.stringify(result));
