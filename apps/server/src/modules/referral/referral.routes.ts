import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAffiliation } from '@contrail/domain/referral/referral-constants';
import { currentUser } from '../../plugins/authentication';
import { getAffiliation } from './referral.service';

/**
 * Main API: the pilot's referrals (the /affiliation page). The bonus transactions come from the
 * wallet endpoint with `categories=MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL`.
 */
export const referralRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/affiliation/user/:userId',
    {
      preHandler: app.authenticate,
      schema: { tags: ['affiliation'], security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), response: { 200: ZAffiliation } },
    },
    async (request) => {
      return getAffiliation(app.deps.db, currentUser(request), request.params.userId);
    },
  );
};
