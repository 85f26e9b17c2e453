import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** One file (a profile photo or an airline logo) of at most 2 MiB, and the form's text fields. */
const MULTIPART_LIMITS = { fileSize: 2_097_152, files: 1, fields: 40 };

/**
 * Multipart forms, in the modules that take one (the profile, the airline) and nowhere else: the
 * plugin gives every request in its scope two asynchronous hooks and a listener, which the other
 * routes (the airport search, the hottest) have no use for. Elsewhere a multipart body is refused
 * like any other unsupported content type.
 */
export const acceptMultipartForms = async (app: FastifyInstance, limits: Partial<typeof MULTIPART_LIMITS> = {}): Promise<void> => {
  await app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS, ...limits } });
};
