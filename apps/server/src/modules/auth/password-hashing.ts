import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (19 MiB memory, 2 passes, 1 lane: OWASP's first
 * recommended profile). The parameters are stored in the hash, so raising them later keeps old
 * hashes verifiable.
 */
const ARGON2ID = 2 as Algorithm;

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when no account matches, so response times do not tell
 * which usernames exist.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword('contrail-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
};
