import { useMutation } from '@tanstack/react-query';
import type { TSimbriefGenerateRequestResponse } from '@contrail/domain/flight-plan/flight-plan-contract';
import { flightPlanRoutes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { apiClient } from '../../../lib/api-client';

/**
 * SimBrief's `api_req` for a generation request: origin + destination + type + timestamp +
 * outputpage, as SimBrief's API v1 signs it.
 */
export const simbriefApiReq = (origin: string, destination: string, aircraftIcao: string, timestampSec: number, outputPage: string): string =>
  `${origin}${destination}${aircraftIcao}${timestampSec}${outputPage}`;

/** GET /api/simbrief/generate-request?apiReq=: the server signs the request with its SimBrief key ({code, error}). */
export const signSimbriefRequest = (apiReq: string): Promise<TSimbriefGenerateRequestResponse> =>
  apiClient.call(flightPlanRoutes.signSimbriefRequest, { query: { apiReq } });

export const useSignSimbriefRequest = () => useMutation({ mutationFn: signSimbriefRequest });
