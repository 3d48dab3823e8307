import type { Page } from 'playwright-core';
import { poll } from './browser.ts';

/**
 * The portal's service worker as a page sees it (ADR 34): registered after the page's load, it
 * claims the page once active.
 */

/** Waits until a service worker controls the page; returns its script's address. */
export async function waitForServiceWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await poll(() => controlledBy(page)).not.toBe(null);
  return (await controlledBy(page))!;
}

/** The script of the service worker controlling the page, or null. */
export const controlledBy = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

/** The names of the caches holding one account's answers. */
export const personalCacheNames = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('giothong-personal-')));

/** Every entry of every cache of the origin, with its body as text. */
export const readEveryCache = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, body: response ? await response.text() : '' });
      }
    }
    return entries;
  });
