import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { validationMessageInEnglish } from '@contrail/domain/common/validation-messages';
import {
  UPDATE_USER_INFORMATION_FIELDS,
  ZClientPortalResponse,
  ZFlightTimes,
  ZSimulationInformationRequest,
  ZUpdateUserInformationRequest,
  ZUserIdParams,
  ZUserInformation,
} from '@contrail/domain/user/user-contract';
import { ZStartCareerRequest } from '@contrail/domain/user/career-contract';
import { assertSelf, currentUser } from '../../plugins/authentication';
import { authContextFor } from '../auth/auth.routes';
import { sendEmailVerification } from '../auth/auth.service';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { imageTooLarge, profilePhotoDataUrl } from './profile-photo';
import {
  getClientPortal,
  getFlightTimes,
  getUserInformation,
  startCareer,
  updateSimulationInformation,
  updateUserInformation,
  type ProfileChanges,
  type UserContext,
} from './user.service';

/** Reads the profile form: multipart fields and an optional `photo` file, or a JSON body without photo. */
const readProfileForm = async (request: FastifyRequest): Promise<{ fields: Record<string, unknown>; photo?: Buffer }> => {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {} };
  }
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
        throw error;
      }
      // A browser sends an empty part for an untouched file input.
      if (part.fieldname === 'photo' && (bytes.length > 0 || part.filename)) photo = bytes;
    } else if ((UPDATE_USER_INFORMATION_FIELDS as string[]).includes(part.fieldname)) {
      fields[part.fieldname] = part.value;
    }
  }
  return photo ? { fields, photo } : { fields };
};

/** Validates the form fields with the contract, answering like the schema validation of other routes. */
const parseProfileFields = (fields: Record<string, unknown>): ProfileChanges => {
  const parsed = ZUpdateUserInformationRequest.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message = issue ? validationMessageInEnglish(issue.message, field) : 'Invalid request';
  throw new AppError(ErrorCode.validation, 400, field ? `${field}: ${message}` : message, field);
};

/**
 * Reads the career request with the contract. A display-name problem answers the spec's core code
 * ERR_0034 (section 8, "invalid display name"); anything else is a VALIDATION_ERROR.
 */
const parseCareerRequest = (body: unknown) => {
  const parsed = ZStartCareerRequest.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const message = issue ? validationMessageInEnglish(issue.message, field) : 'Invalid request';
  const code = field === 'displayName' ? ErrorCode.invalidDisplayName : ErrorCode.validation;
  throw new AppError(code, 400, field ? `${field}: ${message}` : message, field);
};

/** The user's own account: information, profile, network ids, flight times. Mounted under /api. */
export const userModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authContext = authContextFor(app);
  const ctx: UserContext = {
    deps: app.deps,
    sendEmailVerification: (user, language) => sendEmailVerification(authContext, user, language),
    log: app.log,
  };
  const tags = ['user'];
  const security = [{ bearer: [] }];

  app.get(
    '/v1/user/information',
    { schema: { tags, security, response: { 200: ZUserInformation } }, preHandler: app.authenticate },
    async (request) => getUserInformation(ctx, currentUser(request).id),
  );

  // Another user's id answers 403: profiles hold email, birth date and network ids, and no
  // screen of the spec shows another pilot's profile (docs/decisions/0002-token-scheme.md).
  app.get(
    '/v1/user/:id/information',
    { schema: { tags, security, params: ZUserIdParams, response: { 200: ZUserInformation } }, preHandler: app.authenticate },
    async (request) => getUserInformation(ctx, assertSelf(request, request.params.id).id),
  );

  app.put(
    '/v1/user/:id/information',
    {
      schema: { tags, security, params: ZUserIdParams, consumes: ['multipart/form-data', 'application/json'], response: { 200: ZUserInformation } },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { id } = assertSelf(request, request.params.id);
      const { fields, photo } = await readProfileForm(request);
      const profile = parseProfileFields(fields);
      const photoDataUrl = photo ? profilePhotoDataUrl(photo) : undefined;
      return updateUserInformation(ctx, id, profile, photoDataUrl, languageFromAcceptLanguage(request.headers['accept-language']));
    },
  );

  app.put(
    '/v1/user/:id/information/simulation',
    {
      schema: { tags, security, params: ZUserIdParams, body: ZSimulationInformationRequest, response: { 200: ZUserInformation } },
      preHandler: app.authenticate,
    },
    async (request) => updateSimulationInformation(ctx, assertSelf(request, request.params.id).id, request.body),
  );

  app.get(
    '/v1/user/:id/flight-times',
    { schema: { tags, security, params: ZUserIdParams, response: { 200: ZFlightTimes } }, preHandler: app.authenticate },
    async (request) => getFlightTimes(ctx, assertSelf(request, request.params.id).id),
  );

  // The body is read by parseCareerRequest (one contract, the spec's ERR_0034 for a bad display name).
  app.post(
    '/v1/pilot/career',
    { schema: { tags: ['pilot'], security, response: { 200: ZUserInformation } }, preHandler: app.authenticate },
    async (request) => startCareer(ctx, currentUser(request).id, parseCareerRequest(request.body)),
  );

  app.get(
    '/v1/user/:id/subscription/client-portal',
    { schema: { tags, security, params: ZUserIdParams, response: { 200: ZClientPortalResponse } }, preHandler: app.authenticate },
    async (request) => getClientPortal(ctx, assertSelf(request, request.params.id).id),
  );
};
