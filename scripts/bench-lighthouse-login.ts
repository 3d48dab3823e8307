// The pages behind a login, on a phone, part of `npm run bench`; alone, after `npm run build`:
// `BENCH_ONLY=lighthouse-login npx tsx scripts/bench.ts` (BENCH_LH_PAGES below picks pages).
// Lighthouse 12, mobile preset (its default: simulated slow 4G and a 4× slower CPU), median of 3
// runs on each page a logged-in donor or staff member lands on, against the portal as production
// runs it (`main.ts`, NODE_ENV=production) on an embedded database with the demo data: the demo
// donor (verified, with a booking) and the demo staff account (logged in with its development
// authenticator code).
//
// The web app keeps its session in local storage (auth-store.ts), as the login page leaves it.
// Lighthouse clears an origin's storage before each run unless told not to: here it is told
// (`disableStorageReset`), and before each run the benchmark itself clears what a first visit
// would not have — the HTTP cache, the service worker and its caches, IndexedDB, cookies — and
// writes the session's two tokens into local storage and the access token into the pages' session
// cookie, as the login leaves them (ADR 71, 72), through the same Chrome (puppeteer-core over CDP).
// Each run is thus a cold load of the page by a browser that holds a session. Tokens the app
// rotates during a run are read back and used for the next.
import * as chromeLauncher from 'chrome-launcher';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import {
  API,
  CONSOLE_PAGES,
  PAGE_SESSION_COOKIE,
  PAGE_SESSION_PATHS,
  PAGES,
  PROFILE_TABS,
} from '@giot-hong/contract';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { codeOfStep, fromBase32, timeStep } from '../apps/server/src/modules/second-factor/totp.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORDS,
  DEMO_TOTP_SECRET,
  seedDemoData,
  seedDemoSecondFactors,
} from '../apps/server/src/seed/seed.ts';
import { processSecrets } from '../apps/server/test/server-process.ts';
import { lighthouseRun } from './bench-lighthouse-run.ts';
import { startBenchPortal, stopBenchPortal } from './bench-portal.ts';

export const LOGIN_PERF_TARGET = 0.9;
export const LOGIN_LCP_TARGET_MS = 2500;
export const LOGIN_CLS_TARGET = 0.02;
/** Runs per page (`BENCH_LH_RUNS`, default 3: the median is printed). */
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

type Session = { accessToken: string; refreshToken: string };
type Scores = {
  performance: number;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
  /** The largest paint's element and the element that shifted most (Lighthouse's selectors). */
  lcpElement?: string;
  shifted?: string;
};
export type LoginPageResult = { who: 'donor' | 'staff'; page: string; runs: Scores[] };
export type LighthouseLoginBench = { pages: LoginPageResult[] };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The parts of a login's answer the benchmark reads. */
type LoginAnswer = {
  message?: string;
  accessToken: string;
  refreshToken: string;
  data?: { secondFactor?: { challenge: string } };
};

