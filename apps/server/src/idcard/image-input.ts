/**
 * Checks an uploaded ID-card photo by its content (never by its name or declared type) and
 * prepares it for extraction: JPEG or PNG only, at most LIMITS.imageMaxBytes, fully decodable
 * (a truncated file is refused rather than half-read), at most MAX_INPUT_PIXELS, turned upright
 * by its EXIF orientation, metadata dropped, scaled down to PROCESSING_MAX_SIDE.
 */
import { LIMITS, PROFILE_MESSAGES } from '@giot-hong/contract';
import type { Metadata } from 'sharp';
import type { RawImage } from './locate.ts';

/**
 * Decompression-bomb guard, checked on the header before any pixel is decoded. Any real phone
 * photo under 5 MB is below it (108 MP sensors give 12000 × 9000); a small file claiming more is
 * refused. JPEG shrinks while decoding and PNG is decoded in strips, so memory stays bounded.
 * The avatar upload uses the same cap.
 */
export const MAX_INPUT_PIXELS = 120_000_000;
/** Longest side of the image the extraction works on; a card filling the frame is then ~1500 px wide. */
export const PROCESSING_MAX_SIDE = 1800;
/** Shortest side below which no card text can be read. */
export const MIN_SIDE = 300;

/** The refusals' texts: the contract's, which the browser's own check shows too. */
export const IMAGE_MESSAGES = {
  invalid: PROFILE_MESSAGES.idImageInvalid,
  heic: PROFILE_MESSAGES.idImageHeic,
  tooLarge: PROFILE_MESSAGES.avatarTooLarge,
  truncated: PROFILE_MESSAGES.idImageTruncated,
  tooManyPixels: PROFILE_MESSAGES.imageTooManyPixels,
  tooSmall: PROFILE_MESSAGES.idImageTooSmall,
} as const;

export type ImageErrorCode =
  'EMPTY' | 'TOO_LARGE' | 'HEIC' | 'UNSUPPORTED_TYPE' | 'TRUNCATED' | 'TOO_MANY_PIXELS' | 'TOO_SMALL';

const MESSAGE_BY_CODE: Record<ImageErrorCode, string> = {
  EMPTY: IMAGE_MESSAGES.invalid,
  TOO_LARGE: IMAGE_MESSAGES.tooLarge,
  HEIC: IMAGE_MESSAGES.heic,
  UNSUPPORTED_TYPE: IMAGE_MESSAGES.invalid,
  TRUNCATED: IMAGE_MESSAGES.truncated,
  TOO_MANY_PIXELS: IMAGE_MESSAGES.tooManyPixels,
  TOO_SMALL: IMAGE_MESSAGES.tooSmall,
};

/**
 * A refused upload. `message` is Vietnamese and safe to show. Routes map TOO_LARGE to 413
 * (ErrorCode.PAYLOAD_TOO_LARGE) and every other code to 400 (ErrorCode.VALIDATION).
 */
export class ImageInputError extends Error {
  override readonly name = 'ImageInputError';
  constructor(readonly code: ImageErrorCode) {
    super(MESSAGE_BY_CODE[code]);
  }
}

export interface PreparedImage {
  /** Detected from the bytes. */
  format: 'jpeg' | 'png';
  /** Size of the upload after EXIF orientation. */
  originalWidth: number;
  originalHeight: number;
  /** Upright RGB pixels, longest side ≤ PROCESSING_MAX_SIDE, no metadata. */
  pixels: RawImage;
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_GENERIC = new Set(['mif1', 'msf1']);

/** An ISO-BMFF file whose brands say HEIC/HEIF (not AVIF), from the 'ftyp' box. */
export function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const brands = [ascii(8, 12)];
  for (let i = 16; i + 4 <= Math.min(boxSize, bytes.length, 256); i += 4) brands.push(ascii(i, i + 4));
  if (brands.some((b) => HEIF_BRANDS.has(b))) return true;
  return brands.some((b) => HEIF_GENERIC.has(b)) && !brands.includes('avif') && !brands.includes('avis');
}

/** Libvips reports a cut-off file in several wordings depending on the codec. */
const TRUNCATION =
  /truncat|premature end|unexpected end|end of (file|stream|data)|not enough|incomplete|read error|corrupt/i;

/** Validates an upload and returns upright, bounded pixels for extraction. Throws ImageInputError. */
export async function prepareImage(input: Buffer | Uint8Array | null | undefined): Promise<PreparedImage> {
  if (!input || input.length === 0) throw new ImageInputError('EMPTY');
  if (input.length > LIMITS.imageMaxBytes) throw new ImageInputError('TOO_LARGE');
  const buffer = Buffer.isBuffer(input)
    ? input
    : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (isHeic(buffer)) throw new ImageInputError('HEIC');

  // sharp (libvips) loads with the first image, not at the server's start (ADR 37).
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { failOn: 'truncated', limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError('UNSUPPORTED_TYPE');
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') throw new ImageInputError('HEIC');
  if (meta.format !== 'jpeg' && meta.format !== 'png') throw new ImageInputError('UNSUPPORTED_TYPE');
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) throw new ImageInputError('TOO_MANY_PIXELS');
  if (Math.min(width, height) < MIN_SIDE) throw new ImageInputError('TOO_SMALL');

  try {
    const { data, info } = await sharp(buffer, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({
        width: PROCESSING_MAX_SIDE,
        height: PROCESSING_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
    return {
      format: meta.format,
      originalWidth: width,
      originalHeight: height,
      pixels: { data, width: info.width, height: info.height, channels: 3 },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ImageInputError(TRUNCATION.test(message) ? 'TRUNCATED' : 'UNSUPPORTED_TYPE');
  }
}

/**
 * Re-encodes prepared pixels as a JPEG for storage: the stored file carries no EXIF/GPS data and
 * nothing of the uploaded file's bytes.
 */
export async function encodeForStorage(image: PreparedImage, quality = 88): Promise<Buffer> {
  const { data, width, height, channels } = image.pixels;
  const { default: sharp } = await import('sharp');
  return sharp(data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg: false }).toBuffer();
}
