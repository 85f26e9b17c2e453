import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseNulBytes } from '@contrail/domain/common/nul-bytes';
import { parseOrThrow } from '@contrail/domain/errors/validation-error';
import { UPDATE_USER_INFORMATION_FIELDS, ZUpdateUserInformationRequest, ZUserIdParams, ZUserInformation } from '@contrail/domain/user/user-contract';
import { userRoutes as routes } from '@contrail/domain/user/user-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { acceptMultipartForms } from '../../plugins/multipart-forms';
import { publicUrlOf } from '../../lib/public-url';
import { authContextFor } from '../auth/auth.routes';
import { requestEmailChange, sendEmailVerification } from '../auth/auth.service';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { imageTooLarge, profilePhotoDataUrl } from './profile-photo';
import {
  getFlightTimes,
  getProfilePhoto,
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
const ZProfileFields = refuseNulBytes(ZUpdateUserInformationRequest);
const parseProfileFields = (fields: Record<string, unknown>): ProfileChanges => parseOrThrow(ZProfileFields, fields);

/** The user's own account: information, profile, network ids, flight times. Mounted under /api. */
export const userModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptMultipartForms(app); // the profile form, with its photo
  const authContext = authContextFor(app);
  const ctx: UserContext = {
    deps: app.deps,
    sendEmailVerification: (user, language) => sendEmailVerification(authContext, user, language),
    requestEmailChange: (user, newEmail, language) => requestEmailChange(authContext, user, newEmail, language),
    log: app.log,
  };
  // A profile update may mail a confirmation link: it follows the address the request came on.
  const ctxFor = (request: FastifyRequest): UserContext => {
    const requestAuthContext = { ...authContext, publicUrl: publicUrlOf(request, app.deps.config) };
    return {
      ...ctx,
      sendEmailVerification: (user, language) => sendEmailVerification(requestAuthContext, user, language),
      requestEmailChange: (user, newEmail, language) => requestEmailChange(requestAuthContext, user, newEmail, language),
    };
  };
  const tags = ['user'];
  const security = [{ bearer: [] }];

  serveRoute(app, routes.ownInformation, async (request) => getUserInformation(ctx, currentUser(request), currentUser(request).id));

  // Another user's id answers 403: profiles hold email, birth date and network ids, and no
  // screen of the spec shows another pilot's profile (docs/decisions/0002-token-scheme.md).
  serveRoute(app, routes.information, async (request) => getUserInformation(ctx, currentUser(request), request.params.id));

  // Not declared: a multipart form with an optional photo file, read part by part.
  app.put(
    '/v1/user/:id/information',
    {
      schema: { tags, security, params: ZUserIdParams, consumes: ['multipart/form-data', 'application/json'], response: { 200: ZUserInformation } },
      preHandler: app.authenticate,
    },
    async (request) => {
      const caller = currentUser(request);
      const { fields, photo } = await readProfileForm(request);
      const profile = parseProfileFields(fields);
      const photoDataUrl = photo ? profilePhotoDataUrl(photo) : undefined;
      return updateUserInformation(ctxFor(request), caller, request.params.id, profile, photoDataUrl, languageFromAcceptLanguage(request.headers['accept-language']));
    },
  );

  // Not declared: the answer is the image's bytes, or 304. No bearer token: an <img> cannot send
  // one. The version in the query is the capability (docs/decisions/0024-security-threat-model.md,
  // photo by URL).
  app.get(
    '/v1/user/:id/photo',
    { schema: { tags, params: ZUserIdParams, querystring: z.object({ v: z.string().trim().min(1).max(64) }) } },
    async (request, reply) => {
      const photo = await getProfilePhoto(ctx, request.params.id, request.query.v);
      // The URL changes with the photo, so the browser may keep it; private: it is a person's photo.
      void reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', photo.etag);
      if (request.headers['if-none-match'] === photo.etag) return reply.status(304).send();
      return reply.type(photo.type).send(photo.bytes);
    },
  );

  serveRoute(app, routes.updateSimulationInformation, async (request) =>
    updateSimulationInformation(ctx, currentUser(request), request.params.id, request.body),
  );

  serveRoute(app, routes.flightTimes, async (request) => getFlightTimes(ctx, currentUser(request), request.params.id));

  // A bad display name answers the spec's ERR_0034: the schema declares it, the error handler maps it.
  serveRoute(app, routes.startCareer, async (request) => startCareer(ctx, currentUser(request).id, request.body));
};