async function post(base: string, url: string, body: unknown): Promise<LoginAnswer> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as LoginAnswer;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json?.message}`);
  return json;
}

/** Logs in through the API as the login page does; staff answer with the authenticator's code. */
async function login(base: string, username: string, password: string): Promise<Session> {
  const first = await post(base, API.authLogin, { username, password });
  const challenge = first.data?.secondFactor;
  if (!challenge) return { accessToken: first.accessToken, refreshToken: first.refreshToken };
  const code = codeOfStep(fromBase32(DEMO_TOTP_SECRET), timeStep(Date.now()));
  const done = await post(base, API.authSecondFactor, { challenge: challenge.challenge, code });
  return { accessToken: done.accessToken, refreshToken: done.refreshToken };
}

/** A list the API answers (the campaigns). */
async function getList(base: string, url: string, token: string): Promise<{ id: number }[]> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return ((await res.json()) as { data: { id: number }[] }).data;
}

/** The selector of the first element a Lighthouse audit's table names (nested in LCP's). */
function firstNode(details: unknown): string | undefined {
  const found = JSON.stringify(details ?? null).match(/"selector":"((?:[^"\\]|\\.)*)"/);
  return found?.[1];
}

/**
 * What the simulated first paint waits for: the requests Lighthouse counts as render-blocking that
 * started before the observed first paint (scripts and module preloads at high priority, the
 * stylesheets), and the observed first paint itself.
 */
function blockingBeforePaint(lhr: { audits: Record<string, { details?: unknown }> }): string {
  type Item = {
    url: string;
    rendererStartTime?: number;
    networkRequestTime?: number;
    priority?: string;
    resourceType?: string;
    transferSize?: number;
  };
  const requests = (lhr.audits['network-requests']?.details as { items?: Item[] })?.items ?? [];
  const metrics = (lhr.audits['metrics']?.details as { items?: Record<string, number>[] })?.items?.[0];
  const paint = metrics?.observedFirstContentfulPaint ?? Infinity;
  const before = requests.filter(
    (r) =>
      (r.networkRequestTime ?? Infinity) < paint &&
      ((r.priority === 'High' && r.resourceType === 'Script') || r.priority === 'VeryHigh'),
  );
  const bytes = before.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return `observed FCP ${Math.round(paint)} ms, ${before.length} blocking-priority requests before it (${Math.round(bytes / 1024)} kB)`;
}

/**
 * Clears the origin's HTTP cache, service worker, caches and IndexedDB, and puts `session` in its
 * local storage, in the browser Lighthouse then runs in. A static file of the origin is opened for
 * it, so no page of the app runs meanwhile.
 */
async function prepareBrowser(browser: Browser, base: string, session: Session) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: base,
    storageTypes: 'service_workers,cache_storage,indexeddb,local_storage,cookies',
  });
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((s) => {
    localStorage.setItem('access_token', s.accessToken);
    localStorage.setItem('refresh_token', s.refreshToken);
  }, session);
  // The pages' session cookie, as the login leaves it beside the tokens (lib/page-session.ts, ADR 71, 72).
  const exp = (
    JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { exp: number }
  ).exp;
  for (const path of PAGE_SESSION_PATHS) {
    await cdp.send('Network.setCookie', {
      name: PAGE_SESSION_COOKIE,
      value: session.accessToken,
      url: `${base}${path}`,
      path,
      sameSite: 'Strict',
      expires: exp,
    });
  }
  await cdp.detach();
  await page.close();
}

/**
 * `BENCH_LH_PROFILE=1`: the page opened once more (cold cache, 4× slower CPU, no Lighthouse), with
 * V8's sampling profiler, until its network is idle; prints the functions that took the most CPU
 * (self time), to say what the blocking time is made of. With `BENCH_LH_CALLS=1` too, the calls of
 * the build's functions by package (V8's precise coverage): a count that two builds can be compared
 * on when the machine's load makes the sampled times vary. Counting slows every call a little, so it
 * is asked for apart. With `BENCH_LH_PROFILE_DIR=<dir>`, the profile is also written there
 * (`<page>.cpuprofile`).
 */
async function profilePage(
  browser: Browser,
  base: string,
  session: Session,
  url: string,
  webDist: string,
): Promise<string> {
  await prepareBrowser(browser, base, session);
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // Beside the samples, how many times each function was called: a count does not vary with the
  // machine's load, as times sampled on a 4× slower CPU do.
  const counting = Boolean(process.env.BENCH_LH_CALLS);
  if (counting) await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  await page.goto(url, { waitUntil: 'networkidle0' });
  const { result: coverage } = counting
    ? ((await cdp.send('Profiler.takePreciseCoverage')) as unknown as { result: Coverage })
    : { result: [] as Coverage };
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: {
      nodes: { id: number; parent?: number; children?: number[]; callFrame: CallFrame }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  await cdp.detach();
  await page.close();
  // `BENCH_LH_PROFILE_DIR=<dir>`: the profile itself too, for a closer look (callers, a time line).
  if (process.env.BENCH_LH_PROFILE_DIR) {
    mkdirSync(process.env.BENCH_LH_PROFILE_DIR, { recursive: true });
    writeFileSync(
      path.join(
        process.env.BENCH_LH_PROFILE_DIR,
        `${(new URL(url).pathname + new URL(url).hash).replace(/\W+/g, '_')}.cpuprofile`,
      ),
      JSON.stringify(profile),
    );
  }
  const origin = sourceMapper(webDist);
  const calls = callsByPackage(coverage, webDist, origin);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  const bySource = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const f = byId.get(id)!;
    if (!f.url && /^\((idle|program)\)$/.test(f.functionName)) return;
    const at = origin(f);
    const key = `${at.name} ${at.source}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    bySource.set(at.package, (bySource.get(at.package) ?? 0) + ms);
    // Time under each of the application's own files (src/…), each counted once a sample.
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const s = origin(byId.get(n)!).source;
      if (s.startsWith('src/') && !seen.has(s)) {
        seen.add(s);
        inclusive.set(s, (inclusive.get(s) ?? 0) + ms);
      }
    }
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `      ${Math.round(ms)} ms ${k}`)
      .join('\n');
  return [
    top(self, 20),
    '    by package or file (self time):',
    top(bySource, 15),
    ...(inclusive.size ? ["    under the application's own files (inclusive):", top(inclusive, 15)] : []),
    ...(calls.size
      ? [
          '    function calls by package or file (the functions of the build, counted by V8):',
          ...[...calls]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12)
            .map(([k, n]) => `      ${n} ${k}`),
        ]
      : []),
  ].join('\n');
}

