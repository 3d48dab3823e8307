import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error.ts';

export type MultipartForm = { fields: Record<string, string>; files: Record<string, Buffer> };

/** @fastify/multipart's error when a request carries more files than `limits.files` (app.ts). */
const FILES_LIMIT = 'FST_FILES_LIMIT';

/**
 * Reads a multipart request into memory: text fields and its one file. Uploads take one file
 * per request (`limits.files` in app.ts); a second file, under any name, is a 400 with
 * `oneFileMessage`, which each upload words for itself (an ID card takes 'one image per side', a
 * picture 'one image'). A request that is not
 * multipart is a 400 with `emptyMessage`. Size limits are enforced while streaming by
 * @fastify/multipart (413 past 5 MB).
 */
export async function readMultipart(
  request: FastifyRequest,
  emptyMessage: string,
  oneFileMessage: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(emptyMessage);
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Only reachable if limits.files is raised: the parser refuses a second file first.
        if (Object.keys(files).length > 0) throw badRequest(oneFileMessage);
        files[part.fieldname] = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
    if (code === FILES_LIMIT) throw badRequest(oneFileMessage);
    // Size limits keep their 413 (the error handler gives the size message).
    if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') throw err;
    // Anything else is a body the parser could not read (no boundary, a form never closed …):
    // the client's fault, answered with the upload's own message.
    throw badRequest(emptyMessage);
  }
  return { fields, files };
}

/** The single file of `field`, or a 400 with `emptyMessage` (or `oneFileMessage` for more files). */
export async function readSingleFile(
  request: FastifyRequest,
  field: string,
  emptyMessage: string,
  oneFileMessage: string,
): Promise<Buffer> {
  const form = await readMultipart(request, emptyMessage, oneFileMessage);
  const file = form.files[field];
  if (!file || file.length === 0) throw badRequest(emptyMessage);
  return file;
}
