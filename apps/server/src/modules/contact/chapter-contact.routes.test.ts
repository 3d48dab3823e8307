import {
  API,
  CHAPTER_CONTACT_META,
  DEMO_CHAPTER_CONTACT,
  ZChapterContactResponse,
} from '@giot-hong/contract';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

/** A stand-in for the web build: the real template's head marker. */
function fakeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-dist-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="vi"><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** The JSON of the chapter-contact meta of an HTML page, unescaped as a browser reads it. */
function metaContact(html: string): unknown {
  const match = new RegExp(`<meta name="${CHAPTER_CONTACT_META}" content="([^"]*)">`).exec(html);
  if (!match) return undefined;
  const text = match[1]!
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(text);
}

const CONFIGURED = {
  CHAPTER_ADDRESS: '12 Lê Lợi, phường Bến Thành, Thành phố Hồ Chí Minh "<b>"',
  CHAPTER_PHONE: '028 3829 1234',
  CHAPTER_EMAIL: 'hienmau@chuthapdo.example',
  CHAPTER_OPENING_HOURS: 'Thứ Hai - Thứ Bảy: 7:30 - 16:30',
  CHAPTER_MAP_POSITION: '10.7725, 106.6980',
};

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)("the chapter's contact details come from configuration on %s", (kind) => {
  let configured: TestContext;
  let demo: TestContext;
  beforeAll(async () => {
    configured = await createTestContext(kind, {
      seed: false,
      env: CONFIGURED,
      config: { webDist: fakeWebDist() },
    });
    demo = await createTestContext(kind, { seed: false, config: { webDist: fakeWebDist() } });
  });
  afterAll(async () => {
    await configured?.close();
    await demo?.close();
  });

  const expected = {
    address: CONFIGURED.CHAPTER_ADDRESS,
    phone: '028 3829 1234',
    email: 'hienmau@chuthapdo.example',
    openingHours: 'Thứ Hai - Thứ Bảy: 7:30 - 16:30',
    map: { lat: 10.7725, lon: 106.698 },
  };

  it('GET /api/chapter/contact answers the configured details, publicly', async () => {
    const res = await configured.request({ method: 'GET', url: API.chapterContact });
    expect(res.status).toBe(200);
    expect(ZChapterContactResponse.parse(res.body).data).toEqual(expected);
    const fallback = await demo.request({ method: 'GET', url: API.chapterContact });
    expect(fallback.body.data).toEqual(DEMO_CHAPTER_CONTACT);
  });

  it('every page carries them in its head, escaped', async () => {
    for (const url of ['/', '/lien-he', '/dieu-khoan-su-dung', '/khong-co-trang-nay']) {
      const res = await configured.request({ method: 'GET', url });
      expect(res.headers['content-type']).toContain('text/html');
      expect(String(res.body)).not.toContain('<b>');
      expect(metaContact(String(res.body))).toEqual(expected);
    }
    expect(metaContact(String((await demo.request({ method: 'GET', url: '/' })).body))).toEqual(
      DEMO_CHAPTER_CONTACT,
    );
  });
});

describe('CHAPTER_* variables', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'giothong-cfg-')), ...env });

  it('refuse a map position or phone that is not one, naming the variable', () => {
    for (const [name, value] of [
      ['CHAPTER_MAP_POSITION', '21.0188'],
      ['CHAPTER_MAP_POSITION', '91,105'],
      ['CHAPTER_PHONE', 'gọi cho chúng tôi'],
      ['CHAPTER_EMAIL', 'lienhe'],
    ] as const) {
      expect(() => load({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });
});
