import type { Sharp } from 'sharp';
import { badRequest } from './http-error.ts';

/** What to answer (400) for each way an upload can be refused. */
export type ImageUploadMessages = { notImage: string; tooLarge?: string; tooManyPixels?: string };

export type ImageUploadRules = {
  maxBytes: number;
  /** Formats sniffed from the content (never the file name or the declared type). */
  formats?: readonly string[];
  maxPixels: number;
  /** A lower pixel cap for animated GIFs (every frame is decoded). */
  maxGifPixels?: number;
};

const DEFAULT_FORMATS = ['jpeg', 'png', 'webp', 'gif'];

/**
 * The one image pipeline of uploads (avatars, campaign pictures, news thumbnails): checks the
 * upload by its content (format and size from the header, before anything is decoded), then
 * decodes it fully (a truncated file is refused) and re-encodes it to WebP once per requested
 * output, which drops every piece of metadata. Answers 400 with the given message otherwise.
 */
export async function reencodeImage<K extends string>(
  upload: Buffer,
  rules: ImageUploadRules,
  messages: ImageUploadMessages,
  outputs: Record<K, (image: Sharp) => Sharp>,
): Promise<Record<K, Buffer>> {
  if (upload.length === 0) throw badRequest(messages.notImage);
  if (upload.length > rules.maxBytes) throw badRequest(messages.tooLarge ?? messages.notImage);
  // sharp (libvips) loads with the first image, not at start (ADR 37).
  const { default: sharp } = await import('sharp');
  const meta = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const formats = rules.formats ?? DEFAULT_FORMATS;
  if (!meta?.format || !formats.includes(meta.format) || !meta.width || !meta.height)
    throw badRequest(messages.notImage);
  const maxPixels = meta.format === 'gif' && rules.maxGifPixels ? rules.maxGifPixels : rules.maxPixels;
  if (meta.width * meta.height > maxPixels) throw badRequest(messages.tooManyPixels ?? messages.notImage);
  const result = {} as Record<K, Buffer>;
  try {
    for (const key of Object.keys(outputs) as K[]) {
      const image = sharp(upload, { failOn: 'truncated', limitInputPixels: maxPixels }).rotate();
      result[key] = await outputs[key](image).webp({ quality: 80 }).toBuffer();
    }
  } catch {
    // A cut-off or corrupt file: not a usable image.
    throw badRequest(messages.notImage);
  }
  return result;
}