/** V8's precise coverage of a page's scripts (`Profiler.takePreciseCoverage`). */
type Coverage = {
  url: string;
  functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[];
}[];

/**
 * Calls of the build's functions during the load, by package or file (through the build's source
 * maps when it has them): each function's first range counts its calls.
 */
function callsByPackage(
  coverage: Coverage,
  webDist: string,
  origin: ReturnType<typeof sourceMapper>,
): Map<string, number> {
  const calls = new Map<string, number>();
  for (const script of coverage) {
    if (!script.url.includes('/assets/')) continue;
    const file = path.join(webDist, 'assets', script.url.replace(/^.*\//, ''));
    if (!existsSync(file)) continue;
    // Line starts, to turn a function's offset into the line and column a source map speaks of.
    const text = readFileSync(file, 'utf8');
    const lineStarts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    for (const f of script.functions) {
      const range = f.ranges[0];
      if (!range || range.count === 0) continue;
      let line = lineStarts.length - 1;
      while (lineStarts[line]! > range.startOffset) line--;
      const at = origin({
        functionName: f.functionName,
        url: script.url,
        lineNumber: line,
        columnNumber: range.startOffset - lineStarts[line]!,
      });
      calls.set(at.package, (calls.get(at.package) ?? 0) + range.count);
    }
  }
  return calls;
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

/**
 * Where a profiled function comes from: through the build's source maps when it has them (a build
 * with `vite build --sourcemap`, passed as BENCH_WEB_DIST), else its file and line in the bundle.
 */
function sourceMapper(webDist: string) {
  const maps = new Map<string, SourceMap | undefined>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const at = path.join(webDist, 'assets', file + '.map');
      maps.set(file, existsSync(at) ? new SourceMap(JSON.parse(readFileSync(at, 'utf8'))) : undefined);
    }
    return maps.get(file);
  };
  return (f: CallFrame) => {
    const file = f.url.replace(/^.*\//, '');
    const name = f.functionName || '(anonymous)';
    // Node's SourceMap answers `{}` where nothing maps.
    const entry = (
      f.url.includes('/assets/') ? mapOf(file)?.findEntry(f.lineNumber, f.columnNumber) : undefined
    ) as { originalSource?: string; originalLine: number; name?: string } | undefined;
    if (!entry?.originalSource) {
      const source = f.url ? `${file}:${f.lineNumber}` : '(native)';
      return { name, source, package: f.url ? file : name };
    }
    const original = entry.originalSource.replace(/^(\.\.\/)+/, '');
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(original);
    const source = inPackage
      ? original.slice(original.lastIndexOf('node_modules/') + 13)
      : original.replace(/^.*?(src\/)/, '$1');
    return {
      name: entry.name ?? name,
      source: `${source}:${entry.originalLine + 1}`,
      package: inPackage ? inPackage[1]! : source,
    };
  };
}

/** The session as the app left it in local storage (it may have refreshed its tokens). */
async function readSession(browser: Browser, base: string, fallback: Session): Promise<Session> {
  const page = await browser.newPage();
  await page.goto(`${base}/robots.txt`);
  const stored = await page.evaluate(() => ({
    accessToken: localStorage.getItem('access_token'),
    refreshToken: localStorage.getItem('refresh_token'),
  }));
  await page.close();
  return stored.accessToken && stored.refreshToken
    ? { accessToken: stored.accessToken, refreshToken: stored.refreshToken }
    : fallback;
}

export async function benchLighthouseLogin(): Promise<LighthouseLoginBench> {
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-lhlogin-'));
  const secrets = processSecrets();
  const dataDir = path.join(work, 'data');
  // The demo data and the demo staff's development authenticator, written before the production
  // server opens the database (it seeds neither).
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemoData(database.db, systemClock);
  await seedDemoSecondFactors(database.db, systemClock, secrets.DATA_ENCRYPTION_KEY);
  await database.close();

  // BENCH_WEB_DIST=<dir>: another build of the web app (its dist-ssr beside it), to compare in turn.
  const webDist: Record<string, string> = process.env.BENCH_WEB_DIST
    ? { WEB_DIST: process.env.BENCH_WEB_DIST }
    : {};
  const portal = await startBenchPortal({ env: { ...secrets, DATA_DIR: dataDir, ...webDist } });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const base = portal.base;
    const sessions = {
      donor: await login(base, DEMO_ACCOUNTS.donor.username, DEMO_PASSWORDS.donor),
      staff: await login(base, DEMO_ACCOUNTS.staff.username, DEMO_PASSWORDS.staff),
    };
    // The day page of the soonest campaign (the demo data's first is today's or tomorrow's).
    const campaigns = await getList(base, API.campaigns, sessions.staff.accessToken);
    const day = CONSOLE_PAGES.campaignDay(campaigns[0]!.id);
    const pages: { who: 'donor' | 'staff'; page: string }[] = [
      { who: 'donor', page: PAGES.profile },
      { who: 'donor', page: `${PAGES.profile}#${PROFILE_TABS.history}` },
      { who: 'donor', page: `${PAGES.profile}#${PROFILE_TABS.record}` },
      { who: 'donor', page: PAGES.donationRegistration },
      { who: 'donor', page: PAGES.notifications },
      { who: 'staff', page: CONSOLE_PAGES.home },
      { who: 'staff', page: CONSOLE_PAGES.campaigns },
      { who: 'staff', page: day },
      { who: 'staff', page: CONSOLE_PAGES.donors },
    ];

    // `BENCH_LH_PAGES=/thong-bao,/quan-tri/chien-dich`: only the pages whose address contains one of these.
    const only = process.env.BENCH_LH_PAGES?.split(',').filter(Boolean);
    if (only) pages.splice(0, pages.length, ...pages.filter((p) => only.some((o) => p.page.includes(o))));
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const results: LoginPageResult[] = [];
    for (const { who, page } of pages) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouseRun(
          `${base}${page}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          },
          () => prepareBrowser(browser, base, sessions[who]),
        );
        const lhr = result.lhr;
        // BENCH_LH_REPORT_DIR=<dir>: each run's report (JSON), to read the simulation's details.
        if (process.env.BENCH_LH_REPORT_DIR) {
          mkdirSync(process.env.BENCH_LH_REPORT_DIR, { recursive: true });
          const name = `${page.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`;
          writeFileSync(path.join(process.env.BENCH_LH_REPORT_DIR, name), JSON.stringify(lhr));
        }
        // BENCH_LH_TRACE_DIR=<dir>: each run's trace (Chrome's trace-event JSON, opened by DevTools'
        // Performance panel), to see what the simulation's long tasks are made of.
        if (process.env.BENCH_LH_TRACE_DIR) {
          mkdirSync(process.env.BENCH_LH_TRACE_DIR, { recursive: true });
          const name = `${page.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.trace.json`;
          const trace = (result.artifacts as unknown as { Trace?: unknown }).Trace;
          writeFileSync(path.join(process.env.BENCH_LH_TRACE_DIR, name), JSON.stringify(trace ?? null));
        }
        // A page that ended on the login screen measured the wrong thing.
        if (new URL(lhr.finalDisplayedUrl).pathname === PAGES.login)
          throw new Error(`${page}: the session was not taken (landed on the login page)`);
        runs.push({
          performance: lhr.categories.performance!.score ?? 0,
          lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? Infinity,
          cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? Infinity,
          fcp: lhr.audits['first-contentful-paint']!.numericValue ?? Infinity,
          tbt: lhr.audits['total-blocking-time']!.numericValue ?? Infinity,
          lcpElement: firstNode(lhr.audits['largest-contentful-paint-element']?.details),
          shifted: firstNode(lhr.audits['layout-shifts']?.details),
        });
        process.stderr.write(
          `  ${page} (${who}) run ${i + 1}: ${runs.at(-1)!.performance.toFixed(2)}, LCP ${(runs.at(-1)!.lcp / 1000).toFixed(2)} s, FCP ${(runs.at(-1)!.fcp / 1000).toFixed(2)} s, TBT ${Math.round(runs.at(-1)!.tbt)} ms, CLS ${runs.at(-1)!.cls.toFixed(3)}; ${blockingBeforePaint(lhr)}\n`,
        );
        sessions[who] = await readSession(browser, base, sessions[who]);
      }
      results.push({ who, page, runs });
      if (process.env.BENCH_LH_PROFILE)
        process.stderr.write(
          `  ${page}: CPU by function (self time)\n${await profilePage(browser, base, sessions[who], `${base}${page}`, process.env.BENCH_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist'))}\n`,
        );
    }
    await browser.disconnect();
    return { pages: results };
  } finally {
    await chrome.kill();
    await stopBenchPortal(portal.child);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints the table beside the targets; returns whether every page meets them. */
export function printLighthouseLoginBench(bench: LighthouseLoginBench): boolean {
  console.log(
    `\nPages behind a login: Lighthouse 12, mobile preset, median of ${RUNS} runs (simulated slow 4G and CPU), session in storage:`,
  );
  console.log('  page                                       perf   LCP      FCP      TBT      CLS');
  let ok = true;
  for (const { who, page, runs } of bench.pages) {
    const m = (key: 'performance' | 'lcp' | 'cls' | 'fcp' | 'tbt') => median(runs.map((r) => r[key]));
    const pageOk =
      m('performance') >= LOGIN_PERF_TARGET &&
      m('lcp') <= LOGIN_LCP_TARGET_MS &&
      m('cls') <= LOGIN_CLS_TARGET;
    ok &&= pageOk;
    console.log(
      `  ${`${page} (${who})`.padEnd(42)} ${m('performance').toFixed(2)}  ${(m('lcp') / 1000).toFixed(2)} s  ${(m('fcp') / 1000).toFixed(2)} s  ${m('tbt').toFixed(0).padStart(4)} ms  ${m('cls').toFixed(3)}   ${pageOk ? 'OK' : 'BELOW TARGET'}`,
    );
    // Where the time and the shifts went, from the median run by performance.
    const mid = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
    console.log(`      largest paint: ${mid.lcpElement ?? '–'}; most shifted: ${mid.shifted ?? '–'}`);
  }
  console.log(
    `  targets: performance ≥ ${LOGIN_PERF_TARGET}, LCP ≤ ${LOGIN_LCP_TARGET_MS / 1000} s, CLS ≤ ${LOGIN_CLS_TARGET}`,
  );
  return ok;
}
