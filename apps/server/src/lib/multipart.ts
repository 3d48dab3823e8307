import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';

export type MultipartForm = { fields: Record<string, string>; files: Record<string, Buffer> };

/**
 * Reads a multipart request into memory: text fields and at most one file per field name.
 * Size limits are enforced while streaming by @fastify/multipart (413 past 5 MB).
 */
export async function readMultipart(request: FastifyRequest, emptyMessage: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest(emptyMessage);
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (files[part.fieldname]) throw badRequest('Chỉ được tải lên một ảnh cho mỗi mặt');
      files[part.fieldname] = await part.toBuffer();
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** The single file of `field`, or a 400 with `emptyMessage`. */
export async function readSingleFile(
  request: FastifyRequest,
  field: string,
  emptyMessage: string,
): Promise<Buffer> {
  const form = await readMultipart(request, emptyMessage);
  const file = form.files[field];
  if (!file || file.length === 0) throw badRequest(emptyMessage);
  return file;
}
