// `npm run bench`: performance budgets, measured (not part of the tests).
// 1. Bytes the landing route loads before first paint: the entry chunk, its static imports,
//    the landing page chunk and its static imports, plus their CSS — gzip-compressed.
// 2. GET /api/campaigns throughput beside a bare Fastify route, in the same run, as a ratio
//    (the load generator shares the machine's cores, so only the ratio is meaningful).
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { mkdtempSync } from 'node:fs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const JS_BUDGET = 100 * 1024;

type Chunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

function collect(key: string, seen: Set<string>) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) collect(dep, seen);
}
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const landingKey = Object.keys(manifest).find((k) => k.includes('features/landing/routes/landing-route'));
if (!landingKey) throw new Error('landing route chunk not found in the manifest');
const keys = new Set<string>();
collect(entryKey, keys);
collect(landingKey, keys);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const jsFiles = [...keys].map((k) => manifest[k]!.file);
const cssFiles = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
const js = jsFiles.reduce((n, f) => n + gz(f), 0);
const css = cssFiles.reduce((n, f) => n + gz(f), 0);

console.log('\nLanding route, loaded before first paint (gzip):');
for (const f of jsFiles) console.log(`  ${f.padEnd(44)} ${(gz(f) / 1024).toFixed(1).padStart(7)} kB`);
for (const f of cssFiles) console.log(`  ${f.padEnd(44)} ${(gz(f) / 1024).toFixed(1).padStart(7)} kB`);
console.log(
  `  initial JS  ${js} bytes (${(js / 1024).toFixed(1)} kB; budget ${JS_BUDGET / 1024} kB) ${js <= JS_BUDGET ? 'OK' : 'OVER BUDGET'}`,
);
console.log(`  initial CSS ${css} bytes (${(css / 1024).toFixed(1)} kB)`);

// --- throughput -----------------------------------------------------------------------
const database = await openDatabase({ kind: 'pglite-memory' });
await database.migrate();
await seedDemoData(database.db, systemClock);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'giothong-bench-')),
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/campaigns`;

const campaignsBody = await (await fetch(appUrl)).text();
const bare = Fastify({ logger: false });
bare.get('/bare', async (_req, reply) => reply.type('application/json').send(campaignsBody));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

const run = (url: string) =>
  new Promise<number>((resolve, reject) => {
    autocannon({ url, connections: 10, duration: 5 }, (err, result) =>
      err ? reject(err) : resolve(result.requests.average),
    );
  });
await run(appUrl); // warm-up
const bareRps = await run(bareUrl);
const appRps = await run(appUrl);
console.log('\nGET /api/campaigns throughput (10 connections, 5 s each, same process):');
console.log(`  bare Fastify route (same JSON, no database): ${bareRps.toFixed(0)} req/s`);
console.log(`  GET /api/campaigns (PGlite, full app):       ${appRps.toFixed(0)} req/s`);
console.log(`  ratio app/bare: ${(appRps / bareRps).toFixed(2)}`);

await app.close();
await bare.close();
await database.close();
process.exit(js <= JS_BUDGET ? 0 : 1);
