import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';

/**
 * A pilot's phpVMS API keys, managed from the profile (docs/decisions/0046-phpvms-pilot-api.md):
 * the key itself is answered once, at creation; lists show its first characters only.
 */
export const ZPhpvmsApiKey = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TPhpvmsApiKey = z.infer<typeof ZPhpvmsApiKey>;

export const ZCreatePhpvmsApiKeyRequest = z.object({ name: z.string().trim().min(1).max(60) });
export const ZCreatedPhpvmsApiKey = ZPhpvmsApiKey.extend({ key: z.string() });
export const ZPhpvmsApiKeyList = z.object({ items: z.array(ZPhpvmsApiKey) });
export const ZPhpvmsApiKeyParams = z.object({ keyId: z.string().uuid() });

/** A pilot may hold this many live keys (one per client and machine is plenty). */
export const MAX_PHPVMS_API_KEYS = 10;

const tag = 'user';

export const phpvmsKeyRoutes = {
  list: declareRoute({ method: 'GET', path: '/api/v1/user/phpvms-api-keys', tag, response: ZPhpvmsApiKeyList }),
  create: declareRoute({ method: 'POST', path: '/api/v1/user/phpvms-api-keys', tag, status: 201, body: ZCreatePhpvmsApiKeyRequest, response: ZCreatedPhpvmsApiKey }),
  revoke: declareRoute({
    method: 'DELETE',
    path: '/api/v1/user/phpvms-api-keys/:keyId',
    tag,
    params: ZPhpvmsApiKeyParams,
    response: z.object({ success: z.literal(true) }),
  }),
};
