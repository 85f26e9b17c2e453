import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { pilotLicenceGrants } from './licence.schema';

export const listGrantedLicenceCodes = async (db: DbExecutor, userId: string): Promise<string[]> =>
  (await db.select({ code: pilotLicenceGrants.licenceCode }).from(pilotLicenceGrants).where(eq(pilotLicenceGrants.userId, userId))).map(
    (row) => row.code,
  );

/** Records the grant once (granting twice keeps the first date). */
export const insertLicenceGrant = async (db: DbExecutor, userId: string, licenceCode: string, grantedAt: Date): Promise<void> => {
  await db.insert(pilotLicenceGrants).values({ userId, licenceCode, grantedAt }).onConflictDoNothing();
};
