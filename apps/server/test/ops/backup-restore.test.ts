import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { ledgerBlocks, ledgerRecords } from '../../src/modules/ledger/ledger.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { checkPublishedLedger } from '../../src/modules/ledger/published-ledger-check';
import { createSignedInUser } from '../support/factories';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { api } from '../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { isPostgresPass } from '../support/postgres-pass';

/**
 * `npm run db:backup` while the server runs, `npm run db:restore` into a fresh database, and a new
 * server on it finds every flight log, wallet transaction and ledger block as they were, with the
 * ledger still verifying from the outside. PGlite in the suite's PGlite pass, PostgreSQL
 * (pg_dump / pg_restore) in its PostgreSQL pass.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-backup-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

const runScript = (script: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/scripts/${script.replace(':', '-')}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });

/** Everything the backup must keep, in a stable order. */
const contentsOf = async (app: App) => ({
  flightLogs: await app.deps.db.select().from(flightLogs).orderBy(asc(flightLogs.id)),
  wallet: await app.deps.db.select().from(walletTransactions).orderBy(asc(walletTransactions.id)),
  blocks: await app.deps.db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.height)),
  records: await app.deps.db.select().from(ledgerRecords).orderBy(asc(ledgerRecords.recordHash)),
});

// PGlite in the suite's PGlite pass, PostgreSQL in its PostgreSQL pass (each case once per run).
const cases: { name: string; postgresUrl?: string }[] = isPostgresPass ? [{ name: 'PostgreSQL', postgresUrl: process.env.TEST_DATABASE_URL }] : [{ name: 'PGlite' }];

describe.each(cases)('db:backup and db:restore on $name', ({ postgresUrl }) => {
  it('backs up a running server and restores into a fresh one with every log, wallet row and ledger block intact', async () => {
    const source: SharedDatabase = await createSharedDatabase(postgresUrl ?? false);
    cleanups.push(() => source.drop());
    const app = await source.buildApp();
    cleanups.push(() => app.close());
    const baseUrl = await listen(app);
    const pilot = await createSignedInUser(app);
    await flyShortHop(app, baseUrl, pilot.headers);
    await flyShortHop(app, baseUrl, pilot.headers, { flightNumber: 'CTR102' });
    await app.deps.jobs.runDue(app.deps.clock.now()); // seals the flights' records into a ledger block
    const before = await contentsOf(app);
    expect(before.flightLogs).toHaveLength(2);
    expect(before.wallet.length).toBeGreaterThan(0);
    expect(before.blocks.length).toBeGreaterThan(0);
    expect(before.records.length).toBeGreaterThanOrEqual(2);

    const file = path.join(work, `backup-${postgresUrl ? 'pg.dump' : 'pglite.tar'}`);
    const port = new URL(baseUrl).port;
    const backup = await runScript('db:backup', ['--out', file], { ...source.env, PORT: port });
    expect(backup.output).toContain('[db:backup]');
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    await app.close();

    // A fresh, empty database (PGlite: a new folder; PostgreSQL: a new database).
    const target = await createSharedDatabase(postgresUrl ?? false, { empty: true });
    cleanups.push(() => target.drop());
    if (!postgresUrl) {
      // A folder with data is refused without --force (the folder above is still there and intact).
      const refused = await runScript('db:restore', [file], source.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/--force/);
    }
    const restore = await runScript('db:restore', [file], target.env);
    expect(restore.output).toContain('[db:restore] restored');
    expect(restore.code).toBe(0);

    const restored = await target.buildApp();
    cleanups.push(() => restored.close());
    const restoredUrl = await listen(restored);
    expect(await contentsOf(restored)).toEqual(before);
    const ledger = await checkPublishedLedger(restoredUrl, {});
    expect(ledger.valid).toBe(true);
    expect(ledger.blocks).toBe(before.blocks.length);
    // The pilot's session still holds on the restored server, and the flight log reads through the API.
    const log = await api(restored, pilot.headers).inject(flightLogRoutes.detail, { params: { id: before.flightLogs[0]!.id } });
    expect(log.statusCode).toBe(200);
  }, 300_000);
});
