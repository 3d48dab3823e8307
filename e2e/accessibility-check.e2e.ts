import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, newPage } from './support/browser.ts';

/**
 * The accessibility check every browser test relies on (`expectNoAxeViolations`) finds what axe
 * finds: in the page, in a same-origin frame, and again after the page changed, with axe already
 * in the document.
 */
describe('the axe check of the browser tests', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('names the violations of the page and of its same-origin frame, and none once they are fixed', async () => {
    const { context, page } = await newPage(browser);
    // A document of the portal's origin (the frame is then of the same origin, as the pages' are).
    await page.goto('/robots.txt');
    await page.setContent(`<!doctype html><html lang="vi"><head><title>Kiểm tra</title></head><body>
      <main><h1>Kiểm tra</h1>
        <img id="photo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <input id="name" type="text">
        <iframe id="inner" title="Khung" srcdoc="<!doctype html><html lang='vi'><title>Khung</title><body><button id='empty'></button></body></html>"></iframe>
      </main></body></html>`);
    await page.frameLocator('#inner').locator('#empty').waitFor();

    const found = await axeViolations(page);
    expect(Object.fromEntries(found.map((v) => [v.id, v.targets]))).toEqual({
      'image-alt': ['#photo'],
      label: ['#name'],
      'button-name': ['#inner #empty'],
    });

    // The same document again, axe already in it: the fixed page has none.
    await page.evaluate(() => {
      document.querySelector('#photo')!.setAttribute('alt', 'Ảnh');
      document.querySelector('#name')!.setAttribute('aria-label', 'Họ và tên');
      const inner = document.querySelector('iframe')!.contentDocument!;
      inner.querySelector('#empty')!.textContent = 'Gửi';
    });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
