import { LIMITS } from '@giot-hong/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  encodeForStorage,
  IMAGE_MESSAGES,
  ImageInputError,
  isHeic,
  MAX_INPUT_PIXELS,
  prepareImage,
  PROCESSING_MAX_SIDE,
  type ImageErrorCode,
} from './image-input.ts';
import { pngClaiming } from '../../test/images.ts';

const photo = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 210, b: 220 } } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="100" y="100" width="300" height="200" fill="#333"/></svg>`,
      ),
    },
  ]);

async function refusal(input: Buffer | null): Promise<{ code: ImageErrorCode; message: string }> {
  try {
    await prepareImage(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageInputError);
    const e = error as ImageInputError;
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

/** A minimal HEIC file start: an 'ftyp' box with major brand 'heic'. Libvips here cannot decode it anyway. */
function heicHeader(): Buffer {
  const b = Buffer.alloc(4096);
  b.writeUInt32BE(24, 0);
  b.write('ftypheic', 4, 'latin1');
  b.writeUInt32BE(0, 12);
  b.write('mif1heic', 16, 'latin1');
  b.writeUInt32BE(4000, 24);
  b.write('meta', 28, 'latin1');
  return b;
}

describe('prepareImage', () => {
  it('accepts a JPEG, turns it upright by its EXIF orientation and drops the metadata', async () => {
    // Stored 3000×2000 with orientation 6 (rotate 90° clockwise to view): upright it is 2000×3000.
    const jpeg = await photo(3000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const prepared = await prepareImage(jpeg);
    expect(prepared.format).toBe('jpeg');
    expect([prepared.originalWidth, prepared.originalHeight]).toEqual([2000, 3000]);
    expect(prepared.pixels.channels).toBe(3);
    expect(prepared.pixels.width).toBe(Math.round((2000 * PROCESSING_MAX_SIDE) / 3000));
    expect(prepared.pixels.height).toBe(PROCESSING_MAX_SIDE);
    const stored = await encodeForStorage(prepared);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('accepts a PNG (with transparency flattened) without enlarging it', async () => {
    const png = await photo(900, 600).ensureAlpha(0.5).png().toBuffer();
    const prepared = await prepareImage(png);
    expect(prepared.format).toBe('png');
    expect([prepared.pixels.width, prepared.pixels.height]).toEqual([900, 600]);
  });

  it('decides by content, not by name: a GIF and a text file are refused', async () => {
    const gif = await photo(400, 400).gif().toBuffer();
    expect(await refusal(gif)).toEqual({
      code: 'UNSUPPORTED_TYPE',
      message: 'Vui lòng chọn file ảnh hợp lệ',
    });
    const textRenamedJpg = Buffer.from('Đây không phải là ảnh (cccd.jpg)\n'.repeat(20));
    expect(await refusal(textRenamedJpg)).toEqual({
      code: 'UNSUPPORTED_TYPE',
      message: 'Vui lòng chọn file ảnh hợp lệ',
    });
    const webp = await photo(400, 400).webp().toBuffer();
    expect((await refusal(webp)).code).toBe('UNSUPPORTED_TYPE');
  });

  it('refuses HEIC with its own message', async () => {
    expect(isHeic(heicHeader())).toBe(true);
    expect(await refusal(heicHeader())).toEqual({
      code: 'HEIC',
      message: 'Ảnh HEIC không được hỗ trợ. Vui lòng chụp lại hoặc chọn ảnh JPG, JPEG hoặc PNG.',
    });
  });

  it('does not take AVIF (also ISO-BMFF) for HEIC', async () => {
    const avif = await photo(400, 400).avif().toBuffer();
    expect(isHeic(avif)).toBe(false);
    expect((await refusal(avif)).code).toBe('UNSUPPORTED_TYPE');
  });

  it('refuses a file over 5 MB before decoding it', async () => {
    const big = Buffer.concat([await photo().jpeg().toBuffer(), Buffer.alloc(LIMITS.imageMaxBytes)]);
    expect(await refusal(big)).toEqual({
      code: 'TOO_LARGE',
      message: 'Kích thước file không được vượt quá 5MB',
    });
  });

  it('refuses a truncated JPEG and a truncated PNG with a clear message', async () => {
    const jpeg = await photo().jpeg({ quality: 90 }).toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toEqual({
      code: 'TRUNCATED',
      message: IMAGE_MESSAGES.truncated,
    });
    const png = await photo().png().toBuffer();
    expect((await refusal(png.subarray(0, Math.floor(png.length * 0.6)))).code).toBe('TRUNCATED');
    expect(IMAGE_MESSAGES.truncated).toBe('Ảnh bị lỗi hoặc chưa được tải lên đầy đủ. Vui lòng chọn lại ảnh.');
  });

  it('refuses an empty selection', async () => {
    expect(await refusal(Buffer.alloc(0))).toEqual({
      code: 'EMPTY',
      message: 'Vui lòng chọn file ảnh hợp lệ',
    });
    expect(await refusal(null)).toEqual({ code: 'EMPTY', message: 'Vui lòng chọn file ảnh hợp lệ' });
  });

  it('refuses a decompression bomb and an image too small to read', async () => {
    // A tiny file whose header claims one pixel more than the cap: refused before decoding.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1;
    const bomb = await pngClaiming(side, side);
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    expect(await refusal(bomb)).toEqual({ code: 'TOO_MANY_PIXELS', message: IMAGE_MESSAGES.tooManyPixels });
    expect((await refusal(await photo(200, 120).png().toBuffer())).code).toBe('TOO_SMALL');
  });
});
