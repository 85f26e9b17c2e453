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

/** For the flight and airline modules: ERR_0041 (403) unless a licence the pilot holds covers the type. */
export const assertPilotMayFly = async (db: DbExecutor, userId: string, icao: string): Promise<void> => {
  if (!(await pilotMayFly(db, userId, icao))) {
    const needed = pilotLicences.find((licence) => licence.aircraftsIcao.includes(icao.trim().toUpperCase()));
    throw new AppError(
      ErrorCode.licenceInsufficient,
      needed ? `Flying the ${icao} needs the "${needed.name}" licence` : `No licence covers the ${icao}`,
    );
  }
};

/** For the store: grants a paid licence (idempotent). */
export const grantPilotLicence = async (db: DbExecutor, userId: string, code: string, now: Date): Promise<void> => {
  const licence = findPilotLicenceByCode(code);
  if (!licence) throw new AppError(ErrorCode.notFound, `Licence ${code} not found`);
  if (licence.isFree) return;
  await insertLicenceGrant(db, userId, licence.code, now);
};
