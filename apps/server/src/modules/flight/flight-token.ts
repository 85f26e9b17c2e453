import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The tracker's flight token: 32 random bytes, base64url, shown once at registration. The server
 * keeps only its SHA-256, so a leaked database cannot stream into a flight.
 */
export const generateFlightToken = (): { token: string; tokenHash: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashFlightToken(token) };
};

export const hashFlightToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Constant-time comparison of a presented token with the stored hash. */
export const isFlightTokenValid = (token: string, tokenHash: string): boolean => {
  const presented = Buffer.from(hashFlightToken(token));
  const stored = Buffer.from(tokenHash);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
};
