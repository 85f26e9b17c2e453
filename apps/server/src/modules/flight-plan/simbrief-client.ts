import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';

/** Time limit of one SimBrief call, milliseconds. */
export const SIMBRIEF_TIMEOUT_MS = 10_000;
/** Largest answer read from SimBrief (a real OFP with NOTAMs and weather is a few hundred kB). */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024;

export type SimbriefAnswer = { status: number; body: string };

const unavailable = (message: string) => new AppError(ErrorCode.flightPlanProviderUnavailable, message);

/**
 * The OFP fetcher URL for a pilot: SimBrief takes the numeric pilot id as `userid` and a
 * Navigraph/SimBrief username as `username`; `json=1` asks for the JSON form of the same OFP.
 */
export const simbriefFetcherUrl = (baseUrl: string, pilotId: string, format: 'xml' | 'json'): URL => {
  const url = new URL('/api/xml.fetcher.php', baseUrl);
  url.searchParams.set(/^\d+$/.test(pilotId) ? 'userid' : 'username', pilotId);
  if (format === 'json') url.searchParams.set('json', '1');
  return url;
};

/**
 * Fetches the pilot's latest OFP. SimBrief answers a missing plan or an unknown pilot with HTTP 400
 * and a `<fetch><status>Error: ...` document, which is returned for the parser to explain; only an
 * unreachable SimBrief, a time-out or a 5xx throws (502 FLIGHT_PLAN_PROVIDER_UNAVAILABLE).
 */
export const fetchLatestOfp = async (baseUrl: string, pilotId: string, format: 'xml' | 'json'): Promise<SimbriefAnswer> => {
  const url = simbriefFetcherUrl(baseUrl, pilotId, format);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: format === 'json' ? 'application/json' : 'application/xml, text/xml' },
      signal: AbortSignal.timeout(SIMBRIEF_TIMEOUT_MS),
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw unavailable(
      isTimeout
        ? `SimBrief did not answer within ${SIMBRIEF_TIMEOUT_MS / 1000} s`
        : `SimBrief could not be reached${cause ? ` (${cause})` : ''}`,
    );
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw unavailable(`SimBrief is unavailable (HTTP ${response.status}); try again later`);
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    throw unavailable('SimBrief closed the connection before sending the flight plan');
  }
  if (body.length > MAX_ANSWER_CHARS) throw unavailable('SimBrief sent an answer too large to be a flight plan');
  return { status: response.status, body };
};
