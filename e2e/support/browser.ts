import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { StoredMail } from './mail-sink.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Debian's Chromium quiet on a machine with no network but loopback. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const baseURL = () => inject('baseURL');

/** Chromium, headless; `extraArgs` for tests that need more (a fake camera …). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs], headless: true });
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A page in a new context. `reducedMotion: 'reduce'` is a person who asked for less motion: the
 * page then scrolls instantly instead of smoothly (html { scroll-behavior: smooth }), so a click
 * on a button below the fold does not wait for a scroll animation to settle (≈ 1.5 s each).
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    ...options,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * axe finds no violations on the page as it is now. Finite animations and transitions (a toast
 * fading in, a dialog opening) are let to finish first: halfway through, their colours are not
 * the page's, and axe would measure the contrast of a frame nobody reads.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The page does not scroll sideways: nothing is wider than the viewport (checked at 360 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, `page ${page.url()} is ${scrollWidth} px wide`).toBeLessThanOrEqual(clientWidth!);
}

/** Waits for a mail to `to` whose subject contains `subjectPart`, received after `since`. */
export async function waitForMail(
  to: string,
  subjectPart: string,
  since = 0,
  timeoutMs = 15_000,
): Promise<StoredMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const mails = readdirSync(dir)
        .sort()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail)
        .filter(
          (m) =>
            m.to.includes(to.toLowerCase()) &&
            m.subject.includes(subjectPart) &&
            Date.parse(m.receivedAt) >= since,
        );
      if (mails.length) return mails[mails.length - 1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with subject containing "${subjectPart}"`);
}

/** A unique suffix for test users. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
