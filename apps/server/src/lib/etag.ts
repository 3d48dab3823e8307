import { createHash } from 'node:crypto';

/**
 * A weak ETag naming a body (its SHA-1, enough to tell versions of one resource apart). Shared by
 * the compression hook, which names answers it revalidates, and routes that cache a serialised
 * body and name it once per version.
 */
export function etagOf(body: string | Buffer) {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}
