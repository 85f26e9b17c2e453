import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes (256 bits), base64url, 43 characters. */
export const generateOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, hex. A stolen table gives no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Crockford's base32 alphabet: no I, L, O or U, so an id read aloud or typed is not misread. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A member id (mfId): "MF" and 8 base32 characters (40 random bits, about 10^12 values). Public: shown
 * to others and used as a sponsor code. Uniqueness is enforced by the database; callers retry.
 */
export const generateMfId = (): string => {
  const bytes = randomBytes(8);
  let id = 'MF';
  for (const byte of bytes) id += BASE32[byte % 32];
  return id;
};
