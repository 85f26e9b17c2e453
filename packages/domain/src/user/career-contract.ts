import { z } from 'zod';
import { validationMessage } from '../common/validation-messages';
import { ZDisplayName } from '../auth/credentials';
import { ErrorCode } from '../errors/error-codes';
import { withFieldErrorCodes } from '../errors/validation-error';

/**
 * POST /v1/pilot/career: the pilot's display name and home hub (a home hub must be chosen to start a
 * career). The hub must be a known airport; the pilot's
 * career starts there (their last location becomes the hub). Answers the updated User.
 */
export const ZStartCareerRequest = withFieldErrorCodes(
  z.object({
    displayName: ZDisplayName,
    homeHubIdent: z
      .string({ error: validationMessage('required') })
      .trim()
      .min(1, { error: validationMessage('required') })
      .max(12, { error: validationMessage('maxLength', { max: 12 }) })
      .regex(/^[A-Za-z0-9-]+$/, { error: validationMessage('invalidIcao') })
      .transform((ident) => ident.toUpperCase()),
  }),
  // ERR_0034 "invalid display name".
  { displayName: ErrorCode.invalidDisplayName },
);
export type TStartCareerRequest = z.input<typeof ZStartCareerRequest>;
