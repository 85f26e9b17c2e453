// `npm run import:phpvms -- --airline <airlineId> <folder or .csv files>`: brings a phpVMS 7
// airline's CSV exports (airports, subfleets, aircraft, fares, expenses, flights; each file's kind
// is read from its header) onto that Contrail airline, acting as its owner, in the database of
// DATABASE_URL or the PGlite folder of DATA_DIR (stop the server first: one process per folder).
// A second run updates what changed and never duplicates (docs/decisions/0041-phpvms-import.md).
// Exit code: 0 when every row went in, 1 when some rows were refused (each printed with its line
// and reason), 2 on a usage or start-up error.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '@contrail/domain/errors/app-error';
import { ConfigError, loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { airlineOwnerCaller, importPhpvmsFiles, type PhpvmsImportReport } from '../src/modules/phpvms-import/phpvms-import.service';
import { wireModulePorts } from '../src/module-ports';

const USAGE = 'Usage: npm run import:phpvms -- --airline <airlineId> <folder with phpVMS CSV exports | file.csv ...>';
const TAG = '[import:phpvms]';

const csvFilesOf = (targets: string[]): string[] =>
  targets.flatMap((target) => {
    const resolved = path.resolve(target);
    if (!fs.statSync(resolved).isDirectory()) return [resolved];
    return fs
      .readdirSync(resolved)
      .filter((name) => name.toLowerCase().endsWith('.csv'))
      .sort()
      .map((name) => path.join(resolved, name));
  });

const printReport = (report: PhpvmsImportReport): void => {
  const accepted = report.imported + report.updated + report.unchanged;
  console.log(
    `${TAG} ${report.file} (${report.kind ?? 'not a phpVMS export'}): ${accepted} accepted (${report.imported} imported, ${report.updated} updated, ${report.unchanged} already there), ${report.refused.length} refused`,
  );
  for (const refused of report.refused) console.log(`${TAG}   line ${refused.line} refused: ${refused.reason}`);
  for (const note of report.notCarried) console.log(`${TAG}   not carried: ${note}`);
};

const main = async (): Promise<number> => {
  const args = process.argv.slice(2);
  const flag = args.indexOf('--airline');
  const airlineId = flag >= 0 ? args[flag + 1] : undefined;
  const targets = args.filter((_, i) => flag < 0 || (i !== flag && i !== flag + 1));
  if (args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (!airlineId || targets.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const missing = targets.filter((target) => !fs.existsSync(target));
  if (missing.length > 0) {
    console.error(`${TAG} no such file or folder: ${missing.join(' ')}`);
    return 2;
  }
  const files = csvFilesOf(targets);
  if (files.length === 0) {
    console.error(`${TAG} no .csv file in ${targets.join(' ')}`);
    return 2;
  }
  const config = loadConfig();
  // The import checks the owner's access, which reads memberships through the airline module's port.
  wireModulePorts();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const uploads = files.map((file) => ({ name: path.basename(file), content: fs.readFileSync(file, 'utf8') }));
    const caller = await airlineOwnerCaller(database.db, airlineId);
    const reports = await importPhpvmsFiles(database.db, caller, airlineId, uploads, new Date(), (file, done, total) => {
      if (done === total || done % 100 === 0) console.log(`${TAG} ${file}: ${done}/${total} rows`);
    });
    reports.forEach(printReport);
    return reports.some((report) => report.refused.length > 0) ? 1 : 0;
  } finally {
    await database.close();
  }
};

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`${TAG} ${error.message}`);
    } else {
      console.error(`${TAG} failed:`, error);
    }
    process.exit(2);
  });
