// `npm run bench`: performance budgets, measured (not part of the tests).
// 1. Bytes the landing route loads before first paint: the entry chunk (src/boot.ts), its static
//    imports, the landing page chunk and its static imports, plus their CSS; and the application
//    the entry starts after the first paint (src/main.tsx and its imports) — gzip-compressed.
// 2. GET /api/campaigns throughput and CPU per answer beside a bare Fastify route serving the same
//    bytes, each server in a process of its own, the portal as `npm start` runs it in production
//    (embedded database, log level info, logs written and read). Alone (with section 1):
//    `BENCH_ONLY=campaigns npx tsx scripts/bench.ts`.
// 4. Lighthouse 12, mobile preset (its default), median of 3 runs on the public pages, against the
//    same production server: performance, LCP, CLS and the other categories.
// 3. Logins (scripts/bench-login.ts): throughput beside the raw argon2id verify rate of this
//    machine, and /healthz p99 while logins run, on the embedded database and on PostgreSQL.
//    Alone: `BENCH_ONLY=login npx tsx scripts/bench.ts`.
// 5. Bookings on PostgreSQL (scripts/bench-bookings.ts): POST /answer with the full questionnaire,
//    64 connections, bookings/s and p99, then duplicates, missing bookings and campaign counts.
// 6. The donor search on PostgreSQL with 100,000 donors (scripts/bench-search.ts): p95 of each form
//    of search as the portal runs it, beside the same statements kept off the indexes.
// 7. ID cards (scripts/bench-idcard.ts): 20 donors uploading both sides at once, sides/s through
//    the portal beside the same reading pool without HTTP, and /healthz p99 meanwhile. Alone:
//    `BENCH_ONLY=idcard npx tsx scripts/bench.ts`.
// 8. A broadcast with e-mail to 10,000 donors on PostgreSQL (scripts/bench-broadcast.ts): how long
//    it takes, and /healthz p99 meanwhile. Alone: `BENCH_ONLY=broadcast npx tsx scripts/bench.ts`.
// 9. The donation day at scale (scripts/bench-day.ts): the staff's day page of a campaign with 1,000
//    bookings in Chromium as a phone (360 px, CPU 4× slower), time to interactive and check-in by
//    code to the row's paint. Needs the web build. Alone: `BENCH_ONLY=day npx tsx scripts/bench.ts`.
// 10. The pages behind a login, on a phone (scripts/bench-lighthouse-login.ts): Lighthouse, mobile
//    preset, median of 3, with a donor's or a staff member's session in storage. Alone, after
//    `npm run build`: `BENCH_ONLY=lighthouse-login npx tsx scripts/bench.ts`.
// 11. The process (scripts/bench-process.ts): warm start to /readyz, idle RSS and the first start's
//     peak RSS on both databases, beside a bare Fastify process. Alone: `BENCH_ONLY=process npx tsx
//     scripts/bench.ts`.
// The load generator shares the machine's cores with the servers (and other work), so only the
// ratios measured within one run are meaningful, never the absolute numbers.
import * as chromeLauncher from 'chrome-launcher';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { API } from '@giot-hong/contract';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { applicationKeyOf, chunkKeyOf } from '../apps/server/src/plugins/preload-hints.ts';
import { benchSearch, printSearchBench } from './bench-search.ts';
import { vapidSecrets } from '../apps/server/test/server-process.ts';
import { benchBookings, printBookingBench } from './bench-bookings.ts';
import { benchIdCards, printIdCardBench } from './bench-idcard.ts';
import { benchBroadcast, printBroadcastBench } from './bench-broadcast.ts';
import { benchLogins, printLoginBench } from './bench-login.ts';
import { cpuMs, runLoad as run } from './bench-portal.ts';
import { benchDay, printDayBench } from './bench-day.ts';
import { benchLighthouseLogin, printLighthouseLoginBench } from './bench-lighthouse-login.ts';
import { lighthouseRun } from './bench-lighthouse-run.ts';
import { benchProcess, printProcessBench } from './bench-process.ts';

