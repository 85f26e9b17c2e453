import { z } from 'zod';
import { createApiClient, type ApiClient, type FetchFunction } from '@contrail/client/api-client';
import { ApiError, NETWORK_ERROR, UNKNOWN_ERROR } from '@contrail/client/api-error';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { airlineFlightRoutes } from '@contrail/domain/airline/airline-flight-routes';
import type { TBookedFlight } from '@contrail/domain/airline/airline-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TRegisterFlightRequest, TRegisterMissionFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import type { TMission } from '@contrail/domain/mission/mission-contract';
import { missionRoutes } from '@contrail/domain/mission/mission-routes';
import type { TAirportDetail } from '@contrail/domain/reference/airport-contract';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';

/** The airport mapping is the domain's one, shared with the server and the web. */
export { toFlightAirport } from '@contrail/domain/reference/flight-airport';

/** A failure the user can act on: the message says what happened and, where it helps, what to do. */
export class FlyError extends Error {
  override readonly name = 'FlyError';
}

/** What the tracker needs of a registration answer (the rest of ZRegisteredFlight is not read). */
const ZRegistration = z.object({ id: z.uuid(), token: z.string().min(16) });
const ZErrorBody = z.object({ message: z.string(), errorCode: z.string().optional() });
const FIRST_HUNDRED = { page: 0, size: 100 };

/**
 * The few REST calls of the headless `fly` command, through the typed client of the declared
 * routes: sign in, read two airports, register a flight. Every failure becomes a FlyError with a
 * readable message.
 */
export class ContrailApiClient {
  private accessToken: string | undefined;
  private readonly api: ApiClient;

  constructor(readonly serverUrl: string) {
    this.api = createApiClient({ baseUrl: serverUrl, fetch: patientFetch, accessToken: () => this.accessToken });
  }

  /** POST /api/v1/user/sign-in. */
  async signIn(username: string, password: string): Promise<void> {
    const answer = await this.attempt(this.api.call(authRoutes.signIn, { body: { username, password } }), 'sign in', (error) =>
      error.status === 401 || error.status === 400 ? `Sign-in refused for ${username}: ${describeError(error)}` : undefined,
    );
    this.accessToken = parseOrFail(authRoutes.signIn.response, answer, 'the sign-in answer').token;
  }

  /** GET /api/airport/v1/airport/{ident}. */
  async getAirport(ident: string): Promise<TAirportDetail> {
    const answer = await this.attempt(this.api.call(airportRoutes.byIdent, { params: { ident } }), `read airport ${ident}`, (error) =>
      error.status === 404 ? `Unknown airport ${ident}: ${describeError(error)}` : undefined,
    );
    return parseOrFail(airportRoutes.byIdent.response, answer, `airport ${ident}`);
  }

  /** POST /api/v1/flight: the flight's id and uplink token. */
  async registerFlight(request: TRegisterFlightRequest): Promise<{ id: string; token: string }> {
    const answer = await this.attempt(this.api.call(flightRoutes.register, { body: request }), 'register the flight', (error) =>
      `The server refused to register the flight: ${describeError(error)}`,
    );
    return parseOrFail(ZRegistration, answer, 'the registration answer');
  }

  /** GET /api/v1/missions/{id}: the mission `fly --mission` flies. */
  async getMission(id: string): Promise<TMission> {
    const answer = await this.attempt(this.api.call(missionRoutes.byId, { params: { id } }), `read mission ${id}`, (error) =>
      error.status === 404 ? `Unknown mission ${id}: pick one from the mission list` : undefined,
    );
    return parseOrFail(missionRoutes.byId.response, answer, `mission ${id}`);
  }

  /** POST /api/flight/with-mission: the mission's airports, pax and cargo; the server checks its rules. */
  async registerMissionFlight(request: TRegisterMissionFlightRequest): Promise<{ id: string; token: string }> {
    const answer = await this.attempt(this.api.call(flightRoutes.registerWithMission, { body: request }), 'register the mission flight', (error) =>
      `The server refused to register the mission flight: ${describeError(error)}`,
    );
    return parseOrFail(ZRegistration, answer, 'the registration answer');
  }

