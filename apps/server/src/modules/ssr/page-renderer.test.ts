import { PAGES } from '@giot-hong/contract';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { realServerEntry } from '../../../test/real-renderer.ts';
import { RENDERER_WARM_UP_DELAY_MS } from './renderer-warm-up.ts';

// Only when the page renderer loads, not how pages render (server-rendering.test.ts renders the
// real bundle): no SQL is involved, so the embedded database only.

type Seen = { loads: number; frames: string[] };

/**
 * A web build whose server renderer is a small module that counts its loads and the frames it
 * renders, in a directory of its own (a module is loaded once per address and process).
 */
function webDistWithCountingRenderer(): { webDist: string; seen: () => Seen } {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-renderer-'));
  const key = path.basename(dir);
  mkdirSync(path.join(dir, 'dist'));
  mkdirSync(path.join(dir, 'dist-ssr'));
  writeFileSync(
    path.join(dir, 'dist/index.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--><title>Giọt Hồng</title><!--/app-head--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'dist-ssr/entry-server.js'),
    `const seen = (globalThis[${JSON.stringify(key)}] ??= { loads: 0, frames: [] });
seen.loads++;
export const SSR_DATA_ID = 'ssr-data';
export const FRAME_DATA_ID = 'frame-data';
export const FIRST_REQUESTS_ID = 'first-requests';
export const SESSION_DATA_ID = 'session-data';
export const isFramePage = (pathname) => pathname === ${JSON.stringify(PAGES.notifications)};
export const firstRequestsOf = () => [];
export const sessionQueriesOf = () => undefined;
export const sessionMarkOf = (token) => token.slice(-16);
export async function renderFrame(url) { seen.frames.push(url); return '<main>frame</main>'; }
export async function render() { return '<main>page</main>'; }
`,
  );
  const g = globalThis as unknown as Record<string, Seen | undefined>;
  return { webDist: path.join(dir, 'dist'), seen: () => g[key] ?? { loads: 0, frames: [] } };
}

describe.each(EMBEDDED_ONLY)('the page renderer, on %s', (kind) => {
  let t: TestContext | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a listening server loads it shortly after listening, before any page is asked, and only once', async () => {
    const { webDist, seen } = webDistWithCountingRenderer();
    t = await createTestContext(kind, { config: { webDist } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The readiness probe comes first: nothing is loaded when the server starts listening.
    expect(seen().loads).toBe(0);
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    await expect
      .poll(() => seen(), { timeout: RENDERER_WARM_UP_DELAY_MS + 10_000, interval: 50 })
      .toEqual({ loads: 1, frames: [PAGES.notifications] });
    // The first visitor's page uses what is loaded.
    const res = await fetch(`${address}${PAGES.notifications}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<main>frame</main>');
    expect(seen()).toEqual({ loads: 1, frames: [PAGES.notifications, PAGES.notifications] });
  });

  it('a server that is not listening loads it with the first page asked', async () => {
    const { webDist, seen } = webDistWithCountingRenderer();
    t = await createTestContext(kind, { config: { webDist } });
    expect(seen().loads).toBe(0);
    const res = await t.request({ method: 'GET', url: PAGES.notifications });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('<main>frame</main>');
    expect(seen()).toEqual({ loads: 1, frames: [PAGES.notifications] });
  });
});

describe('the real page renderer', () => {
  // React's production build (as production runs) and its development build (as `npm start` runs).
  it.each(['production', 'development'])(
    "renders without turning Node's promise hooks on for the process, and says nothing, with React's %s build (ADR 69)",
    { timeout: 120_000 },
    async (nodeEnv) => {
      // Without async hooks, a promise's reaction runs with no async id of its own (0); React's build
      // for Node keeps each render in an AsyncLocalStorage, which turns them on for every promise of
      // the process from its first render on. A process of its own: nothing else has run in it.
      const entry = await realServerEntry();
      onTestFinished(() => entry.dispose());
      const script = `
      import { executionAsyncId } from 'node:async_hooks';
      const probe = () => new Promise((r) => setImmediate(() => Promise.resolve().then(() => r(executionAsyncId()))));
      const before = await probe();
      const renderer = await import(${JSON.stringify(pathToFileURL(entry.file).href)});
      const html = await renderer.renderFrame(${JSON.stringify(PAGES.notifications)}, []);
      console.log(JSON.stringify({ before, after: await probe(), rendered: html.length > 0 }));`;
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', script],
        { env: { NODE_ENV: nodeEnv } },
      );
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ before: 0, after: 0, rendered: true });
      // The development build's false alarm about detached buffers on Node 20 is not printed.
      expect(stderr).toBe('');
    },
  );
});
