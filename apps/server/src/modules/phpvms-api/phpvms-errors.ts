import type { z } from 'zod';
import { FIELD_MESSAGES } from '@contrail/domain/phpvms-api/phpvms-pirep';

/**
 * phpVMS's error bodies (RFC 7807 with its backward-compatible `error` object), so a phpVMS
 * client shows Contrail's refusals as it shows its own: `type`, `title`, `details`, `status`,
 * `error: { status, message }` and the error's own fields (`pirep_id`, `errors`, ...).
 */
export class PhpvmsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly details: string = message,
    readonly meta: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      type: `https://phpvms.net/errors/${this.type}`,
      title: this.message,
      details: this.details,
      status: this.status,
      error: { status: this.status, message: this.details },
      ...this.meta,
    };
  }
}

/** The API key middleware's own shape (phpVMS answers 401 in its older form). */
export const unauthorizedBody = (details: string) => ({
  error: { code: '401', http_code: 'Unauthorized', message: `Invalid or missing API key (${details})` },
});

export const pirepNotFound = (pirepId: string) => new PhpvmsError(404, 'pirep-not-found', `PIREP ${pirepId} not found`, undefined, { pirep_id: pirepId });
export const pirepCancelled = (pirepId: string) =>
  new PhpvmsError(400, 'pirep-cancelled', 'PIREP has been cancelled, updates are not allowed', undefined, { pirep_id: pirepId });
export const pirepReadOnly = (pirepId: string) => new PhpvmsError(400, 'pirep-error', 'PIREP is read-only', undefined, { pirep_id: pirepId });
export const prefileError = (message: string) => new PhpvmsError(400, 'prefile-error', message);
export const assetNotFound = (what: string) => new PhpvmsError(404, 'not-found', `${what} not found`);
export const airportNotFound = (icao: string) => new PhpvmsError(404, 'airport-not-found', `Airport ${icao} not found`, undefined, { icao });

/** A failed validation as phpVMS words it: every field's message, joined. */
export const validationError = (error: z.ZodError): PhpvmsError => {
  const errors: Record<string, string[]> = {};
  // The first problems are enough to fix a client; a thousand bad positions need not echo a thousand lines.
  for (const issue of error.issues.slice(0, 10)) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    const top = String(issue.path[0] ?? '');
    const message = issue.path.length === 1 ? (FIELD_MESSAGES[top] ?? `The ${field} field is invalid`) : `The ${field} field is invalid`;
    const own = (errors[field] ??= []);
    if (!own.includes(message)) own.push(message);
  }
  const details = Object.values(errors)
    .map((messages) => messages.join(', '))
    .join(', ');
  return new PhpvmsError(400, 'validation-exception', 'Validation Error', details, { errors });
};

/** Parses a body against a phpVMS request schema, refusing in phpVMS's validation shape. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
};
