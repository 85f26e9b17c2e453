import { createHash } from 'node:crypto';
import { PROFILE_PHOTO_MAX_BYTES } from '@contrail/domain/user/user-contract';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The image type from the file's first bytes (the name and declared type are not trusted). */
export const detectImageType = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined => {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
};

export const imageTooLarge = () =>
  new AppError(ErrorCode.imageTooLarge, `The photo must be at most ${PROFILE_PHOTO_MAX_BYTES} bytes`, 'photo');

/** Checks a profile photo (JPG/JPEG/PNG by magic bytes, at most 2 MiB) and returns it as a data URL. */
export const profilePhotoDataUrl = (bytes: Buffer): string => {
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) throw imageTooLarge();
  const type = detectImageType(bytes);
  if (!type) throw new AppError(ErrorCode.imageFormat, 'The photo must be a JPG or PNG image', 'photo');
  return `data:${type};base64,${bytes.toString('base64')}`;
};

/** A short content version of a stored photo (data URL): changes whenever the photo does. */
export const photoVersion = (dataUrl: string): string => createHash('sha256').update(dataUrl, 'utf8').digest('base64url').slice(0, 22);

/**
 * The URL the API gives for a user's photo instead of the image itself. The version makes it
 * unguessable (a capability: an <img> cannot send the bearer token) and lets the answer be cached
 * for good, since a new photo gets a new URL.
 */
export const profilePhotoUrl = (userId: string, dataUrl: string | null): string | null =>
  dataUrl ? `/api/v1/user/${userId}/photo?v=${photoVersion(dataUrl)}` : null;

/** The bytes and type of a stored data URL. */
export const decodePhotoDataUrl = (dataUrl: string): { type: string; bytes: Buffer } | undefined => {
  const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(dataUrl);
  return match ? { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : undefined;
};
