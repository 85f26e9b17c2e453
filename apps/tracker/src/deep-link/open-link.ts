import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createApiClient } from '@contrail/client/api-client';
import { deepLinkRoutes } from '@contrail/domain/deep-link/deep-link-routes';
import { checkFlightPlanLink, ZDeepLinkKey, type TFlightPlanLink } from '@contrail/domain/deep-link/flight-plan-link';

export class LinkRefused extends Error {}

export type OpenLinkInput = {
  link: string;
  serverUrl: string;
  dataDir: string;
  now?: () => number;
  fetchImpl?: typeof fetch;
};

export const OPENED_PLAN_FILE = 'opened-flight-plan.json';

/**
 * `tracker open-link <link>`: checks the link's hash with the public key of the server this
 * tracker works with, and keeps the plan in the data folder for the flight to start from. A link
 * that fails the check is refused with the reason in plain words (LinkRefused), and nothing is kept.
 */
export const openFlightPlanLink = async (input: OpenLinkInput): Promise<{ plan: TFlightPlanLink; file: string }> => {
  const api = createApiClient({ baseUrl: input.serverUrl.replace(/\/+$/, ''), ...(input.fetchImpl ? { fetch: input.fetchImpl } : {}) });
  let publicKey: string;
  try {
    publicKey = ZDeepLinkKey.parse(await api.call(deepLinkRoutes.key)).publicKey;
  } catch {
    throw new LinkRefused(`The Contrail server at ${input.serverUrl} could not be reached to check this link. Start the server or set --server, then open the link again.`);
  }
  const checked = checkFlightPlanLink(input.link, { publicKey, nowMs: (input.now ?? Date.now)() });
  if (!checked.ok) throw new LinkRefused(checked.message);
  await mkdir(input.dataDir, { recursive: true });
  const file = path.join(input.dataDir, OPENED_PLAN_FILE);
  await writeFile(file, `${JSON.stringify(checked.plan, null, 2)}\n`);
  return { plan: checked.plan, file };
};

export const describePlan = (plan: TFlightPlanLink): string =>
  `Flight plan ${plan.flightNumber}: ${plan.departureIdent} to ${plan.arrivalIdent}, ${plan.aircraftIcao}, FL${Math.round(plan.cruiseLevelFt / 100)} (${plan.type === 'PNC' ? 'Pax N Cargo' : 'normal'} flight).`;
