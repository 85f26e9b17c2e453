import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AIRLINE_LOGO_HEIGHT_PX, AIRLINE_LOGO_MAX_BYTES, AIRLINE_LOGO_WIDTH_PX } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { ErrorCode } from '@contrail/domain/errors/error-codes';

const isPng = (bytes: Buffer) => bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * Checks an airline logo (spec 5: JPG or PNG, at most 100,000 bytes, exactly 350 x 185 pixels) on
 * the DECODED image, so a file whose header lies, or which is truncated, is refused; returns it as
 * a data URL. ERR_0004 for format or size, ERR_0027 for dimensions.
 */
export const checkAirlineLogo = (bytes: Buffer): string => {
  if (bytes.length > AIRLINE_LOGO_MAX_BYTES) throw airlineError(ErrorCode.logoFormatOrSize, 'The logo must be at most 100,000 bytes', 'photo');
  let width: number;
  let height: number;
  let mime: string;
  try {
    if (isPng(bytes)) {
      const image = PNG.sync.read(bytes);
      ({ width, height } = image);
      mime = 'image/png';
    } else if (isJpeg(bytes)) {
      // maxMemoryUsageInMB bounds a hostile header claiming a huge image.
      const image = jpeg.decode(bytes, { maxMemoryUsageInMB: 64, maxResolutionInMP: 2 });
      ({ width, height } = image);
      mime = 'image/jpeg';
    } else {
      throw new Error('not a PNG or JPEG');
    }
  } catch {
    throw airlineError(ErrorCode.logoFormatOrSize, 'The logo must be a JPG or PNG image', 'photo');
  }
  if (width !== AIRLINE_LOGO_WIDTH_PX || height !== AIRLINE_LOGO_HEIGHT_PX) {
    throw airlineError(ErrorCode.wrongFileDimensions, `The logo must be exactly ${AIRLINE_LOGO_WIDTH_PX} x ${AIRLINE_LOGO_HEIGHT_PX} pixels`, 'photo');
  }
  return `data:${mime};base64,${bytes.toString('base64')}`;
};
