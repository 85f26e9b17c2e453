// `npm run db:restore -- <backup file> [--force]`: puts a db:backup back.
// - DATABASE_URL (PostgreSQL): `pg_restore --clean --if-exists --single-transaction` into that
//   database (create it first if needed). Stop the servers first: the restore replaces every table.
// - PGlite (DATA_DIR): the server must be stopped (the folder is refused while held). An empty
//   folder receives the backup; a folder with data needs --force, which keeps it aside as
//   pglite.before-restore-<time> rather than deleting it.
// The next server start applies any newer migrations to the restored data.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { lockHolder } from './db-restore-support';

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } });
  const file = positionals[0];
  if (!file || !fs.existsSync(file)) {
    console.log('Usage: npm run db:restore -- <backup file> [--force]');
    return 1;
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', '--dbname', databaseUrl, file];
    const restore = spawnSync('pg_restore', args, { stdio: 'inherit' });
    if (restore.error) throw new Error(`pg_restore could not run (install the PostgreSQL client): ${restore.error.message}`);
    if (restore.status !== 0) return 1;
  } else {
    const dataDir = process.env.DATA_DIR ?? './data';
    const holder = lockHolder(dataDir);
    if (holder !== undefined) throw new Error(`a Contrail server (pid ${holder}) is using ${path.resolve(dataDir)}: stop it first`);
    const target = path.join(dataDir, 'pglite');
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
      if (!values.force) throw new Error(`${path.resolve(target)} holds data: pass --force to keep it aside and restore over it`);
      const aside = `${target}.before-restore-${new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '')}`;
      fs.renameSync(target, aside);
      console.log(`[db:restore] previous data kept in ${aside}`);
    }
    fs.mkdirSync(dataDir, { recursive: true });
    const client = new PGlite(target, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
  }
  console.log(`[db:restore] restored ${file}`);
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.log(`[db:restore] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
