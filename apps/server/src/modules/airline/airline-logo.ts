import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AIRLINE_LOGO_HEIGHT_PX, AIRLINE_LOGO_MAX_BYTES, AIRLINE_LOGO_WIDTH_PX } from '@contrail/domain/airline/airline-contract';
import { airlineError } from '@contrail/domain/airline/airline-errors';
import { ErrorCode } from '@contrail/domain/errors/error-codes';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const isPng = (bytes: Buffer) => bytes.length > 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

type Size = { width: number; height: number };

/** A PNG's size from its first chunk, which must be IHDR: width and height, 4 bytes each, big-endian. */
export const pngHeaderSize = (bytes: Buffer): Size | undefined => {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** Start-of-frame markers (SOF0 to SOF15) carry the size; C4, C8 and CC share the range but are other segments. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers that stand alone, without a length: TEM, RST0 to RST7, SOI, EOI. */
const hasNoLength = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
const START_OF_SCAN = 0xda;

/** A JPEG's size from its start-of-frame segment, walking the segments before the image data. */
export const jpegHeaderSize = (bytes: Buffer): Size | undefined => {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (hasNoLength(marker)) {
      offset += 2;
      continue;
    }
    if (marker === START_OF_SCAN) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
};

const formatError = () => airlineError(ErrorCode.logoFormatOrSize, 'The logo must be a JPG or PNG image', 'photo');

const assertLogoSize = ({ width, height }: Size) => {
  if (width !== AIRLINE_LOGO_WIDTH_PX || height !== AIRLINE_LOGO_HEIGHT_PX) {
    throw airlineError(ErrorCode.wrongFileDimensions, `The logo must be exactly ${AIRLINE_LOGO_WIDTH_PX} x ${AIRLINE_LOGO_HEIGHT_PX} pixels`, 'photo');
  }
};

/**
 * Checks an airline logo (JPG or PNG, at most 100,000 bytes, exactly 350 x 185 pixels) and
 * returns it as a data URL. The size the header declares is checked first: decoders allocate from
 * it, so a tiny file declaring a huge image is refused before any decoding. Then the image is
 * DECODED, so a file whose body lies, or which is truncated, is refused too. ERR_0004 for format
 * or byte size, ERR_0027 for dimensions.
 */
export const checkAirlineLogo = (bytes: Buffer): string => {
  if (bytes.length > AIRLINE_LOGO_MAX_BYTES) throw airlineError(ErrorCode.logoFormatOrSize, 'The logo must be at most 100,000 bytes', 'photo');
  const format = isPng(bytes) ? 'png' : isJpeg(bytes) ? 'jpeg' : undefined;
  if (!format) throw formatError();
  const declared = format === 'png' ? pngHeaderSize(bytes) : jpegHeaderSize(bytes);
  if (!declared) throw formatError();
  assertLogoSize(declared);
  let decoded: Size;
  try {
    decoded = format === 'png' ? PNG.sync.read(bytes) : jpeg.decode(bytes, { maxMemoryUsageInMB: 64, maxResolutionInMP: 2 });
  } catch {
    throw formatError();
  }
  assertLogoSize(decoded);
  return `data:image/${format};base64,${bytes.toString('base64')}`;
};
