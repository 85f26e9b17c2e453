import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { airlineFields, nextCode, postAirline, premiumManager, seedAirlineReference } from './airline-fixtures';

/** A few hundred bytes of valid PNG whose header declares `width` x `height` pixels of 8-bit RGBA. */
const tinyPngDeclaring = (width: number, height: number): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    // pngjs checks CRCs only when asked; a zero CRC keeps the file small and honest about its header.
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The start of a baseline JPEG declaring `width` x `height`: SOI, an APP0 segment, then SOF0 (no image data follows). */
const jpegHeaderDeclaring = (width: number, height: number): Buffer => {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
};

describe('the airline logo is measured from its header before it is decoded', () => {
  let t: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('refuses a tiny PNG declaring 100000 x 100000 pixels with the dimension code, without decoding it', async () => {
    const decode = vi.spyOn(PNG.sync, 'read');
    const bomb = tinyPngDeclaring(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    const response = await postAirline(t.app, owner, airlineFields({ code: nextCode() }), bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'ERR_0027', field: 'photo' });
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a JPEG whose header declares another size with the dimension code', async () => {
    for (const [width, height] of [
      [60_000, 60_000],
      [350, 186],
    ] as const) {
      const response = await postAirline(t.app, owner, airlineFields({ code: nextCode() }), jpegHeaderDeclaring(width, height));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errorCode: 'ERR_0027' });
    }
  });

  it('still decodes a logo whose header says 350 x 185, so a broken body is refused as a bad image', async () => {
    const response = await postAirline(t.app, owner, airlineFields({ code: nextCode() }), jpegHeaderDeclaring(350, 185));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errorCode: 'ERR_0004' });
  });
});
