import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { airlineHubs, airlineMembers, airlineRoutes, airlines } from '../../src/modules/airline/airline.schema';
import { users } from '../../src/modules/user/user.schema';
import { getAirportData } from '../../src/modules/airport/airport.service';
import { seedMigratedDataDir } from '../support/test-app';
import { isPostgresPass } from '../support/postgres-pass';
import { bundledEntry } from '../support/bundled-entry';

const PHPVMS_DATA_DIR = path.resolve(import.meta.dirname, '../../../../../shared/data/phpvms');
const hasPhpvmsData = fs.existsSync(PHPVMS_DATA_DIR);
if (!hasPhpvmsData) console.warn(`Skipping the import:phpvms command test: ${PHPVMS_DATA_DIR} is absent`);
const serverRoot = path.resolve(import.meta.dirname, '../..');

// The script runs on a PGlite folder (DATABASE_URL emptied): the same in both passes of the suite.
describe.skipIf(!hasPhpvmsData || isPostgresPass)('npm run import:phpvms', () => {
  it('imports a folder into the configured database with progress and the refused lines, and a second run adds nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-phpvms-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-phpvms-files-'));
    try {
      for (const file of ['flights.csv', 'fares.csv']) fs.copyFileSync(path.join(PHPVMS_DATA_DIR, file), path.join(folder, file));
      await seedMigratedDataDir(dataDir);
      const handle = await openDatabase({ dataDir });
      // The embedded reference airports (KAUS, KJFK among them), then an owner and an airline with a hub at KAUS.
      await getAirportData(handle.db);
      const [owner] = await handle.db.insert(users).values({ userName: 'PhpvmsOwner', email: 'phpvms@example.test', mfId: 'MF-PHPVMS', passwordHash: 'x' }).returning();
      const [airline] = await handle.db.insert(airlines).values({ ownerId: owner!.id, name: 'phpVMS Airlines', code: 'VMS', planeCategory: 'MEDIUM_HAUL' }).returning();
      await handle.db.insert(airlineMembers).values({ airlineId: airline!.id, userId: owner!.id, role: 'OWNER' });
      await handle.db.insert(airlineHubs).values({ airlineId: airline!.id, airportIdent: 'KAUS', isMain: true, operatingCost: 0 });
      await handle.close();

      const run = promisify(execFile);
      // The script built into one file (bundled-entry.ts): the same sources `npm run import:phpvms`
      // runs through npx and tsx, without their three extra node processes and the transform.
      const command = [await bundledEntry('scripts/import-phpvms.ts'), '--airline', airline!.id, folder];
      // Some rows are refused (exit code 1): the output says which and why.
      const first = await run(process.execPath, command, { cwd: serverRoot, env }).then(
        () => expect.unreachable('rows were refused: exit code 1'),
        (error: { code: number; stdout: string }) => error,
      );
      expect(first.code).toBe(1);
      expect(first.stdout).toContain('[import:phpvms] flights.csv: 4/4 rows');
      expect(first.stdout).toContain('flights.csv (flights): 2 accepted (2 imported, 0 updated, 0 already there), 2 refused');
      expect(first.stdout).toContain('line 3 refused: airline is required');
      expect(first.stdout).toContain("line 4 refused: KJFK is not one of the airline's hubs");
      expect(first.stdout).toContain('fares.csv (fares): 4 accepted (0 imported, 0 updated, 4 already there), 0 refused');

      const second = await run(process.execPath, command, { cwd: serverRoot, env }).catch((error: { code: number; stdout: string }) => error);
      expect(second.stdout).toContain('flights.csv (flights): 2 accepted (0 imported, 0 updated, 2 already there), 2 refused');

      const reopened = await openDatabase({ dataDir });
      const routes = await reopened.db.select({ name: airlineRoutes.name, departureTime: airlineRoutes.departureTime }).from(airlineRoutes).where(eq(airlineRoutes.airlineId, airline!.id));
      await reopened.close();
      expect(routes.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: 'VMS1972 KAUS-KJFK', departureTime: '14:10' },
        { name: 'VMS999 KAUS-KJFK', departureTime: '14:10' },
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // Two processes, each starting a PGlite: slow on a loaded machine.
  }, 240_000);
});
