import { createHash } from 'node:crypto';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { TFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import type {
  TFlightPlanImportRequest,
  TSimbriefGenerateRequestResponse,
  ZGenerateFlightPlanRequest,
} from '@contrail/domain/flight-plan/flight-plan-contract';
import { FlightPlanGenerationError, generateFlightPlan } from '@contrail/domain/flight-plan/generate-flight-plan';
import type { TNavaid } from '@contrail/domain/flight-plan/navaids';
import { isFlightPlanImportError, parseSimbriefJson, parseSimbriefXml } from '@contrail/domain/flight-plan/parse-simbrief';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { DbExecutor } from '../../db/database';
import { embeddedNavaids } from './embedded-navaids';
import { simbriefIdOf } from '../user/user-directory.service';
import { fetchLatestOfp } from './simbrief-client';

/** Runs a parser; its "no data" error becomes 422 FLIGHT_PLAN_NO_DATA with the parser's reason. */
const parseOrNoData = (format: 'xml' | 'json', content: string): TFlightPlanData => {
  try {
    return format === 'xml' ? parseSimbriefXml(content) : parseSimbriefJson(content);
  } catch (error) {
    if (isFlightPlanImportError(error)) throw new AppError(ErrorCode.flightPlanNoData, `No flight-plan data: ${error.message}`);
    throw error;
  }
};

/** POST /import: an OFP the pilot pasted or uploaded. */
export const importFlightPlan = (request: TFlightPlanImportRequest): TFlightPlanData => parseOrNoData(request.format, request.content);

/**
 * GET /simbrief/latest: the pilot's latest SimBrief OFP, by the SimBrief id on their profile.
 * No id: 422 FLIGHT_PLAN_NO_ID_SET (the spec's "no id set"); SimBrief has no plan or answers an
 * error: 422 FLIGHT_PLAN_NO_DATA; SimBrief unreachable: 502 FLIGHT_PLAN_PROVIDER_UNAVAILABLE.
 */
export const getLatestSimbriefPlan = async (
  deps: { db: DbExecutor; config: Pick<AppConfig, 'SIMBRIEF_BASE_URL'> },
  userId: string,
  format: 'xml' | 'json',
): Promise<TFlightPlanData> => {
  // The SimBrief pilot id (or username) from the pilot's profile, trimmed; blank counts as none.
  const pilotId = (await simbriefIdOf(deps.db, userId))?.trim();
  if (!pilotId) {
    throw new AppError(ErrorCode.flightPlanNoIdSet, 'No SimBrief id set: add your SimBrief pilot id to your profile', 'simbrief');
  }
  const answer = await fetchLatestOfp(deps.config.SIMBRIEF_BASE_URL, pilotId, format);
  if (answer.body.trim() === '') {
    throw new AppError(ErrorCode.flightPlanNoData, `No flight-plan data: SimBrief answered HTTP ${answer.status} with nothing`);
  }
  return parseOrNoData(format, answer.body);
};

export type GenerateFlightPlanBody = z.output<typeof ZGenerateFlightPlanRequest>;
/** Finds an airport by ident in the flight engine's shape (the airport module's lookup), null when unknown. */
export type FindFlightAirport = (ident: string) => Promise<TFlightAirport | null>;

/**
 * POST /generate: Contrail's own plan between two known airports for a catalogue aircraft, routed
 * over the embedded VORs; without a cruise level in the body, at the planner's suggested level.
 */
export const generatePlan = async (
  body: GenerateFlightPlanBody,
  findAirport: FindFlightAirport,
  navaids: readonly TNavaid[] = embeddedNavaids(),
): Promise<TFlightPlanData> => {
  const aircraft = findAircraftByIcao(body.aircraftIcao);
  if (!aircraft) throw new AppError(ErrorCode.notFound, `Aircraft type ${body.aircraftIcao} is not in the catalogue`, 'aircraftIcao');
  const [departure, arrival] = await Promise.all([findAirport(body.departureIdent), findAirport(body.arrivalIdent)]);
  if (!departure) throw new AppError(ErrorCode.notFound, `Airport ${body.departureIdent} not found`, 'departureIdent');
  if (!arrival) throw new AppError(ErrorCode.notFound, `Airport ${body.arrivalIdent} not found`, 'arrivalIdent');
  try {
    return generateFlightPlan({
      departure,
      arrival,
      aircraft,
      ...(body.cruiseLevelFt === undefined ? {} : { cruiseLevelFt: body.cruiseLevelFt }),
      navaids,
      flightNumber: body.flightNumber,
      scheduledOut: body.scheduledOut,
      airline: body.airline ?? null,
      withAlternate: body.withAlternate,
      extraFuelKg: body.extraFuelKg,
    });
  } catch (error) {
    if (error instanceof FlightPlanGenerationError) throw new AppError(ErrorCode.validation, error.message, 'arrivalIdent');
    throw error;
  }
};

/** Said by GET /simbrief/generate-request when the server has no SimBrief API key. */
export const SIMBRIEF_NOT_CONFIGURED = 'SimBrief API key is not configured';

/**
 * GET /simbrief/generate-request: signs a SimBrief generation request as SimBrief's API v1 does
 * (simbrief.apiv1.php): `apicode = md5(api key + api_req)`, where the browser built `api_req` as
 * orig + dest + type + timestamp + outputpage. The key never leaves the server. Without a key the
 * answer is still 200, `{ code: null, error }`: the spec's shape carries the error, and the web
 * falls back to the built-in planner (docs/decisions/0010-flight-planning.md).
 */
export const signSimbriefRequest = (config: Pick<AppConfig, 'SIMBRIEF_API_KEY'>, apiReq: string): TSimbriefGenerateRequestResponse => {
  if (!config.SIMBRIEF_API_KEY) return { code: null, error: SIMBRIEF_NOT_CONFIGURED };
  const code = createHash('md5').update(config.SIMBRIEF_API_KEY + apiReq, 'utf8').digest('hex');
  return { code, error: null };
};
