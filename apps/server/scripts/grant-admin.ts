// `npm run admin:grant -- <userName>`: makes that user an administrator (users.role = ADMIN), in
// the database of DATABASE_URL or the PGlite folder of DATA_DIR (stop the server first: one process
// per folder). Administrators may add missions; the role is read from the database on every
// request, so it holds from the next one (docs/decisions/0016-access-model.md).
// Exit code: 0 when granted, 1 when no user has that name, 2 on a usage or start-up error.
import { ConfigError, loadConfig } from '../src/config/config';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError } from '../src/db/data-dir-lock';
import { grantAdminRole } from '../src/modules/access/access.service';

const main = async (): Promise<number> => {
  const userName = process.argv[2]?.trim();
  if (!userName || userName === '--help') {
    console.log('Usage: npm run admin:grant -- <userName>');
    return userName ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const granted = await grantAdminRole(database.db, userName);
    if (!granted) {
      console.log(`[admin:grant] no user is named ${userName}`);
      return 1;
    }
    console.log(`[admin:grant] ${granted.userName} is now an administrator`);
    return 0;
  } finally {
    await database.close();
  }
};

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(2);
  });
