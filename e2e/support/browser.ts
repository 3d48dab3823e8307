import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import type { StoredMail } from './mail-sink.ts';
import { server } from './server.ts';
import { TEST_CHROMIUM_ARGS as ARGS, TEST_CHROMIUM_PATH } from './chromium.ts';

export const baseURL = () => server().baseURL;

function chromiumOptions(extraArgs: string[]) {
  if (!existsSync(TEST_CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${TEST_CHROMIUM_PATH} (apt-get install -y chromium-headless-shell)`,
    );
  return { executablePath: TEST_CHROMIUM_PATH, args: [...ARGS, ...extraArgs], headless: true };
}

/**
 * Where a download landed: a copy under the name the page gave it (Chromium keeps its own under a
 * random name, deleted with the context).
 */
export async function downloadedFile(download: Download): Promise<string> {
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), 'giothong-download-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  return file;
}

let workersChromium: Promise<Browser> | undefined;

/**
 * Chromium, headless: the worker's one, started by its first test file and kept for the next
 * (browser files share a worker's modules, `isolate: false`), so that no file waits a second or two
 * for a browser of its own. What a file gets is a handle on it: the contexts it opens through the
 * handle are its own, and `close()` closes them and leaves the browser to the next file. A test
 * that needs other flags (a fake camera …) gets a Chromium of its own with `extraArgs`.
 *
 * One Chromium per worker rather than one for the whole run behind Playwright's browser server:
 * every message between a test and its page went through the server in Vitest's main process, a
 * fifth of that process's CPU in a run (ADR 81).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return chromium.launch(chromiumOptions(extraArgs));
  // Started again if it failed to start or has gone since the last file (a crash would otherwise
  // fail every file after it in this worker).
  const current = await workersChromium?.catch(() => undefined);
  if (!current?.isConnected()) workersChromium = chromium.launch(chromiumOptions([]));
  return handleOn(await workersChromium!);
}

function handleOn(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const own = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const handle: Partial<Browser> = {
    newContext: async (options) => own(await browser.newContext(options)),
    newPage: async (options) => {
      const context = await own(await browser.newContext(options));
      return context.newPage();
    },
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(handle, property)) return handle[property as keyof Browser];
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The chapter's contact details the test server is configured with (global-setup.ts). */
export const CHAPTER = {
  name: 'Hội Chữ thập đỏ thành phố Đà Nẵng',
  address: '15 Lê Duẩn, phường Hải Châu, Đà Nẵng',
  phone: '0236 382 1234',
  phoneHref: 'tel:+842363821234',
  email: 'hienmau@chuthapdo-danang.example',
  openingHours: 'Thứ Hai - Thứ Bảy: 7:30 - 16:30',
  map: { lat: 16.0678, lon: 108.2208 },
} as const;

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
  options: { reducedMotion?: 'reduce' | 'no-preference'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    // The portal's service worker (ADR 34) is tested by offline.e2e.ts and pwa-update.e2e.ts, which
    // allow it. Elsewhere it is blocked: what it fetches for the page, `page.route` cannot see (the
    // tests that fake an answer would get the server's), and every context would download the build.
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * axe finds no violations on the page as it is now. Finite animations and transitions (a toast
 * fading in, a dialog opening) are let to finish first: halfway through, their colours are not
 * the page's, and axe would measure the contrast of a frame nobody reads. One check per screen
 * state, in the file support/axe-states.md names.
 */
export async function expectNoAxeViolations(page: Page) {
  // Settled: nothing moving in two checks a few frames apart, and no toast waiting to come in (a
  // toast mounted in the last frame starts its transition on a later one, and on a loaded machine
  // much later), at most 5 s.
  await page.evaluate(async () => {
    const frames = (n: number) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      });
    const moving = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    const until = performance.now() + 5_000;
    for (let quiet = 0; quiet < 2 && performance.now() < until;) {
      await frames(3);
      const now = moving();
      if (now.length === 0 && !document.querySelector('[data-sonner-toast][data-mounted="false"]')) quiet++;
      else {
        quiet = 0;
        await Promise.race([
          Promise.all(now.map((a) => a.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now()))),
        ]);
      }
    }
  });
  const violations = await axeViolations(page);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`);
  expect(summary).toEqual([]);
}

/** axe-core's own script, sent into a page that does not have it yet. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's rules run in the page, each of its frames holding axe so that axe reads the same-origin
 * ones too: the violations, each with the elements it names.
 *
 * The page is checked as @axe-core/playwright's `analyze()` checks it, with every rule axe enables
 * by default, at a fraction of the CPU: that ran axe in each frame and then opened a blank page (a
 * new renderer) to merge the frames' results, sent axe's 560 kB source again at each check, and
 * sent back every element of every passed rule. Here axe is sent once per document, runs once in
 * the top frame, and returns only the violations: 0.2–1.3 s of CPU a check instead of 1.5–3.6 s on
 * the login and landing pages (ADR 53).
 */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; targets: string[] }[]> {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate('typeof window.axe?.run === "function"');
      if (!present) {
        await frame.evaluate(AXE_SOURCE);
        await frame.evaluate(`axe.configure({ allowedOrigins: ['<same_origin>'] })`);
      }
    } catch {
      /* a frame gone while the page changed, or one axe cannot enter: axe reports it as not tested */
    }
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** The page does not scroll sideways: nothing is wider than the viewport (checked at 360 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth, `page ${page.url()} is ${scrollWidth} px wide`).toBeLessThanOrEqual(clientWidth!);
}

