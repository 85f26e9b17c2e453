import { z } from 'zod';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TBookedFlightList } from '@contrail/domain/flight-plan/flight-plan-contract';

/**
 * The external virtual-airline (AFRV) booking service, as Contrail reads it.
 *
 *   GET {AFRV_BOOKING_URL}/bookings
 *   X-AFRV-Key: <the pilot's AFRV key from the profile>
 *   Accept: application/json
 *
 * 200 answers the spec's Booked flight list:
 *
 *   { "flights": [ { "bidId": "..", "flight": { "id": "..", "code": "AFR1234", "flightNumber": "1234",
 *       "departureAirport": "LFPG", "arrivalAirport": "KJFK",
 *       "aircraft": { "id": "..", "registration": "F-GSQA", "name": "Boeing 777-300ER", "icao": "B77W", "iata": "77W" } } } ],
 *     "isGrounded": false }
 *
 * Ids may be strings or numbers (they are returned as strings); `iata` may be missing or null.
 * 401/403 means the key was refused. The key travels in a header, never in the URL, so it stays out
 * of access logs.
 */
export const AFRV_KEY_HEADER = 'x-afrv-key';
export const AFRV_TIMEOUT_MS = 10_000;
const MAX_ANSWER_CHARS = 2 * 1024 * 1024;

const ZExternalId = z.union([z.string().min(1), z.number()]).transform(String);

const ZExternalBookedFlightList = z.object({
  flights: z
    .array(
      z.object({
        bidId: ZExternalId,
        flight: z.object({
          id: ZExternalId,
          code: z.string(),
          flightNumber: z.union([z.string(), z.number()]).transform(String),
          departureAirport: z.string().min(2).max(12),
          arrivalAirport: z.string().min(2).max(12),
          aircraft: z.object({
            id: ZExternalId,
            registration: z.string(),
            name: z.string(),
            icao: z.string(),
            iata: z.string().nullish().transform((iata) => iata ?? null),
          }),
        }),
      }),
    )
    .max(1000),
  isGrounded: z.boolean(),
});

const unavailable = (message: string) => new AppError(ErrorCode.afrvUnavailable, message);

export const afrvBookingsUrl = (baseUrl: string): URL => new URL(`${baseUrl.replace(/\/+$/, '')}/bookings`);

/** Reads the pilot's booked flights from the booking service. Throws AppErrors with clear messages. */
export const fetchBookedFlights = async (baseUrl: string, key: string): Promise<TBookedFlightList> => {
  let response: Response;
  try {
    response = await fetch(afrvBookingsUrl(baseUrl), {
      headers: { accept: 'application/json', [AFRV_KEY_HEADER]: key },
      signal: AbortSignal.timeout(AFRV_TIMEOUT_MS),
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw unavailable(
      isTimeout
        ? `The booking service did not answer within ${AFRV_TIMEOUT_MS / 1000} s`
        : `The booking service could not be reached${cause ? ` (${cause})` : ''}`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new AppError(ErrorCode.afrvKeyRejected, 'The booking service refused your AFRV key: check it in your profile', 'afrvKey');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`The booking service answered HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw unavailable('The booking service closed the connection before sending the bookings');
  }
  if (text.length > MAX_ANSWER_CHARS) throw unavailable('The booking service sent an answer too large to be a booking list');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unavailable('The booking service sent something that is not JSON');
  }
  const parsed = ZExternalBookedFlightList.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unavailable(`The booking service sent an unexpected booking list (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
};
