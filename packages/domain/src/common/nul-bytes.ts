import { z } from 'zod';
import { validationMessage } from './validation-messages';

/** Deeper than any contract nests; stops a hostile, deeply nested body from costing a deep walk. */
const MAX_DEPTH = 32;

/**
 * Where the first NUL character (U+0000) sits in a value: a path of keys, or undefined when there
 * is none. Keys are checked as well as values. PostgreSQL text cannot hold NUL, and C-based tools
 * down the line cut strings at it, so no contract accepts one.
 */
export const findNulByte = (value: unknown, path: (string | number)[] = []): (string | number)[] | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulByte(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulByte(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
};

/**
 * The schema, refusing any string with a NUL character anywhere in the input (every field, every
 * depth, keys too) before its own rules run. The server wraps every route's request schemas with
 * it (apps/server/src/app.ts), so a contract added later is covered without anyone remembering to.
 */
export const refuseNulBytes = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, context) => {
    const path = findNulByte(value);
    if (path) {
      const last = path[path.length - 1];
      context.addIssue({
        code: 'custom',
        message: validationMessage('nulCharacter', last === undefined ? undefined : { field: String(last) }),
        input: value,
        path,
      });
    }
    return value;
  }, schema);
