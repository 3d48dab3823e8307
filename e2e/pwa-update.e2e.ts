import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../apps/server/test/server-process.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  PHONE,
  poll,
} from './support/browser.ts';
import { waitForServiceWorker } from './support/service-worker.ts';

const root = path.resolve(import.meta.dirname, '..');
const INDEX_REVISION = /"revision":"([^"]+)","url":"index.html"/;
const NEW_REVISION = 'e2e-phien-ban-moi';

/** The caches of the public pages, one per version of the portal (named after its index.html). */
const pageCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('giothong-pages-')));

/**
 * A new version deployed while a page is open. The portal runs here from a copy of the build
 * (WEB_DIST), so the test can deploy 'a new version' by changing the copy's sw.js: the index.html
 * revision its file list carries, as a rebuild with a changed page would.
 */
describe('a new version of the portal', () => {
  let browser: Browser;
  let context: BrowserContext;
  let portal: ServerProcess;
  let dist: string;
  let dataDir: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'giothong-update-'));
    cpSync(path.join(root, 'apps/web/dist'), dist, { recursive: true });
    portal = await startServerProcess({
      dataDir,
      port: await freePort(),
      env: { WEB_DIST: dist, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' },
      startTimeoutMs: 170_000,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    portal?.child.kill('SIGTERM');
    await portal?.exited;
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("is offered with 'Có phiên bản mới'; the open page keeps its version until 'Tải lại' brings the new one", async () => {
    context = await browser.newContext({
      baseURL: portal.base,
      viewport: PHONE,
      locale: 'vi-VN',
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    // Controlled from the start of a load: the home page goes into this version's page cache.
    await page.reload();
    const oldRevision = INDEX_REVISION.exec(readFileSync(path.join(dist, 'sw.js'), 'utf8'))![1]!;
    await poll(() => pageCaches(page)).toEqual([`giothong-pages-${oldRevision}`]);

    // Deploy: the server answers the next check of /sw.js with the new version's worker.
    const sw = path.join(dist, 'sw.js');
    writeFileSync(
      sw,
      readFileSync(sw, 'utf8').replace(INDEX_REVISION, `"revision":"${NEW_REVISION}","url":"index.html"`),
    );
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'Có phiên bản mới' });
    await prompt.waitFor();
    // Until the donor chooses, the old version runs the page: its worker, its cache.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    expect(await pageCaches(page)).toEqual([`giothong-pages-${oldRevision}`]);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // 'Tải lại': the new worker takes over, then the page loads again, all of it new.
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    await prompt.getByRole('button', { name: 'Tải lại' }).click();
    await poll(() => page.evaluate(() => 'beforeUpdate' in window).catch(() => true)).toBe(false);
    await poll(() => pageCaches(page)).toEqual([`giothong-pages-${NEW_REVISION}`]);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBe(null);
    expect(await page.getByText('Có phiên bản mới').count()).toBe(0);
  });
});
