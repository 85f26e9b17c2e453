import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { aircraftCatalogue, findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import {
  checkSeatConfiguration,
  defaultConfigurationOf,
  type TAircraftConfiguration,
  type TCreateAircraftConfigurationRequest,
  type TUpdateAircraftConfigurationRequest,
} from '@contrail/domain/reference/aircraft-configuration';
import type { PlaneCategory, TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { Database } from '../../db/database';
import { forbidden, notFound } from '../../plugins/error-handler';
import {
  deleteOwnConfiguration,
  findConfiguration,
  insertConfiguration,
  listUserConfigurations,
  nameTaken,
  updateOwnConfiguration,
  type AircraftConfigurationRow,
} from './core.repository';
import { requireAccess, requireAccessOrHide, type Caller } from '../access/access.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listAircraftInformation = (category?: PlaneCategory): TAircraftInformation[] =>
  aircraftCatalogue.filter((aircraft) => category === undefined || aircraft.category === category);

/** A catalogue type, or 404. */
export const getAircraftInformation = (icao: string): TAircraftInformation => {
  const aircraft = findAircraftByIcao(icao);
  if (!aircraft) throw notFound(`Aircraft type ${icao}`);
  return aircraft;
};

export const getDefaultConfiguration = (icao: string): TAircraftConfiguration => defaultConfigurationOf(getAircraftInformation(icao));

const toConfiguration = (row: AircraftConfigurationRow): TAircraftConfiguration => ({
  id: row.id,
  type: 'CUSTOM',
  name: row.name,
  icao: row.icao,
  first: row.first,
  business: row.business,
  eco: row.eco,
});

/** A seat configuration: a known type, seats within its capacity. */
const checkedSeats = (request: TUpdateAircraftConfigurationRequest): TAircraftInformation => {
  const aircraft = findAircraftByIcao(request.icao);
  if (!aircraft) throw new AppError(ErrorCode.validation, `icao: ${request.icao} is not a known aircraft type`, 'icao');
  const problem = checkSeatConfiguration(aircraft, request);
  if (problem) throw new AppError(ErrorCode.validation, problem.message, problem.field);
  return aircraft;
};

const nameAlreadyUsed = (name: string, icao: string) =>
  new AppError(ErrorCode.conflict, `You already have a configuration named "${name}" for the ${icao}`, 'name');

const isUniqueViolation = (error: unknown): boolean => {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate.code === '23505' || candidate.cause?.code === '23505';
};

/** GET /aircraft-config/user/{userId}: the caller's own only. */
export const listConfigurationsOfUser = async (db: Database, caller: Caller, userId: string): Promise<TAircraftConfiguration[]> => {
  await requireAccess(db, caller, 'aircraft-config.user.read', { userId });
  return (await listUserConfigurations(db, userId)).map(toConfiguration);
};

export const createConfiguration = async (
  db: Database,
  userId: string,
  request: TCreateAircraftConfigurationRequest,
): Promise<TAircraftConfiguration> => {
  if (request.type !== 'CUSTOM') throw forbidden('DEFAULT configurations are read-only; create a CUSTOM one');
  checkedSeats(request);
  if (await nameTaken(db, userId, request.icao, request.name)) throw nameAlreadyUsed(request.name, request.icao);
  try {
    const row = await insertConfiguration(db, {
      userId,
      icao: request.icao,
      name: request.name,
      first: request.first,
      business: request.business,
      eco: request.eco,
    });
    return toConfiguration(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameAlreadyUsed(request.name, request.icao);
    throw error;
  }
};

/**
 * Only the owner changes a CUSTOM configuration. Another user's configuration answers 404, exactly
 * like a missing one, so ids cannot be probed; DEFAULT ones answer 403 (read-only).
 */
const assertOwned = async (db: Database, userId: string, id: string): Promise<AircraftConfigurationRow> => {
  if (id.startsWith('DEFAULT-')) throw forbidden('DEFAULT configurations are read-only');
  const row = UUID.test(id) ? await findConfiguration(db, id) : undefined;
  const configurationNotFound = () => notFound('Aircraft configuration');
  if (!row) throw configurationNotFound();
  await requireAccessOrHide(db, { id: userId }, 'aircraft-config.user.manage', { userId: row.userId }, configurationNotFound);
  return row;
};

export const updateConfiguration = async (
  db: Database,
  userId: string,
  id: string,
  request: TUpdateAircraftConfigurationRequest,
): Promise<TAircraftConfiguration> => {
  await assertOwned(db, userId, id);
  checkedSeats(request);
  if (await nameTaken(db, userId, request.icao, request.name, id)) throw nameAlreadyUsed(request.name, request.icao);
  try {
    const row = await updateOwnConfiguration(db, id, userId, request);
    if (!row) throw notFound('Aircraft configuration');
    return toConfiguration(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameAlreadyUsed(request.name, request.icao);
    throw error;
  }
};

export const deleteConfiguration = async (db: Database, userId: string, id: string): Promise<void> => {
  await assertOwned(db, userId, id);
  if (!(await deleteOwnConfiguration(db, id, userId))) throw notFound('Aircraft configuration');
};
