import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { appendVary, negotiateEncoding } from '../../plugins/compression.ts';

/** Content types of what the web build writes under `assets/`; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file larger than this is read from the disk at each request instead of being kept. */
const KEEP_MAX_BYTES = 2 * 1024 * 1024;

type Asset = { file: string; type: string; br?: string; gzip?: string };

/** Every file under `dir`, as paths relative to it with `/` between folders. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : entry.isFile()
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

/**
 * The build's hashed assets (`dist/assets`, nine in ten of its files), served from the listing
 * made here once: a name is looked up in it and nowhere else, so no path from a request ever
 * reaches the disk, and an unknown name falls to the page handler (404). Their names change with
 * their content, so they never change while the server runs: each file is read once and kept (the
 * build's brotli forms are about 1 MB), and sent with the form the client prefers, `name.br` or
 * `name.gz` beside it, never compressed per request.
 *
 * @fastify/static, which served them before, stat-ed and opened each file, and listed the folder
 * (about 290 entries) at every request to check the name's spelling: about a millisecond of CPU
 * for each of the 30–40 scripts of a first visit, on the thread that answers the page's data.
 */
export function registerBuildAssets(app: FastifyInstance, dir: string, prefix = '/assets/') {
  const names = new Set(existsSync(dir) ? filesUnder(dir) : []);
  const assets = new Map<string, Asset>();
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    assets.set(name, {
      file: path.join(dir, name),
      type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      ...(names.has(`${name}.br`) && { br: path.join(dir, `${name}.br`) }),
      ...(names.has(`${name}.gz`) && { gzip: path.join(dir, `${name}.gz`) }),
    });
  }
  const kept = new Map<string, Promise<Buffer>>();
  const bytesOf = (file: string): Promise<Buffer> => {
    const cached = kept.get(file);
    if (cached) return cached;
    const reading = readFile(file);
    kept.set(file, reading);
    reading.then(
      (bytes) => bytes.length > KEEP_MAX_BYTES && kept.delete(file),
      () => kept.delete(file),
    );
    return reading;
  };

  app.get(`${prefix}*`, { schema: { hide: true } }, async (request, reply) => {
    const asset = assets.get((request.params as { '*': string })['*']);
    if (!asset) return reply.callNotFound();
    const accepted = negotiateEncoding(request.headers['accept-encoding']);
    const encoded =
      accepted === 'br' && asset.br
        ? { file: asset.br, encoding: 'br' }
        : accepted === 'gzip' && asset.gzip
          ? { file: asset.gzip, encoding: 'gzip' }
          : undefined;
    let body: Buffer;
    try {
      body = await bytesOf(encoded?.file ?? asset.file);
    } catch {
      // The build was replaced under the running server: as for a name it never had.
      return reply.callNotFound();
    }
    if (asset.br || asset.gzip) appendVary(reply, 'Accept-Encoding');
    if (encoded) reply.header('content-encoding', encoded.encoding);
    return reply.header('cache-control', IMMUTABLE).type(asset.type).send(body);
  });
}
