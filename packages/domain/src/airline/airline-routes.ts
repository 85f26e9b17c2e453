import { z } from 'zod';
import { pageOf } from '../api/page';
import { declareRoute } from '../api/route-declaration';
import { ZWalletTransaction } from '../wallet/wallet-contract';
import {
  ZAirline,
  ZAirlineBalance,
  ZAirlineSearchQuery,
  ZAirlineSearchResult,
  ZAirlineStats,
  ZAirlineWalletPage,
  ZAirlineWalletQuery,
  ZApplicant,
  ZApplyRequest,
  ZBankruptcyInformation,
  ZCashRunway,
  ZConfigurationData,
  ZLivemapItem,
  ZLivemapQuery,
  ZMember,
  ZPageQuery,
  ZRank,
  ZRankRequest,
  ZSetMemberRoleRequest,
  ZSetMemberStatusRequest,
  ZSwitchRankRequest,
  ZUpdateMemberRequest,
  ZUserAirline,
} from './airline-contract';
import { AirlineParams, airlineApiBase as base, airlineApiTag as tag, ZAirlineId as id, ZSuccess as ok } from './airline-route-parts';

const MemberParams = z.object({ id, memberId: id });
const RankParams = z.object({ id, rankId: id });

/**
 * The airline itself, its people and its wallet. Creating,
 * updating and resetting an airline take a multipart form with its logo, and the update also takes
 * JSON settings at the same path: those three are not declared.
 */
export const airlineRoutes = {
  /** Airlines by name, code or main hub: what any pilot may see of them. */
  search: declareRoute({ method: 'GET', path: `${base}/airline`, tag, query: ZAirlineSearchQuery, response: pageOf(ZAirlineSearchResult) }),
  userAirlines: declareRoute({ method: 'GET', path: `${base}/airline/member/:userId`, tag, params: z.object({ userId: id }), response: z.array(ZUserAirline) }),
  details: declareRoute({ method: 'GET', path: `${base}/airline/:id`, tag, params: AirlineParams, response: ZAirline }),
  remove: declareRoute({ method: 'DELETE', path: `${base}/airline/:id`, tag, params: AirlineParams, response: ok }),
  stats: declareRoute({ method: 'GET', path: `${base}/airline/:id/stat`, tag, params: AirlineParams, response: ZAirlineStats }),
  bankruptcy: declareRoute({ method: 'GET', path: `${base}/airline/:id/bankrupt`, tag, params: AirlineParams, response: ZBankruptcyInformation }),
  configuration: declareRoute({ method: 'GET', path: `${base}/airline/:id/configuration`, tag, params: AirlineParams, response: ZConfigurationData }),
  /** The airline's hubs and planes for the live map. */
  livemapItems: declareRoute({ method: 'GET', path: `${base}/airline/:id/livemap/item`, tag, params: AirlineParams, query: ZLivemapQuery, response: z.array(ZLivemapItem) }),

  // ---- members and applicants ----
  members: declareRoute({ method: 'GET', path: `${base}/airline/:id/member`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZMember) }),
  setMemberRank: declareRoute({ method: 'PUT', path: `${base}/airline/:id/member/:memberId`, tag, params: MemberParams, body: ZUpdateMemberRequest, response: ok }),
  setMemberRole: declareRoute({ method: 'PUT', path: `${base}/airline/:id/member/:memberId/role`, tag, params: MemberParams, body: ZSetMemberRoleRequest, response: ok }),
  /** Owners and administrators ground (SUSPENDED) or reinstate (ACTIVE) a member; a grounded member cannot book. */
  setMemberStatus: declareRoute({ method: 'PUT', path: `${base}/airline/:id/member/:memberId/status`, tag, params: MemberParams, body: ZSetMemberStatusRequest, response: ok }),
  /** A member removed by the owner or an administrator, or the caller's own membership: resigning. */
  removeMember: declareRoute({ method: 'DELETE', path: `${base}/airline/:id/member/:memberId`, tag, params: MemberParams, response: ok }),
  applicants: declareRoute({ method: 'GET', path: `${base}/airline/:id/applicant`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZApplicant) }),
  /** The path keeps its trailing slash. */
  apply: declareRoute({ method: 'POST', path: `${base}/airline/:id/applicant/`, tag, status: 201, params: AirlineParams, body: ZApplyRequest, response: ok }),
  acceptApplicant: declareRoute({ method: 'PUT', path: `${base}/airline/:id/applicant/:applicantId/accept`, tag, params: z.object({ id, applicantId: id }), response: ok }),
  rejectApplicant: declareRoute({ method: 'PUT', path: `${base}/airline/:id/applicant/:applicantId/reject`, tag, params: z.object({ id, applicantId: id }), response: ok }),

  // ---- ranks ----
  ranks: declareRoute({ method: 'GET', path: `${base}/airline/:id/rank`, tag, params: AirlineParams, query: ZPageQuery, response: pageOf(ZRank) }),
  memberRank: declareRoute({ method: 'GET', path: `${base}/airline/:id/rank/member/:memberId`, tag, params: MemberParams, response: ZRank.nullable() }),
  createRank: declareRoute({ method: 'POST', path: `${base}/airline/:id/rank`, tag, status: 201, params: AirlineParams, body: ZRankRequest, response: ZRank }),
  updateRank: declareRoute({ method: 'PUT', path: `${base}/airline/:id/rank/:rankId`, tag, params: RankParams, body: ZRankRequest, response: ZRank }),
  deleteRank: declareRoute({ method: 'DELETE', path: `${base}/airline/:id/rank/:rankId`, tag, params: RankParams, response: ok }),
  /** The two ranks swap their places; answers every rank in the new order. */
  switchRanks: declareRoute({ method: 'PUT', path: `${base}/airline/:id/rank/:rankId/sort_idx/switch`, tag, params: RankParams, body: ZSwitchRankRequest, response: z.array(ZRank) }),

  // ---- wallet ----
  balance: declareRoute({ method: 'GET', path: `${base}/airline/:id/wallet/balance`, tag, params: AirlineParams, response: ZAirlineBalance }),
  transactions: declareRoute({ method: 'GET', path: `${base}/airline/:id/wallet`, tag, params: AirlineParams, query: ZAirlineWalletQuery, response: ZAirlineWalletPage }),
  /** The owner pays a PLANNED or FAILED transaction by hand. */
  payTransaction: declareRoute({
    method: 'PUT',
    path: `${base}/airline/:id/wallet/transaction/:transactionId/pay`,
    tag,
    params: z.object({ id, transactionId: id }),
    response: ZWalletTransaction,
  }),
  /** When the balance runs out at the planned costs. */
  forecast: declareRoute({ method: 'GET', path: `${base}/airline/:id/forecast`, tag, params: AirlineParams, response: ZCashRunway }),
};