// `BENCH_ONLY=idcard`: only the ID-card section (7), without the build it does not need.
if (process.env.BENCH_ONLY === 'idcard') {
  const ok = printIdCardBench(await benchIdCards());
  process.exit(ok ? 0 : 1);
}
// `BENCH_ONLY=login`: only the login section (3), without the build it does not need.
if (process.env.BENCH_ONLY === 'login') {
  const ok = printLoginBench(await benchLogins());
  process.exit(ok ? 0 : 1);
}
// `BENCH_ONLY=broadcast`: only the broadcast section (8).
if (process.env.BENCH_ONLY === 'broadcast') {
  const ok = printBroadcastBench(await benchBroadcast());
  process.exit(ok ? 0 : 1);
}
// `BENCH_ONLY=day`: only the donation day's section (9); the portal serves apps/web/dist, so
// `npm run build` first.
if (process.env.BENCH_ONLY === 'day') {
  const ok = printDayBench(await benchDay());
  process.exit(ok ? 0 : 1);
}
// `BENCH_ONLY=lighthouse-login`: only the pages behind a login (10), on the build already made.
if (process.env.BENCH_ONLY === 'lighthouse-login') {
  const ok = printLighthouseLoginBench(await benchLighthouseLogin());
  process.exit(ok ? 0 : 1);
}
// `BENCH_ONLY=process`: only the process section (11); the server bundle is built when stale.
if (process.env.BENCH_ONLY === 'process') {
  const ok = printProcessBench(await benchProcess());
  process.exit(ok ? 0 : 1);
}

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
const landingKey = chunkKeyOf(manifest, 'src/features/landing/routes/landing-route.tsx');
if (!landingKey) throw new Error('landing route chunk not found in the manifest');
// Before the first paint the browser loads the entry (src/boot.ts) with its imports, the stylesheet
// and the landing route's chunks the HTML names; the application (src/main.tsx and its imports)
// is fetched and run once the page is painted.
const entry = new Set<string>();
collect(entryKey, entry);
const application = new Set<string>();
collect(applicationKeyOf(manifest) ?? 'src/main.tsx', application);
for (const k of entry) application.delete(k);
const landing = new Set<string>();
collect(landingKey, landing);
// What the server's preload hints name (preload-hints.ts): the route's chunks the application has not.
const beforePaint = new Set([...entry, ...[...landing].filter((k) => !application.has(k))]);

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const sum = (keys: Set<string>) => [...keys].reduce((n, k) => n + gz(manifest[k]!.file), 0);
const cssFiles = [...new Set([...beforePaint].flatMap((k) => manifest[k]!.css ?? []))];
const js = sum(beforePaint);
const appJs = sum(application);
const css = cssFiles.reduce((n, f) => n + gz(f), 0);

console.log('\nLanding route (gzip):');
console.log('  before first paint:');
for (const k of beforePaint)
  console.log(
    `    ${manifest[k]!.file.padEnd(44)} ${(gz(manifest[k]!.file) / 1024).toFixed(1).padStart(7)} kB`,
  );
for (const f of cssFiles) console.log(`    ${f.padEnd(44)} ${(gz(f) / 1024).toFixed(1).padStart(7)} kB`);
console.log('  after first paint (the application, started by the entry):');
for (const k of application)
  console.log(
    `    ${manifest[k]!.file.padEnd(44)} ${(gz(manifest[k]!.file) / 1024).toFixed(1).padStart(7)} kB`,
  );
console.log(
  `  JS before first paint ${js} bytes (${(js / 1024).toFixed(1)} kB; budget ${JS_BUDGET / 1024} kB) ${js <= JS_BUDGET ? 'OK' : 'OVER BUDGET'}`,
);
console.log(`  JS in all, with the application ${js + appJs} bytes (${((js + appJs) / 1024).toFixed(1)} kB)`);
console.log(`  CSS before first paint ${css} bytes (${(css / 1024).toFixed(1)} kB)`);

// --- servers ---------------------------------------------------------------------------
const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-'));

/** The portal's database, prepared before the server opens it: the demo data. */
async function prepareEmbeddedDatabase(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemoData(database.db, systemClock);
  await database.close();
}

const children: ChildProcess[] = [];

/**
 * Starts a process whose output goes to `logFile` (the portal writes its request logs there, as
 * it would to a log file in production) and resolves with the first line matching `ready` and the
 * process's id.
 */
