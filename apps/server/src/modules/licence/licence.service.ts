import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import {
  findPilotLicenceByCode,
  pilotLicences,
  type PilotLicenceDefinition,
  type TLicenseAircraft,
  type TPilotLicense,
} from '@contrail/domain/reference/pilot-licences';
import { DEFAULT_ITEMS } from '@contrail/domain/store/catalogue';
import type { DbExecutor } from '../../db/database';
import { insertLicenceGrant, listGrantedLicenceCodes } from './licence.repository';
import { requireAccess, type Caller } from '../access/access.service';

/** GET /v1/pilot-licenses: every licence (or the free ones) with the aircraft information of its types. */
export const listPilotLicences = (onlyFree: boolean): TPilotLicense[] =>
  pilotLicences
    .filter((licence) => !onlyFree || licence.isFree)
    .map((licence) => ({
      id: licence.id,
      name: licence.name,
      code: licence.code,
      isFree: licence.isFree,
      aircraftInformation: licence.aircraftsIcao.map((icao) => findAircraftByIcao(icao)!),
    }));

/** The licences a pilot holds: every free one plus the paid ones granted to them. */
export const heldLicences = async (db: DbExecutor, userId: string): Promise<PilotLicenceDefinition[]> => {
  const granted = new Set(await listGrantedLicenceCodes(db, userId));
  return pilotLicences.filter((licence) => licence.isFree || granted.has(licence.code));
};

/** GET /v1/pilot/{id}/licenses-aircrafts: the caller's own only. */
export const getPilotLicenceAircraft = async (db: DbExecutor, caller: Caller, userId: string): Promise<TLicenseAircraft[]> => {
  await requireAccess(db, caller, 'licence.user.read', { userId });
  return (await heldLicences(db, userId)).map(({ id, name, code, aircraftsIcao }) => ({ id, name, code, aircraftsIcao: [...aircraftsIcao] }));
};

/** Whether one of the pilot's licences covers the type. */
export const pilotMayFly = async (db: DbExecutor, userId: string, icao: string): Promise<boolean> => {
  const key = icao.trim().toUpperCase();
  return (await heldLicences(db, userId)).some((licence) => licence.aircraftsIcao.includes(key));
};

/** Whether the store sells the licence (a LICENCE item of the catalogue grants it). */
const isSoldInStore = (code: string): boolean => DEFAULT_ITEMS.some((item) => item.type === 'LICENCE' && item.licenceCode === code);

/**
 * The refusal a pilot reads when no licence they hold covers the type: which licence flies it and
 * where to get it (the store sells most paid licences; a few are not on sale yet).
 */
export const licenceNeededMessage = (icao: string): string => {
  const type = icao.trim().toUpperCase();
  const needed = pilotLicences.find((licence) => licence.aircraftsIcao.includes(type));
  if (!needed) return `No pilot licence covers the ${type} yet, so it cannot be flown.`;
  return isSoldInStore(needed.code)
    ? `You need the "${needed.name}" licence to fly the ${type}. You can buy it in the store, then register this flight again.`
    : `You need the "${needed.name}" licence to fly the ${type}. It is not sold in the store yet: choose an aircraft one of your licences covers.`;
};

/** For the flight and airline modules: ERR_0041 (403) unless a licence the pilot holds covers the type. */
export const assertPilotMayFly = async (db: DbExecutor, userId: string, icao: string): Promise<void> => {
  if (!(await pilotMayFly(db, userId, icao))) throw new AppError(ErrorCode.licenceInsufficient, licenceNeededMessage(icao), 'aircraftIcao');
};

/** For the store: grants a paid licence (idempotent). */
export const grantPilotLicence = async (db: DbExecutor, userId: string, code: string, now: Date): Promise<void> => {
  const licence = findPilotLicenceByCode(code);
  if (!licence) throw new AppError(ErrorCode.notFound, `Licence ${code} not found`);
  if (licence.isFree) return;
  await insertLicenceGrant(db, userId, licence.code, now);
};
