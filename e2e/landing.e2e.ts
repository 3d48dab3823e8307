import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

describe('portal shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an unknown path shows the 404 page with Back and Home', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/khong-ton-tai');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Không tìm thấy trang');
    await page.getByRole('button', { name: 'Trang chủ' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});
