import { APP_PRELOADS_ID } from '@giot-hong/contract';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { applicationKeyOf } from './preload-hints.ts';

/** A stand-in build: the real template's head marker and a manifest shaped like Vite's. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    // The entry starts the application after the first paint; the build names the application's
    // chunks in index.html itself.
    'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
    'src/main.tsx': { file: 'assets/main-m1.js', imports: ['index.html', '_react-r1.js'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    '_api-client-a1.js': { file: 'assets/api-client-a1.js', imports: ['_react-r1.js'] },
    'src/features/landing/routes/landing-route.tsx': {
      file: 'assets/landing-route-l1.js',
      imports: ['index.html', '_react-r1.js'],
    },
    'src/features/news/routes/news-list-route.tsx': {
      file: 'assets/news-list-route-n1.js',
      imports: ['index.html', '_react-r1.js', '_api-client-a1.js'],
    },
    'src/features/faq/routes/faq-route.tsx': { file: 'assets/faq-route-f1.js', imports: ['index.html'] },
    // Pages behind the login: the console's frame (with its stylesheet) and page, the first data's module.
    '_schemas-s1.js': { file: 'assets/schemas-s1.js' },
    'src/app/routes/profile-route.tsx': {
      file: 'assets/profile-route-p1.js',
      imports: ['index.html', '_react-r1.js', '_schemas-s1.js'],
    },
    'src/app/route-data.ts': { file: 'assets/route-data-d1.js', imports: ['_api-client-a1.js'] },
    // Lazy parts of the donor's layout: the bell a chunk of its own, the footer's module in a shared chunk named after it.
    'src/features/notifications/components/notification-bell.tsx': {
      file: 'assets/notification-bell-b1.js',
      imports: ['_react-r1.js'],
    },
    '_site-footer-f2.js': {
      file: 'assets/site-footer-f2.js',
      name: 'site-footer',
      imports: ['_react-r1.js'],
    },
    'src/app/console-route-data.ts': { file: 'assets/console-route-data-d3.js' },
    'src/app/console-route-data/overview.ts': {
      file: 'assets/overview-d2.js',
      imports: ['_api-client-a1.js'],
    },
    'src/features/console/routes/console-frame-route.tsx': {
      file: 'assets/console-frame-route-c1.js',
      imports: ['_react-r1.js'],
      css: ['assets/console-frame-route-c1.css'],
    },
    'src/features/console/routes/dashboard-route.tsx': {
      file: 'assets/dashboard-route-o1.js',
      imports: ['_schemas-s1.js'],
    },
  };
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('preload hints of the public pages on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { webDist: fakeWebDist() } });
  });
  afterAll(() => t.close());

  const head = async (url: string) => {
    const res = await t.request({ method: 'GET', url });
    return { status: res.status, html: String(res.body) };
  };

  it('the landing page preloads its hero picture with high priority and its route chunk', async () => {
    const { status, html } = await head('/');
    expect(status).toBe(200);
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero.webp" fetchpriority="high">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-route-l1.js">');
    // What the entry and the application load anyway is not named twice.
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/react-r1.js"');
    expect(html).not.toContain('main-m1.js');
    expect(html).not.toContain('href="/assets/index-e1.js">');
  });

  it('the news list preloads its chunk and the chunks only it imports, and no picture', async () => {
    const { html } = await head('/tin-tuc');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/news-list-route-n1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/api-client-a1.js">');
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).not.toContain('landing-route');
    const faq = await head('/cau-hoi-thuong-gap');
    expect(faq.html).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-route-f1.js">');
    expect(faq.html).not.toContain('news-list-route');
  });

  it('a page behind the login names its route chunks and the module of its first data, inert until its first paint', async () => {
    const { status, html } = await head('/trang-ca-nhan');
    expect(status).toBe(200);
    // In one template, which the entry moves into <head> once the frame is painted: nothing but the
    // document and the stylesheet comes before the first paint.
    const template = new RegExp(`<template id="${APP_PRELOADS_ID}">(.*?)</template>`).exec(html);
    expect(template).not.toBeNull();
    expect(html.replace(template![0], '')).not.toContain('modulepreload');
    expect(template![1]).toMatch(/^(<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">)+$/);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-route-p1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/schemas-s1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/route-data-d1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/api-client-a1.js">');
    // The layout's lazy parts it renders at once, by module or by the name of the chunk holding it.
    expect(template![1]).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/notification-bell-b1.js">',
    );
    expect(template![1]).toContain('<link rel="modulepreload" crossorigin href="/assets/site-footer-f2.js">');
    // The application too, downloading beside the entry while the page shows its frame.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/main-m1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-r1.js">');
    expect(html).not.toContain('href="/assets/index-e1.js">');
    expect(html).not.toContain('console-frame-route');
    expect(html).not.toContain('overview-d2');
    expect(html).not.toContain('console-route-data');
  });

  it("the console's overview names the frame, its stylesheet and the page together", async () => {
    const { html } = await head('/quan-tri');
    expect(html).toContain(`<template id="${APP_PRELOADS_ID}"><link rel="modulepreload"`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/console-frame-route-c1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-route-o1.js">');
    // Linked after the application's own stylesheet: the console's frame is painted with it.
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/console-frame-route-c1.css">\n  </head>',
    );
    expect(html).not.toContain('rel="preload" as="style"');
    // The overview's first data has its module, and the donor's is not loaded.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/console-route-data-d3.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/overview-d2.js">');
    expect(html).not.toContain('route-data-d1.js');
    expect(html).not.toContain('profile-route');
    expect(html).not.toContain('notification-bell');
  });

  it('the login page, pages without a prepared first view, unknown pages and missing news items get no hints', async () => {
    for (const url of ['/dang-nhap', '/thong-bao/12', '/khong-ton-tai', '/tin-tuc/999999']) {
      const { html } = await head(url);
      expect(html, url).not.toContain('modulepreload');
      expect(html, url).not.toContain('rel="preload"');
    }
    expect((await head('/tin-tuc/999999')).status).toBe(404);
  });
});

describe('the application chunk when the manifest names it by its chunk', () => {
  it('is the chunk the entry imports dynamically when the manifest does not name src/main.tsx', () => {
    expect(
      applicationKeyOf({
        'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_web-w1.js'] },
        '_web-w1.js': { file: 'assets/web-w1.js', dynamicImports: ['_main-m1.js'] },
        '_main-m1.js': { file: 'assets/main-m1.js', name: 'main', imports: ['_web-w1.js'] },
      }),
    ).toBe('_main-m1.js');
    expect(
      applicationKeyOf({
        'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
        'src/main.tsx': { file: 'assets/main-m1.js' },
      }),
    ).toBe('src/main.tsx');
  });
});
