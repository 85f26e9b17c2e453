import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { allErrorCodes, ErrorCode } from './error-codes';
import { errorHttpStatus, httpStatusOf } from './error-status';
import { parseOrThrow, validationAppError, withFieldErrorCodes } from './validation-error';

describe('the one error -> HTTP status table', () => {
  it('has exactly one line per error code, each a 4xx or 5xx', () => {
    expect(Object.keys(errorHttpStatus).sort()).toEqual([...allErrorCodes].sort());
    for (const code of allErrorCodes) {
      for (const token of ['link', 'session'] as const) {
        const status = httpStatusOf(code, token);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(600);
      }
    }
  });

  it('answers the airline codes with the three statuses the airline manager toasts', () => {
    for (const code of allErrorCodes.filter((c) => c.startsWith('ERR_00') && c !== 'ERR_0034')) {
      expect([403, 404, 422]).toContain(httpStatusOf(code));
    }
    expect(httpStatusOf(ErrorCode.airlineNotFound)).toBe(404);
    expect(httpStatusOf(ErrorCode.mustBeOwner)).toBe(403);
    expect(httpStatusOf(ErrorCode.notEnoughFc)).toBe(422);
  });

  it('gives a token error 401 for a session token and 400 for a link token', () => {
    expect(new AppError(ErrorCode.invalidToken, 'Invalid refresh token', { token: 'session' }).httpStatus).toBe(401);
    expect(new AppError(ErrorCode.invalidToken, 'This link is invalid').httpStatus).toBe(400);
    expect(new AppError(ErrorCode.tokenExpired, 'Session expired', { token: 'session' }).httpStatus).toBe(401);
    expect(new AppError(ErrorCode.tokenExpired, 'This link has expired').httpStatus).toBe(400);
  });

  it('takes the status from the table, not from the thrower', () => {
    expect(new AppError(ErrorCode.forbidden, 'no', 'field')).toMatchObject({ httpStatus: 403, field: 'field', message: 'no' });
    expect(new AppError(ErrorCode.notFound, 'Gone', { field: 'id' })).toMatchObject({ httpStatus: 404, field: 'id', message: 'Gone' });
  });
});

describe('numbered field codes from the zod schemas', () => {
  const ZRoute = withFieldErrorCodes(
    z.object({
      code: z.string().regex(/^[A-Za-z0-9]{3}$/, { error: 'must be 3 letters or digits' }),
      departureTime: z.string().regex(/^\d{2}:\d{2}$/),
      name: z.string().min(1),
    }),
    { code: ErrorCode.codeMustBe3Alphanumerics, departureTime: ErrorCode.invalidTimeFormat },
  );

  it('answers the code declared for the failing field, with its status and field', () => {
    expect(() => parseOrThrow(ZRoute, { code: 'ABCD', departureTime: '10:00', name: 'x' })).toThrow(
      expect.objectContaining({ code: 'ERR_0026', httpStatus: 422, field: 'code' }),
    );
    expect(() => parseOrThrow(ZRoute, { code: 'ABC', departureTime: '10h', name: 'x' })).toThrow(
      expect.objectContaining({ code: 'ERR_0018', field: 'departureTime' }),
    );
  });

  it('answers VALIDATION_ERROR for a field without a code, and without a schema', () => {
    expect(() => parseOrThrow(ZRoute, { code: 'ABC', departureTime: '10:00', name: '' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', httpStatus: 400, field: 'name' }),
    );
    expect(validationAppError([{ path: ['code'], message: 'required' }])).toMatchObject({ code: 'VALIDATION_ERROR', message: 'code: code is required' });
    expect(parseOrThrow(ZRoute, { code: 'A1B', departureTime: '10:00', name: 'n' })).toEqual({ code: 'A1B', departureTime: '10:00', name: 'n' });
  });
});
