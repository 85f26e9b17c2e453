// `npm run import:airports -- <folder>`: loads the full OurAirports dump (airports.csv, and
// runways.csv, countries.csv, regions.csv when present) into Contrail's database: the PGlite folder
// of DATA_DIR (stop the server first: one process per folder) or the PostgreSQL of DATABASE_URL
// (running servers pick the new data up within 30 s). Idempotent; a malformed file is refused with
// the line that broke it and the data stays as it was.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { importOurAirports, ourAirportsFilesIn } from '../src/modules/airport/airport-import';
import { OurAirportsFormatError } from '../src/modules/airport/our-airports-csv';

const main = async (): Promise<number> => {
  const folder = process.argv[2];
  if (!folder || folder === '--help') {
    console.log('Usage: npm run import:airports -- <folder with airports.csv [runways.csv countries.csv regions.csv]>');
    return folder ? 0 : 2;
  }
  const files = ourAirportsFilesIn(path.resolve(folder));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const started = performance.now();
    const summary = await importOurAirports(database.db, files, {
      onProgress: (message) => console.log(`[import:airports] ${message}`),
    });
    console.log(
      `[import:airports] imported ${summary.airports} airports, ${summary.runways} runways` +
        `${summary.countries === null ? '' : `, ${summary.countries} countries`}` +
        `${summary.regions === null ? '' : `, ${summary.regions} regions`} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
};

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof OurAirportsFormatError) {
      console.error(`[import:airports] refused: ${error.message}. Nothing was changed.`);
    } else if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error('[import:airports] failed, nothing was changed:', error);
    }
    process.exit(1);
  });