/**
 * How many lines of text an element takes: its content box's height over its line height (both
 * from the layout, so a label that wraps counts 2). The element must set a line height, as the
 * app's text utilities do.
 */
export async function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const cs = getComputedStyle(el);
    const box = el.getBoundingClientRect().height;
    const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth']
      .map((k) => parseFloat(cs[k as 'paddingTop']) || 0)
      .reduce((a, b) => a + b, 0);
    const lineHeight = parseFloat(cs.lineHeight);
    if (!Number.isFinite(lineHeight)) throw new Error(`no line height on ${el.outerHTML.slice(0, 80)}`);
    return Math.round((box - chrome) / lineHeight);
  });
}

/** The element's box lies within `container`'s box (to the pixel), left and right. */
export async function expectWithinHorizontally(locator: Locator, container: Locator) {
  const [box, outer] = [(await locator.boundingBox())!, (await container.boundingBox())!];
  const name = (await locator.textContent())?.trim();
  expect(box.x, `${name} starts left of its container`).toBeGreaterThanOrEqual(Math.floor(outer.x));
  expect(box.x + box.width, `${name} ends right of its container`).toBeLessThanOrEqual(
    Math.ceil(outer.x + outer.width),
  );
}

/** Waits for a mail to `to` whose subject contains `subjectPart`, received after `since`. */
export async function waitForMail(
  to: string,
  subjectPart: string,
  since = 0,
  timeoutMs = 15_000,
): Promise<StoredMail> {
  const dir = server().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
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

/** expect.poll with a timeout that suits a page loading its chunks on a busy machine. */
export const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });

/**
 * Pauses the page's installed clock (`page.clock.install()`) a moment ahead of its time now.
 * `pauseAt` refuses a time already past, which a loaded machine can reach between reading the
 * page's clock and asking: then it is asked again with a longer moment.
 */
export async function pauseClockSoon(page: Page) {
  for (let ahead = 1_000; ; ahead *= 2) {
    const at = await page.evaluate((ms) => Date.now() + ms, ahead);
    try {
      await page.clock.pauseAt(at);
      return;
    } catch (error) {
      if (ahead >= 64_000 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** The text of the visible toasts (title and description). */
export const toasts = (page: Page) => page.locator('[data-sonner-toast]').allInnerTexts();

/**
 * Waits until no toast is shown. A toast lies over the top of the page (the header's buttons at
 * 360 px) and has its own colours: a person waits for it to go before tapping under it, and axe
 * should read the page without it. Keep the pointer off it meanwhile: a hovered toast stays.
 */
export const toastsGone = (page: Page) => poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);

/** A unique suffix for test users. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Waits until React has taken over a server-rendered page: the header's menu button carries
 * React's props (hydration reached it), then two frames for the commit and its effects. A click
 * before that is lost, as it would be for a person on a slow phone.
 */
export async function waitForHydration(page: Page) {
  // Every button of the page is React's (parts of a page hydrate one after another).
  await page.waitForFunction(() => {
    const isReact = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));
    const buttons = [...document.querySelectorAll('#root button')];
    if (buttons.length > 0) return buttons.every(isReact);
    const el = document.querySelector('#root *');
    return !!el && isReact(el);
  });
  await afterFrames(page);
}

/**
 * Resolves once the page has drawn `count` more frames: what an input or a task just queued (a
 * scroll, an event handler, a promise's continuation, a render) has then happened. The check
 * that something did NOT happen waits for this instead of a fixed time.
 */
export async function afterFrames(page: Page, count = 2) {
  await page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}
