import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, Language } from '@contrail/domain/common/language';

/**
 * The language of a mail asked for by this request: the best of en, fr, es in its Accept-Language
 * (the web sends its own language there), English otherwise.
 */
export const mailLanguageOf = (request: Pick<FastifyRequest, 'headers'>): Language =>
  (new Negotiator(request).language([...Language]) as Language | undefined) ?? DEFAULT_LANGUAGE;
