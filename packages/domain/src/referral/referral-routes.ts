import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZAffiliation } from './referral-constants';

/**
 * The pilot's referrals (the /affiliation page). The bonus transactions come from the wallet's
 * route with `categories=MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL`.
 */
export const referralRoutes = {
  affiliation: declareRoute({ method: 'GET', path: '/api/v1/affiliation/user/:userId', tag: 'affiliation', params: z.object({ userId: z.uuid() }), response: ZAffiliation }),
};
