// `npm run db:backup -- [--out <file>]`: a consistent backup of Contrail's database, server running or not.
// - DATABASE_URL (PostgreSQL): `pg_dump --format=custom` (restore with npm run db:restore).
// - PGlite (DATA_DIR): when a server holds the folder, it dumps it itself (POST /ops/backup on
//   loopback, with the token it wrote in DATA_DIR); otherwise the folder is opened and dumped here.
//   The file is PGlite's data-folder tar.
// Exit code 0 on success, 1 on failure. Environment as for the server (DATABASE_URL, DATA_DIR, PORT).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/database';
import { BACKUP_TOKEN_FILE } from '../src/modules/ops/ops.plugin';
import { lockHolder } from './db-restore-support';

const main = async (): Promise<number> => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, url: { type: 'string' } } });
  const databaseUrl = process.env.DATABASE_URL;
  const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '');
  const out = path.resolve(values.out ?? `backups/contrail-${stamp}.${databaseUrl ? 'dump' : 'tar'}`);
  fs.mkdirSync(path.dirname(out), { recursive: true });

  if (databaseUrl) {
    const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', out, databaseUrl], { stdio: 'inherit' });
    if (dump.error) throw new Error(`pg_dump could not run (install the PostgreSQL client): ${dump.error.message}`);
    if (dump.status !== 0) return 1;
  } else {
    const dataDir = process.env.DATA_DIR ?? './data';
    if (lockHolder(dataDir) !== undefined) {
      // A server holds the folder: ask it.
      const serverUrl = values.url ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
      const token = fs.readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), 'utf8');
      const response = await fetch(`${serverUrl}/ops/backup`, { method: 'POST', headers: { 'x-backup-token': token } });
      if (!response.ok) throw new Error(`the server at ${serverUrl} refused the backup: ${response.status} ${await response.text()}`);
      fs.writeFileSync(out, Buffer.from(await response.arrayBuffer()));
    } else {
      const handle = await openDatabase({ dataDir });
      try {
        fs.writeFileSync(out, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
      } finally {
        await handle.close();
      }
    }
  }
  console.log(`[db:backup] ${out} (${fs.statSync(out).size} bytes)`);
  return 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.log(`[db:backup] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
