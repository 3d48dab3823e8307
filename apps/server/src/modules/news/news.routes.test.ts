import {
  foldVietnamese,
  ZErrorBody,
  ZNewsListResponse,
  ZNewsRelatedResponse,
  ZNewsResponse,
} from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema/index.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { createNewsRepository } from './news.repository.ts';
import { prepareNews } from './news.service.ts';

const SEEDED = 13;
const eqId = (id: number) => eq(news.id, id);

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('news API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number>) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/news',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(res.status).toBe(200);
    return ZNewsListResponse.parse(res.body).data;
  };
  const titles = async (search: string) => (await list({ search, limit: 50 })).data.map((n) => n.title);

  describe('search without regard to diacritics or case', () => {
    it("'hien mau' finds the items about 'hiến máu', the same as 'HIẾN MÁU' and 'Hiến Máu'", async () => {
      const plain = await titles('hien mau');
      expect(plain).toContain('Những điều cần biết trước khi hiến máu lần đầu');
      expect(plain).toContain('Hiến máu có ảnh hưởng đến sức khỏe không?');
      expect(await titles('HIẾN MÁU')).toEqual(plain);
      expect(await titles('Hiến Máu')).toEqual(plain);
      // Decomposed input (as some keyboards send it) is the same text.
      expect(await titles('hiến máu'.normalize('NFD'))).toEqual(plain);
      // Every hit really contains the words.
      for (const item of (await list({ search: 'hien mau', limit: 50 })).data) {
        expect(foldVietnamese(`${item.title} ${item.content.replace(/<[^>]+>/g, ' ')}`)).toContain(
          'hien mau',
        );
      }
    });

    it("'đ' and 'd' are the same letter: 'don vi mau' finds 'đơn vị máu', as do 'ĐƠN VỊ MÁU' and 'Đơn vị máu'", async () => {
      const expected = [
        'Hơn 3.000 đơn vị máu được tiếp nhận trong Ngày hội Chủ nhật Đỏ',
        'Hiến máu tình nguyện tại phường Hoàn Kiếm tiếp nhận 250 đơn vị máu',
      ];
      expect(await titles('don vi mau')).toEqual(expected);
      expect(await titles('ĐƠN VỊ MÁU')).toEqual(expected);
      expect(await titles('Đơn vị máu')).toEqual(expected);
      expect(await titles('chu nhat do')).toEqual([expected[0]]);
    });

    it('finds words of the content, not only of the title', async () => {
      // Only in the content of 'Ăn gì trước và sau khi hiến máu?'.
      expect(await titles('thuc pham giau sat')).toEqual(['Ăn gì trước và sau khi hiến máu?']);
    });

    it('treats LIKE wildcards as text and answers an empty page when nothing matches', async () => {
      expect(await titles('%')).toEqual([]);
      expect(await titles('_')).toEqual([]);
      const none = await list({ search: 'khong co tin nao nhu the nay' });
      expect(none).toEqual({ data: [], currentPage: 0, pageSize: 10, totalItems: 0, totalPages: 0 });
    });
  });

  describe('paging', () => {
    it('pages through all items 10 at a time, newest first, with the page shape of the contract', async () => {
      const first = await list({});
      expect(first).toMatchObject({ currentPage: 0, pageSize: 10, totalItems: SEEDED, totalPages: 2 });
      expect(first.data).toHaveLength(10);
      const second = await list({ offset: 1 });
      expect(second).toMatchObject({ currentPage: 1, pageSize: 10, totalItems: SEEDED, totalPages: 2 });
      expect(second.data).toHaveLength(SEEDED - 10);
      const all = [...first.data, ...second.data];
      expect(new Set(all.map((n) => n.id)).size).toBe(SEEDED);
      const dates = all.map((n) => Date.parse(n.createdAt));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(all[0]!.title).toBe('Hơn 3.000 đơn vị máu được tiếp nhận trong Ngày hội Chủ nhật Đỏ');
      expect((await list({ offset: 2 })).data).toEqual([]);
    });

    it('pages a search result too', async () => {
      const page = await list({ search: 'hien mau', limit: 3, offset: 1 });
      expect(page.currentPage).toBe(1);
      expect(page.pageSize).toBe(3);
      expect(page.data.length).toBeLessThanOrEqual(3);
      expect(page.totalPages).toBe(Math.ceil(page.totalItems / 3));
    });

    it('rejects a bad page number or size with 400', async () => {
      const queries: Record<string, string>[] = [
        { offset: '-1' },
        { limit: '0' },
        { limit: '51' },
        { sortDir: 'sideways' },
      ];
      for (const query of queries) {
        const res = await t.request({ method: 'GET', url: '/api/news', query });
        expect(res.status).toBe(400);
        expect(ZErrorBody.parse(res.body).code).toBe('VALIDATION');
      }
    });
  });

  describe('detail and related', () => {
    it('answers one item with its HTML content and Admin as the default author', async () => {
      const first = (await list({})).data[0]!;
      const res = await t.request({ method: 'GET', url: `/api/news/${first.id}` });
      expect(res.status).toBe(200);
      const item = ZNewsResponse.parse(res.body).data;
      expect(item).toMatchObject({
        id: first.id,
        title: first.title,
        createdBy: 'Admin',
        thumbnailUrl: '/images/news/news-01.webp',
      });
      expect(item.content).toContain('<ul><li>Hơn 3.000 đơn vị máu</li>');
    });

    it.each([
      ['an id that does not exist', '/api/news/999999', 404, 'Không tìm thấy tin tức'],
      ['an id above the integer range', '/api/news/99999999999', 404, 'Không tìm thấy dữ liệu'],
      ['a non-numeric id', '/api/news/abc', 404, 'Không tìm thấy dữ liệu'],
      ['related of an id that does not exist', '/api/news/999999/related', 404, 'Không tìm thấy tin tức'],
    ])('%s → %s', async (_label, url, status, message) => {
      const res = await t.request({ method: 'GET', url });
      expect(res.status).toBe(status);
      const body = ZErrorBody.parse(res.body);
      if (message) expect(body.message).toBe(message);
    });

    it('gives at most 5 related items, never the current one, in the summary shape', async () => {
      for (const { id } of (await list({ limit: 50 })).data) {
        const res = await t.request({ method: 'GET', url: `/api/news/${id}/related` });
        expect(res.status).toBe(200);
        const related = ZNewsRelatedResponse.parse(res.body).data;
        expect(related).toHaveLength(5);
        expect(related.map((r) => r.id)).not.toContain(id);
        expect(new Set(related.map((r) => r.id)).size).toBe(5);
        expect(related[0]).not.toHaveProperty('content');
      }
    });

    it('puts items on the same topic first, even when older', async () => {
      const repo = createNewsRepository(t.database.db);
      const old = await repo.insert({
        title: 'Người bệnh Thalassemia cần bạn',
        ...prepareNews({
          title: 'Người bệnh Thalassemia cần bạn',
          content: '<p>Người bệnh cần truyền máu suốt đời.</p>',
        }),
        createdAt: new Date('2020-01-01T00:00:00Z'),
      });
      const thalassemia = (await list({ search: 'Thalassemia và nhu cầu' })).data[0]!;
      const res = await t.request({ method: 'GET', url: `/api/news/${thalassemia.id}/related` });
      expect(ZNewsRelatedResponse.parse(res.body).data[0]!.id).toBe(old.id);
      await t.database.db.delete(news).where(eqId(old.id));
    });

    it('has only one item → no related items', async () => {
      const single = await createTestContext(kind, { seed: false });
      try {
        const created = await createNewsRepository(single.database.db).insert({
          title: 'Tin duy nhất',
          ...prepareNews({ title: 'Tin duy nhất', content: '<p>Một</p>' }),
          createdAt: new Date('2026-01-01T00:00:00Z'),
        });
        const res = await single.request({ method: 'GET', url: `/api/news/${created.id}/related` });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([]);
      } finally {
        await single.close();
      }
    });
  });

  describe('stored XSS never leaves the server', () => {
    // Inserted raw (as an older row or a bypassed admin tool might have stored them), so these
    // prove the sanitising on the way out; prepareNews would already have cleaned them on the way in.
    const PAYLOADS = [
      '<script>alert("xss")</script><p>An toàn</p>',
      '<SCRIPT SRC=https://evil.example/x.js></SCRIPT><p>An toàn</p>',
      '<p>An toàn</p><img src="x" onerror="alert(1)">',
      '<p onclick="alert(1)" onmouseover=alert(1)>An toàn</p>',
      '<a href="javascript:alert(1)">An toàn</a>',
      '<a href="JaVaScRiPt:alert(1)">An toàn</a>',
      '<a href="&#106;avascript:alert(1)">An toàn</a>',
      '<a href="  javascript:alert(1)">An toàn</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">An toàn</a>',
      '<img src="javascript:alert(1)"><p>An toàn</p>',
      '<svg onload="alert(1)"><circle r="10"></circle></svg><p>An toàn</p>',
      '<svg><script>alert(1)</script></svg><p>An toàn</p>',
      '<iframe src="https://evil.example"></iframe><p>An toàn</p>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe><p>An toàn</p>',
      '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><p>An toàn</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>An toàn</p>',
      '<div style="background:url(javascript:alert(1))"><p>An toàn</p></div>',
      '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">An toàn</button></form>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>An toàn</p>',
      '<body onload="alert(1)"><p>An toàn</p></body>',
      '<details open ontoggle="alert(1)"><summary>An toàn</summary></details>',
      '<p>An toàn</p><base href="https://evil.example/">',
      '<a href="https://example.com" target="_blank">An toàn</a>',
    ];
    const DANGEROUS = [
      /<\s*script/i,
      /<\s*iframe/i,
      /<\s*svg/i,
      /<\s*object/i,
      /<\s*embed/i,
      /<\s*math/i,
      /<\s*style/i,
      /<\s*form/i,
      /<\s*meta/i,
      /<\s*base/i,
      /<\s*body/i,
      /<\s*details/i,
      /\son[a-z]+\s*=/i,
      /javascript:/i,
      /data:text/i,
      /srcdoc/i,
      /style=/i,
    ];

    it.each(PAYLOADS)('%s', async (payload) => {
      const [row] = await t.database.db
        .insert(news)
        .values({
          title: `XSS ${payload.slice(0, 30)}`,
          content: payload,
          searchText: 'xss thu nghiem',
          createdAt: new Date('2000-01-01T00:00:00Z'),
        })
        .returning();
      try {
        const detail = ZNewsResponse.parse(
          (await t.request({ method: 'GET', url: `/api/news/${row!.id}` })).body,
        ).data;
        const fromList = (await list({ search: 'xss thu nghiem', limit: 50 })).data.find(
          (n) => n.id === row!.id,
        )!;
        for (const html of [detail.content, fromList.content]) {
          for (const pattern of DANGEROUS) expect(html).not.toMatch(pattern);
          expect(html).toContain('An toàn');
        }
        if (payload.includes('target="_blank"')) {
          expect(detail.content).toBe(
            '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">An toàn</a>',
          );
        }
      } finally {
        await t.database.db.delete(news).where(eqId(row!.id));
      }
    });

    it('prepareNews cleans the same payloads before they are stored', () => {
      for (const payload of PAYLOADS) {
        const { content } = prepareNews({ title: 'x', content: payload });
        for (const pattern of DANGEROUS) expect(content).not.toMatch(pattern);
      }
    });
  });
});
