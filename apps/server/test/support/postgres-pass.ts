import { describe, it } from 'vitest';

/**
 * The test command runs the server suite twice: on PGlite, then again on the PostgreSQL of
 * TEST_DATABASE_URL (docs/decisions/0058). The second pass is there for what depends on the
 * database it is given. A test whose database does not follow TEST_DATABASE_URL (a child process
 * told `DATABASE_URL=''`, a PGlite folder, no database at all) would only repeat the first pass, so
 * it runs in the PGlite pass alone.
 */
export const isPostgresPass = Boolean(process.env.TEST_DATABASE_URL);

/** A group of tests that never reach TEST_DATABASE_URL's database: run once, in the PGlite pass. */
export const describeOnPgliteOnly = describe.skipIf(isPostgresPass);

/** One test that never reaches TEST_DATABASE_URL's database: run once, in the PGlite pass. */
export const itOnPgliteOnly = it.skipIf(isPostgresPass);
