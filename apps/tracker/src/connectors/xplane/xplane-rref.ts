/**
 * X-Plane's UDP "RREF" messages (X-Plane 10.40 and later, 11, 12), little-endian:
 *
 * request, client -> X-Plane port 49000, 413 bytes:
 *   "RREF\0" (5 bytes) | int32 frequency (per second; 0 unsubscribes) | int32 index (the client's
 *   id for this dataref) | char[400] dataref path, NUL-padded (an array element as "path[3]")
 *
 * answer, X-Plane -> the request's source address, at the frequency:
 *   "RREF" + one byte (X-Plane sends ',' or '\0') | then (int32 index, float32 value) pairs.
 *   Every value is a float32, whatever the dataref's type (ints and bytes included).
 */

export const RREF_HEADER = 'RREF';
export const RREF_REQUEST_BYTES = 5 + 4 + 4 + 400;
export const RREF_PATH_BYTES = 400;
/** X-Plane's default receive port. */
export const XPLANE_DEFAULT_PORT = 49_000;

export type TRrefRequest = { frequencyHz: number; index: number; datarefPath: string };
export type TRrefValue = { index: number; value: number };

export function encodeRrefRequest(request: TRrefRequest): Buffer {
  const path = Buffer.from(request.datarefPath, 'ascii');
  if (path.length >= RREF_PATH_BYTES) {
    throw new Error(`Dataref path too long for RREF (${path.length} bytes, max 399): ${request.datarefPath}`);
  }
  if (!Number.isInteger(request.frequencyHz) || request.frequencyHz < 0) {
    throw new Error(`RREF frequency must be a non-negative integer, got ${request.frequencyHz}`);
  }
  const buffer = Buffer.alloc(RREF_REQUEST_BYTES);
  buffer.write('RREF\0', 0, 'ascii');
  buffer.writeInt32LE(request.frequencyHz, 5);
  buffer.writeInt32LE(request.index, 9);
  path.copy(buffer, 13);
  return buffer;
}

/** Reads a request back (the tests' fake X-Plane uses it); undefined when it is not one. */
export function decodeRrefRequest(buffer: Buffer): TRrefRequest | undefined {
  if (buffer.length !== RREF_REQUEST_BYTES || buffer.toString('ascii', 0, 5) !== 'RREF\0') return undefined;
  const pathBytes = buffer.subarray(13, 13 + RREF_PATH_BYTES);
  const end = pathBytes.indexOf(0);
  return {
    frequencyHz: buffer.readInt32LE(5),
    index: buffer.readInt32LE(9),
    datarefPath: pathBytes.toString('ascii', 0, end === -1 ? RREF_PATH_BYTES : end),
  };
}

/** Decodes an answer; undefined when the datagram is not a well-formed RREF answer. */
export function decodeRrefAnswer(buffer: Buffer): TRrefValue[] | undefined {
  if (buffer.length < 5 || buffer.toString('ascii', 0, 4) !== RREF_HEADER) return undefined;
  if ((buffer.length - 5) % 8 !== 0) return undefined;
  const values: TRrefValue[] = [];
  for (let offset = 5; offset < buffer.length; offset += 8) {
    values.push({ index: buffer.readInt32LE(offset), value: buffer.readFloatLE(offset + 4) });
  }
  return values;
}

/** Builds an answer as X-Plane does (the tests' fake X-Plane sends these). */
export function encodeRrefAnswer(values: readonly TRrefValue[]): Buffer {
  const buffer = Buffer.alloc(5 + values.length * 8);
  buffer.write('RREF,', 0, 'ascii');
  values.forEach(({ index, value }, position) => {
    buffer.writeInt32LE(index, 5 + position * 8);
    buffer.writeFloatLE(value, 9 + position * 8);
  });
  return buffer;
}