  /**
   * Books a plane for an airline route: finds the route's departure, takes the first plane there
   * open to this pilot, and books it (the airline manager API). Says why when none is.
   */
  async bookAirlineRoute(airlineId: string, routeId: string): Promise<TBookedFlight> {
    const routes = parseOrFail(
      airlineAssetRoutes.routes.response,
      await this.attempt(this.api.call(airlineAssetRoutes.routes, { params: { id: airlineId }, query: FIRST_HUNDRED }), 'read the airline routes'),
      'the airline routes',
    );
    const route = routes.items.find((item) => item.id === routeId);
    if (!route) throw new FlyError(`The airline has no route ${routeId}: pick one from its routes`);
    const fromHere = parseOrFail(
      airlineFlightRoutes.routesFrom.response,
      await this.attempt(
        this.api.call(airlineFlightRoutes.routesFrom, { params: { id: airlineId, ident: route.departureHub }, query: FIRST_HUNDRED }),
        `read the routes from ${route.departureHub}`,
      ),
      'the routes from the departure',
    );
    const planes = fromHere.items.find((item) => item.id === routeId)?.planes ?? [];
    const plane = planes.find((candidate) => candidate.restrictionReason === null);
    if (!plane) {
      const reasons = planes.map((candidate) => `${candidate.registration}: ${candidate.restrictionReason}`).join(', ');
      throw new FlyError(`No plane of the airline at ${route.departureHub} is open to you for this route${reasons ? ` (${reasons})` : ''}`);
    }
    const booked = await this.attempt(
      this.api.call(airlineFlightRoutes.book, { params: { id: airlineId, planeId: plane.id }, body: { routeId } }),
      'book the plane',
      (error) => `The airline refused the booking: ${describeError(error)}`,
    );
    return parseOrFail(airlineFlightRoutes.book.response, booked, 'the booking answer');
  }

  /**
   * Awaits a call; its ApiError becomes a FlyError: an unreachable server says so, `explain` may
   * word a refusal, anything else is "Could not <what>".
   */
  private async attempt<T>(call: Promise<T>, what: string, explain: (error: ApiError) => string | undefined = () => undefined): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.errorCode === NETWORK_ERROR && error.status === 0) {
        const failure = error.cause as { cause?: { code?: string } } | undefined;
        throw new FlyError(`Cannot reach the Contrail server at ${this.serverUrl} (${failure?.cause?.code ?? error.message}): is it running?`);
      }
      throw new FlyError(explain(error) ?? `Could not ${what}: ${describeError(error)}`);
    }
  }
}

/**
 * The tracker's fetch: each call gives up after 30 s; while the server answers SERVICE_UNAVAILABLE
 * (its database is away), asked again after its Retry-After, for up to UNAVAILABLE_PATIENCE_MS.
 */
const patientFetch: FetchFunction = async (input, init) => {
  const deadline = Date.now() + UNAVAILABLE_PATIENCE_MS;
  for (;;) {
    const response = await fetch(input, { ...init, signal: init.signal ?? AbortSignal.timeout(30_000) });
    if (Date.now() >= deadline || !(await isBrieflyUnavailable(response))) return response;
    await new Promise((resolve) => setTimeout(resolve, retryWaitMs(response.headers.get('retry-after'))));
  }
};

/** The server's message, with its error code when it gave one. */
const describeError = (error: ApiError): string => (error.errorCode === UNKNOWN_ERROR ? error.message : `${error.message} (${error.errorCode})`);

/** How long a call keeps being asked again while the server says it is briefly unavailable. */
const UNAVAILABLE_PATIENCE_MS = 60_000;
const DEFAULT_RETRY_WAIT_MS = 2_000;
const MAX_RETRY_WAIT_MS = 10_000;

/** A 503 SERVICE_UNAVAILABLE: the request was fine and may succeed later (other 503 codes are settings, not outages). */
async function isBrieflyUnavailable(response: Response): Promise<boolean> {
  if (response.status !== 503) return false;
  try {
    const parsed = ZErrorBody.safeParse(await response.clone().json());
    return parsed.success && parsed.data.errorCode === ErrorCode.serviceUnavailable;
  } catch {
    return false;
  }
}

function retryWaitMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return retryAfter === null || !Number.isFinite(seconds) || seconds < 0 ? DEFAULT_RETRY_WAIT_MS : Math.min(seconds * 1000, MAX_RETRY_WAIT_MS);
}

function parseOrFail<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new FlyError(`Unexpected answer for ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