async function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, logFile: string) {
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', out, 'inherit'] });
  closeSync(out);
  children.push(child);
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? 1));
  for (;;) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => ready.test(l));
    if (line) return { line, pid: child.pid };
    if (exited !== null) throw new Error(`${args.join(' ')} exited with ${exited}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
process.on('exit', () => children.forEach((c) => c.kill()));

const port = 30_000 + Math.floor(Math.random() * 20_000);
const dataDir = path.join(work, 'data');
await prepareEmbeddedDatabase(dataDir);
const secret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(36))).toString('base64url');
const { pid: portalPid } = await startProcess(
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    ACCESS_TOKEN_SECRET: secret(),
    REFRESH_TOKEN_SECRET: secret(),
    DATA_ENCRYPTION_KEY: secret(),
    CERTIFICATE_SIGNING_KEY: secret(),
    ...vapidSecrets(),
    // Enough login failures allowed that the benchmark's many logins from one address pass.
    RATE_LIMIT_SCALE: '1000',
    // Production refuses to start without a mail server unless told to keep mails in the outbox.
    MAIL_MODE: 'outbox',
  },
  /đang chạy tại/,
  path.join(work, 'portal.log'),
);
const base = `http://127.0.0.1:${port}`;
const appUrl = `${base}${API.campaigns}`;
const campaignsBody = await (await fetch(appUrl)).text();
writeFileSync(path.join(work, 'campaigns.json'), campaignsBody);
const { line: bareLine, pid: barePid } = await startProcess(
  [path.join(root, 'scripts/bench-bare.mjs'), path.join(work, 'campaigns.json')],
  { PATH: process.env.PATH },
  /"port"/,
  path.join(work, 'bare.log'),
);
const bareUrl = `http://127.0.0.1:${(JSON.parse(bareLine) as { port: number }).port}/bare`;

const rps = async (url: string) => (await run({ url, connections: 10, duration: 3 })).requests.average;
/**
 * A round of `rps` that also reads the serving process's CPU (from /proc): microseconds of CPU
 * per answer, a figure that depends less on what else the machine runs than the rate does.
 */
async function measured(url: string, pid: number | undefined) {
  const cpu = () => cpuMs((_stat, p) => p === String(pid));
  const before = cpu();
  const result = await run({ url, connections: 10, duration: 3 });
  const after = cpu();
  const cpuUs =
    before === undefined || after === undefined || result.requests.total === 0
      ? undefined
      : ((after - before) * 1000) / result.requests.total;
  return { rps: result.requests.average, cpuUs };
}

// --- GET /api/campaigns ------------------------------------------------------------------
// Other work on the machine comes and goes: the two sides alternate, and the median of the
// per-pair ratios is reported.
const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await rps(appUrl); // warm-up
await rps(bareUrl);
const campaignPairs: { bare: number; app: number; bareCpuUs?: number; appCpuUs?: number }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const bare = await measured(bareUrl, barePid);
  const app = await measured(appUrl, portalPid);
  campaignPairs.push({ bare: bare.rps, app: app.rps, bareCpuUs: bare.cpuUs, appCpuUs: app.cpuUs });
}
const campaignsRatio = median(campaignPairs.map((p) => p.app / p.bare));
const CAMPAIGNS_TARGET = 0.5;
const verdict = (ok: boolean) => (ok ? 'OK' : 'BELOW TARGET');
function printCampaigns() {
  console.log('\nGET /api/campaigns, server in its own process (NODE_ENV=production, log level info):');
  console.log(`  10 connections, uncompressed; ${ROUNDS} rounds of 3 s per side, alternating`);
  const us = (x: number | undefined) => (x === undefined ? '   ?' : x.toFixed(1).padStart(5));
  for (const p of campaignPairs)
    console.log(
      `  bare Fastify route ${p.bare.toFixed(0).padStart(6)} req/s (${us(p.bareCpuUs)} µs CPU each)   /api/campaigns ${p.app.toFixed(0).padStart(6)} req/s (${us(p.appCpuUs)} µs CPU each)   ratio ${(p.app / p.bare).toFixed(2)}`,
    );
  console.log(
    `  median ratio app/bare: ${campaignsRatio.toFixed(2)} (target ≥ ${CAMPAIGNS_TARGET}) ${verdict(campaignsRatio >= CAMPAIGNS_TARGET)}`,
  );
}
// `BENCH_ONLY=campaigns`: sections 1 and 2 only (section 1, the landing page's bytes, is printed above).
if (process.env.BENCH_ONLY === 'campaigns') {
  printCampaigns();
  process.exit(campaignsRatio >= CAMPAIGNS_TARGET ? 0 : 1);
}

