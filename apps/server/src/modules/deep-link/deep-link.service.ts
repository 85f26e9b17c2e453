import { buildFlightPlanLink, deepLinkPublicKey, FLIGHT_PLAN_LINK_TTL_MS, type TFlightPlanLinkRequest } from '@contrail/domain/deep-link/flight-plan-link';
import type { AppDeps } from '../../app-deps';
import { getOrCreateServerSecret } from '../../lib/server-secret';

export type DeepLinkContext = { deps: Pick<AppDeps, 'db' | 'clock'> };

/**
 * The server's Ed25519 key for flight-plan links, kept with the other server secrets (every
 * instance signs with the same one). Its own key, not the ledger's: a link and a block never share
 * a signature, and either key can be replaced alone.
 */
const secretKeyOf = async (ctx: DeepLinkContext): Promise<Uint8Array> =>
  new Uint8Array(Buffer.from(await getOrCreateServerSecret(ctx.deps.db, 'deep-link-signing-key', 32), 'base64url'));

/** POST /v1/deep-link/flight-plan: the signed link for the plan, for the server the pilot is using. */
export const signFlightPlanLink = async (ctx: DeepLinkContext, plan: TFlightPlanLinkRequest, server: string): Promise<{ link: string; expiresAt: string }> => {
  const expiresAtMs = ctx.deps.clock.now().getTime() + FLIGHT_PLAN_LINK_TTL_MS;
  const link = buildFlightPlanLink({ ...plan, server, expiresAtMs }, await secretKeyOf(ctx));
  return { link, expiresAt: new Date(expiresAtMs).toISOString() };
};

/** GET /v1/deep-link/key. */
export const deepLinkKey = async (ctx: DeepLinkContext): Promise<{ algorithm: 'Ed25519'; publicKey: string }> => ({
  algorithm: 'Ed25519',
  publicKey: deepLinkPublicKey(await secretKeyOf(ctx)),
});
