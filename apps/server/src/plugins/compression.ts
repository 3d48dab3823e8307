import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { etagOf } from '../lib/etag.ts';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET whose body is the same for everyone: answer with an ETag and 304 on a match. */
    etag?: boolean;
  }
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: the encoding header would eat the gain. */
export const COMPRESSION_THRESHOLD = 1024;

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg\+xml)/;
// Server preference when the client weighs several encodings equally.
const PREFERENCE: ContentEncoding[] = ['br', 'gzip', 'identity'];

/**
 * Picks the response encoding from an Accept-Encoding header (RFC 9110 §12.5.3): the highest
 * q-value wins, brotli before gzip on a tie; `identity` is acceptable unless refused explicitly
 * (`identity;q=0`, or `*;q=0` without naming it). When nothing is acceptable the body goes
 * uncompressed anyway (answering 406 would only break the page).
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k?.trim().toLowerCase() === 'q') {
        const n = Number(v);
        q = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
      }
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, q);
  }
  const star = weights.get('*');
  const weightOf = (e: ContentEncoding) =>
    weights.get(e) ?? (e === 'identity' ? (star === 0 ? 0 : 0.001) : (star ?? 0));
  let best: ContentEncoding = 'identity';
  let bestQ = -1;
  for (const e of PREFERENCE) {
    const q = weightOf(e);
    if (q > bestQ) {
      best = e;
      bestQ = q;
    }
  }
  return bestQ > 0 ? best : 'identity';
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(body: Buffer, encoding: 'br' | 'gzip', shared: boolean): Promise<Buffer> {
  // A body shared by every visitor is compressed once and kept: worth the slower, smaller
  // setting. Per-user bodies use a fast one. Both run on the libuv pool, off the event loop.
  return encoding === 'br'
    ? brotliAsync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: shared ? 9 : 4,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: shared ? 9 : 6 });
}

export function appendVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  if (!current) return void reply.header('vary', field);
  const value = String(current);
  if (
    value === '*' ||
    value
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    return;
  reply.header('vary', `${value}, ${field}`);
}

function etagMatches(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): W/"x" and "x" name the same representation.
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Response compression and revalidation for everything the app itself answers (JSON, HTML,
 * XML, text); the built assets are precompressed at build time and served by the SPA plugin.
 *
 * - Routes flagged `config: { etag: true }` (public lists) get an ETag (or keep the one the
 *   route set) and answer 304 to a matching If-None-Match.
 * - Bodies of a compressible type from `COMPRESSION_THRESHOLD` bytes on are compressed with the
 *   encoding the client prefers; `Vary: Accept-Encoding` is sent whenever the type could be.
 * - Compressed forms of ETag-named bodies are kept in a small cache, so a list served to every
 *   visitor is compressed once per version, not once per request.
 */
export function registerCompression(app: FastifyInstance, opts: { cacheEntries?: number } = {}) {
  const maxEntries = opts.cacheEntries ?? 64;
  const cache = new Map<string, Buffer>();
  const remember = (key: string, value: Buffer) => {
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  };

  // A callback hook: most answers leave without any asynchronous step.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const status = reply.statusCode;
    if (status < 200 || status === 204 || status === 304) return done(null, payload);

    let etag = reply.getHeader('etag') as string | undefined;
    if (request.routeOptions.config?.etag && status === 200 && request.method === 'GET') {
      if (!etag) {
        etag = etagOf(payload);
        reply.header('etag', etag);
      }
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      if (etagMatches(request, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return done(null, null);
      }
    }

    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return done(null, payload);
    appendVary(reply, 'Accept-Encoding');
    // A string's UTF-8 size is at least its length: only a short one is measured (a scan of the
    // whole text, which Fastify makes again for the Content-Length).
    const small =
      typeof payload === 'string'
        ? payload.length < COMPRESSION_THRESHOLD && Buffer.byteLength(payload) < COMPRESSION_THRESHOLD
        : payload.length < COMPRESSION_THRESHOLD;
    if (small) return done(null, payload);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return done(null, payload);

    const send = (body: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    };
    const key = etag ? `${encoding} ${etag}` : undefined;
    const cached = key ? cache.get(key) : undefined;
    if (cached) return send(cached);
    compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding, key !== undefined).then(
      (body) => {
        if (key) remember(key, body);
        send(body);
      },
      (err: Error) => done(err),
    );
  });
}