// --- Lighthouse ------------------------------------------------------------------------------
const LH_PAGES = ['/', '/tin-tuc', '/cau-hoi-thuong-gap'];
const LH_RUNS = 3;
type LhScores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  fcp: number;
};
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const lhResults = new Map<string, LhScores[]>();
for (const page of LH_PAGES) {
  const runs: LhScores[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    const { lhr } = await lighthouseRun(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    runs.push({
      performance: lhr.categories.performance!.score ?? 0,
      accessibility: lhr.categories.accessibility!.score ?? 0,
      bestPractices: lhr.categories['best-practices']!.score ?? 0,
      seo: lhr.categories.seo!.score ?? 0,
      lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? Infinity,
      cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? Infinity,
      fcp: lhr.audits['first-contentful-paint']!.numericValue ?? Infinity,
    });
  }
  lhResults.set(page, runs);
}
await chrome.kill();
const lhMedian = (page: string, key: keyof LhScores) => median(lhResults.get(page)!.map((r) => r[key]));

// --- report --------------------------------------------------------------------------------
console.log(`\nMachine: ${cpus().length} cores (shared); compare the ratios, not the absolute numbers.`);
printCampaigns();
const PERF_TARGET = 0.95;
const LCP_TARGET_MS = 2000;
const CLS_TARGET = 0.02;
console.log(`\nLighthouse 12, mobile preset, median of ${LH_RUNS} runs (simulated slow 4G and CPU):`);
console.log('  page                  perf   LCP      FCP      CLS     a11y  best  SEO');
let lighthouseOk = true;
for (const page of LH_PAGES) {
  const perf = lhMedian(page, 'performance');
  const lcp = lhMedian(page, 'lcp');
  const cls = lhMedian(page, 'cls');
  const others = [lhMedian(page, 'accessibility'), lhMedian(page, 'bestPractices'), lhMedian(page, 'seo')];
  const ok = perf >= PERF_TARGET && lcp <= LCP_TARGET_MS && cls <= CLS_TARGET && others.every((x) => x === 1);
  lighthouseOk &&= ok;
  console.log(
    `  ${page.padEnd(20)}  ${perf.toFixed(2)}  ${(lcp / 1000).toFixed(2)} s  ${(lhMedian(page, 'fcp') / 1000).toFixed(2)} s  ${cls.toFixed(3)}   ${others.map((x) => x.toFixed(2)).join('  ')}  ${verdict(ok)}`,
  );
}
console.log(
  `  targets: performance ≥ ${PERF_TARGET}, LCP ≤ ${LCP_TARGET_MS / 1000} s, CLS ≤ ${CLS_TARGET}, the others 1.00`,
);

// The portal above is stopped first: the login and booking benchmarks have the machine to themselves.
for (const c of children) c.kill();
const loginsOk = printLoginBench(await benchLogins());
const bookingsOk = printBookingBench(await benchBookings());
const searchOk = printSearchBench(await benchSearch());
const idCardsOk = printIdCardBench(await benchIdCards());
const broadcastOk = printBroadcastBench(await benchBroadcast());
const dayOk = printDayBench(await benchDay());
const lighthouseLoginOk = printLighthouseLoginBench(await benchLighthouseLogin());
const processOk = printProcessBench(await benchProcess());

const requestLogLines = readFileSync(path.join(work, 'portal.log'), 'utf8')
  .split('\n')
  .filter((l) => l.includes('"msg":"request"')).length;
console.log(`\nRequest log lines the portal wrote meanwhile: ${requestLogLines}`);

for (const c of children) c.kill();
rmSync(work, { recursive: true, force: true });
const allOk =
  js <= JS_BUDGET &&
  campaignsRatio >= CAMPAIGNS_TARGET &&
  loginsOk &&
  lighthouseOk &&
  bookingsOk &&
  searchOk &&
  idCardsOk &&
  broadcastOk &&
  dayOk &&
  lighthouseLoginOk &&
  processOk;
process.exit(allOk ? 0 : 1);
