import { z } from 'zod';
import { ZSignInResponse } from '@contrail/domain/auth/auth-contract';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { ZRunway, type TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import type { TRegisterFlightRequest, TRegisterMissionFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import { page, ZBookedFlight, ZRoute, ZRouteFromAirport, type TBookedFlight } from '@contrail/domain/airline/airline-contract';
import { ZMission, type TMission } from '@contrail/domain/mission/mission-contract';
import { ZAirportDetail, type TAirportDetail } from '@contrail/domain/reference/airport-contract';

/** A failure the user can act on: the message says what happened and, where it helps, what to do. */
export class FlyError extends Error {
  override readonly name = 'FlyError';
}

/** What the tracker needs of a registration answer (the rest of ZRegisteredFlight is not read). */
const ZRegistration = z.object({ id: z.uuid(), token: z.string().min(16) });
const ZErrorBody = z.object({ message: z.string(), errorCode: z.string().optional() });
const ZRoutePage = page(ZRoute);
const ZRoutesFromPage = page(ZRouteFromAirport);

/**
 * The few REST calls of the headless `fly` command: sign in, read two airports, register a
 * flight. Every failure becomes a FlyError with a readable message.
 */
export class ContrailApiClient {
  private accessToken: string | undefined;

  constructor(readonly serverUrl: string) {}

  /** POST /api/v1/user/sign-in. */
  async signIn(username: string, password: string): Promise<void> {
    const response = await this.call('POST', '/api/v1/user/sign-in', { username, password });
    if (response.status === 401 || response.status === 400) {
      throw new FlyError(`Sign-in refused for ${username}: ${await errorMessage(response, 'bad username or password')}`);
    }
    const body = await this.expectOk(response, 'sign in');
    this.accessToken = parseOrFail(ZSignInResponse, body, 'the sign-in answer').token;
  }

  /** GET /api/airport/v1/airport/{ident}. */
  async getAirport(ident: string): Promise<TAirportDetail> {
    const response = await this.call('GET', `/api/airport/v1/airport/${encodeURIComponent(ident)}`);
    if (response.status === 404) throw new FlyError(`Unknown airport ${ident}: ${await errorMessage(response, 'not found')}`);
    return parseOrFail(ZAirportDetail, await this.expectOk(response, `read airport ${ident}`), `airport ${ident}`);
  }

  /** POST /api/v1/flight: the flight's id and uplink token. */
  async registerFlight(request: TRegisterFlightRequest): Promise<{ id: string; token: string }> {
    const response = await this.call('POST', '/api/v1/flight', request);
    if (!response.ok) throw new FlyError(`The server refused to register the flight: ${await errorMessage(response, `HTTP ${response.status}`)}`);
    return parseOrFail(ZRegistration, await response.json(), 'the registration answer');
  }

  /** GET /api/v1/missions/{id}: the mission `fly --mission` flies. */
  async getMission(id: string): Promise<TMission> {
    const response = await this.call('GET', `/api/v1/missions/${encodeURIComponent(id)}`);
    if (response.status === 404) throw new FlyError(`Unknown mission ${id}: pick one from the mission list`);
    return parseOrFail(ZMission, await this.expectOk(response, `read mission ${id}`), `mission ${id}`);
  }

  /** POST /api/flight/with-mission: the mission's airports, pax and cargo; the server checks its rules. */
  async registerMissionFlight(request: TRegisterMissionFlightRequest): Promise<{ id: string; token: string }> {
    const response = await this.call('POST', '/api/flight/with-mission', request);
    if (!response.ok) throw new FlyError(`The server refused to register the mission flight: ${await errorMessage(response, `HTTP ${response.status}`)}`);
    return parseOrFail(ZRegistration, await response.json(), 'the registration answer');
  }

  /**
   * Books a plane for an airline route: finds the route's departure, takes the first plane there
   * open to this pilot, and books it (the airline manager API). Says why when none is.
   */
  async bookAirlineRoute(airlineId: string, routeId: string): Promise<TBookedFlight> {
    const airline = `/api/airline-manager/v1/airline/${encodeURIComponent(airlineId)}`;
    const routes = parseOrFail(ZRoutePage, await this.expectOk(await this.call('GET', `${airline}/route?page=0&size=100`), 'read the airline routes'), 'the airline routes');
    const route = routes.items.find((item) => item.id === routeId);
    if (!route) throw new FlyError(`The airline has no route ${routeId}: pick one from its routes`);
    const fromHere = parseOrFail(
      ZRoutesFromPage,
      await this.expectOk(await this.call('GET', `${airline}/route/from/${encodeURIComponent(route.departureHub)}?page=0&size=100`), `read the routes from ${route.departureHub}`),
      'the routes from the departure',
    );
    const planes = fromHere.items.find((item) => item.id === routeId)?.planes ?? [];
    const plane = planes.find((candidate) => candidate.restrictionReason === null);
    if (!plane) {
      const reasons = planes.map((candidate) => `${candidate.registration}: ${candidate.restrictionReason}`).join(', ');
      throw new FlyError(`No plane of the airline at ${route.departureHub} is open to you for this route${reasons ? ` (${reasons})` : ''}`);
    }
    const response = await this.call('POST', `${airline}/plane/${encodeURIComponent(plane.id)}/booking`, { routeId });
    if (!response.ok) throw new FlyError(`The airline refused the booking: ${await errorMessage(response, `HTTP ${response.status}`)}`);
    return parseOrFail(ZBookedFlight, await response.json(), 'the booking answer');
  }

  /**
   * One REST call; while the server answers SERVICE_UNAVAILABLE (its database is away), asked
   * again after its Retry-After, for up to UNAVAILABLE_PATIENCE_MS.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const deadline = Date.now() + UNAVAILABLE_PATIENCE_MS;
    for (;;) {
      const response = await this.send(method, path, body);
      if (Date.now() >= deadline || !(await isBrieflyUnavailable(response))) return response;
      await new Promise((resolve) => setTimeout(resolve, retryWaitMs(response.headers.get('retry-after'))));
    }
  }

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.accessToken !== undefined) headers.authorization = `Bearer ${this.accessToken}`;
    try {
      return await fetch(`${this.serverUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error));
      throw new FlyError(`Cannot reach the Contrail server at ${this.serverUrl} (${cause}): is it running?`);
    }
  }

  private async expectOk(response: Response, what: string): Promise<unknown> {
    if (!response.ok) throw new FlyError(`Could not ${what}: ${await errorMessage(response, `HTTP ${response.status}`)}`);
    return response.json();
  }
}

/** An airport as the flight (and the built-in simulator) needs it: position in feet, usable runways. */
export function toFlightAirport(airport: TAirportDetail): TFlightAirport {
  const runways = airport.runways
    .filter((runway) => !runway.closed)
    .flatMap((runway) => {
      const parsed = ZRunway.safeParse({
        lengthFt: runway.lengthFt,
        widthFt: runway.widthFt,
        ends: runway.ends.map(({ ident, latitudeDeg, longitudeDeg, headingDegTrue, displacedThresholdFt }) => ({
          ident,
          latitudeDeg,
          longitudeDeg,
          headingDegTrue,
          displacedThresholdFt,
        })),
      });
      return parsed.success ? [parsed.data] : [];
    });
  return {
    ident: airport.ident,
    position: { latitudeDeg: airport.position.latitude, longitudeDeg: airport.position.longitude, elevationFt: airport.position.altitude },
    ...(runways.length > 0 ? { runways: runways.slice(0, 40) } : {}),
  };
}

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

async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const parsed = ZErrorBody.safeParse(await response.json());
    if (parsed.success) return parsed.data.errorCode === undefined ? parsed.data.message : `${parsed.data.message} (${parsed.data.errorCode})`;
  } catch {
    // Not JSON.
  }
  return fallback;
}

function parseOrFail<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new FlyError(`Unexpected answer for ${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
