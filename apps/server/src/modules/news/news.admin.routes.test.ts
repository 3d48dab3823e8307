import {
  ADMIN_NEWS_API,
  API,
  NEWS_ADMIN_MESSAGES,
  NOTIFICATION_TYPE,
  ZAdminNewsResponse,
  ZNewsListResponse,
  ZNewsResponse,
  newsThumbnailPath,
} from '@giot-hong/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { solidPng } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';

type Auth = Record<string, string>;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('staff console: news on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let donor: Auth;

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donor = (await createLoggedInUser(t)).auth;
  });
  afterAll(() => t?.close());

  const create = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: ADMIN_NEWS_API.news, headers: staff, payload });
  const post = (url: string) => t.request({ method: 'POST', url, headers: staff });
  /** 'Đăng tin' sends what the editor shows; here the item as stored unless `changes` say otherwise. */
  const publish = (
    item: { id: number; title: string; content: string; notifyDonors: boolean },
    changes: Record<string, unknown> = {},
  ) =>
    t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.newsPublish(item.id),
      headers: staff,
      payload: { title: item.title, content: item.content, notifyDonors: item.notifyDonors, ...changes },
    });
  const donorList = async () =>
    ZNewsListResponse.parse((await t.request({ method: 'GET', url: API.news, query: { limit: '50' } })).body)
      .data.data;
  const newsNotifications = (id: number) =>
    t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.dedupeKey, `news:${id}`), eq(notifications.type, NOTIFICATION_TYPE.NEWS)));

  it('refuses bad input with the Vietnamese messages of the contract', async () => {
    const res = await create({ title: '  ', content: '', publishAt: 'ngày mai' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      (res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      title: NEWS_ADMIN_MESSAGES.titleRequired,
      content: NEWS_ADMIN_MESSAGES.contentRequired,
      publishAt: NEWS_ADMIN_MESSAGES.publishAtInvalid,
    });
  });

  it('stores sanitised HTML, shows a draft to nobody, publishes it with its tables and links, audited', async () => {
    const dirty =
      '<h2>Lịch hiến máu</h2><p onclick="alert(1)">Xin chào<script>alert(1)</script></p>' +
      '<table><tbody><tr><th>Ngày</th><td>01/12</td></tr></tbody></table>' +
      '<p><a href="javascript:alert(1)">xấu</a> <a href="https://example.vn">tốt</a></p><img src=x onerror="alert(1)">';
    const res = await create({ title: 'Lịch hiến máu tháng 12', content: dirty });
    expect(res.status).toBe(200);
    const item = ZAdminNewsResponse.parse(res.body).data;
    expect(item.state).toBe('DRAFT');
    expect(item.content).toBe(
      '<h2>Lịch hiến máu</h2><p>Xin chào</p><table><tbody><tr><th>Ngày</th><td>01/12</td></tr></tbody></table>' +
        '<p><a rel="noopener noreferrer nofollow">xấu</a> <a href="https://example.vn" rel="noopener noreferrer nofollow">tốt</a></p><img src="x" loading="lazy" />',
    );
    // The preview answers the same HTML the item stores.
    const preview = await t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.newsPreview,
      headers: staff,
      payload: { content: dirty },
    });
    expect(preview.body.data.content).toBe(item.content);

    expect((await donorList()).map((n) => n.id)).not.toContain(item.id);
    expect((await t.request({ method: 'GET', url: `/api/news/${item.id}` })).status).toBe(404);

    const published = ZAdminNewsResponse.parse((await publish(item)).body).data;
    expect(published).toMatchObject({ state: 'PUBLISHED', publishAt: t.clock.now().toISOString() });
    const seen = ZNewsResponse.parse(
      (await t.request({ method: 'GET', url: `/api/news/${item.id}` })).body,
    ).data;
    expect(seen.content).toBe(item.content);
    expect((await donorList())[0]!.id).toBe(item.id);

    await post(ADMIN_NEWS_API.newsUnpublish(item.id));
    expect((await t.request({ method: 'GET', url: `/api/news/${item.id}` })).status).toBe(404);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'news'), eq(auditLog.targetId, item.id)));
    expect(actions.map((a) => a.action)).toEqual(['news.create', 'news.publish', 'news.unpublish']);
  });

  it('keeps a scheduled item from donors until its time, and notifies them then', async () => {
    const at = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString();
    const item = ZAdminNewsResponse.parse(
      (await create({ title: 'Tin hẹn giờ', content: '<p>Sắp đăng</p>', publishAt: at, notifyDonors: true }))
        .body,
    ).data;
    const published = ZAdminNewsResponse.parse((await publish(item, { publishAt: at })).body).data;
    expect(published).toMatchObject({ state: 'SCHEDULED', publishAt: at, notifiedAt: null });
    expect((await donorList()).map((n) => n.id)).not.toContain(item.id);
    expect((await newsNotifications(item.id))[0]!.n).toBe(0);

    t.clock.set(new Date(Date.parse(at) + 60_000));
    try {
      expect(await t.app.newsAdmin.sendDueNotifications()).toBeGreaterThan(0);
      expect((await donorList()).map((n) => n.id)).toContain(item.id);
      expect((await newsNotifications(item.id))[0]!.n).toBeGreaterThan(0);
    } finally {
      t.clock.set(new Date(Date.parse('2026-11-22T02:00:00.000Z')));
    }
  });

  it('notifies donors once per item: publish, unpublish, publish again', async () => {
    const item = ZAdminNewsResponse.parse(
      (await create({ title: 'Tin báo một lần', content: '<p>Một lần thôi</p>', notifyDonors: true })).body,
    ).data;
    await publish(item);
    const first = (await newsNotifications(item.id))[0]!.n;
    expect(first).toBeGreaterThan(0);
    const notifiedAt = ZAdminNewsResponse.parse(
      (await t.request({ method: 'GET', url: ADMIN_NEWS_API.newsItem(item.id), headers: staff })).body,
    ).data.notifiedAt;
    expect(notifiedAt).not.toBeNull();

    // A donor who joins after the first publication does not get it on the second either.
    await createLoggedInUser(t);
    await post(ADMIN_NEWS_API.newsUnpublish(item.id));
    await publish(item);
    await t.app.newsAdmin.sendDueNotifications();
    expect((await newsNotifications(item.id))[0]!.n).toBe(first);
  });

  it('publishes what the editor sends: a changed title and the ticked notification, saved and published at once', async () => {
    const item = ZAdminNewsResponse.parse(
      (await create({ title: 'Tiêu đề cũ', content: '<p>Nội dung</p>' })).body,
    ).data;
    expect(item.notifyDonors).toBe(false);
    // The staff member changed the title and ticked 'Báo cho tất cả người hiến máu' without saving.
    const res = await publish(item, { title: 'Tiêu đề mới', notifyDonors: true });
    expect(res.status).toBe(200);
    const published = ZAdminNewsResponse.parse(res.body).data;
    expect(published).toMatchObject({ title: 'Tiêu đề mới', state: 'PUBLISHED', notifyDonors: true });
    expect(published.notifiedAt).not.toBeNull();
    const seen = ZNewsResponse.parse(
      (await t.request({ method: 'GET', url: `/api/news/${item.id}` })).body,
    ).data;
    expect(seen.title).toBe('Tiêu đề mới');
    expect((await newsNotifications(item.id))[0]!.n).toBeGreaterThan(0);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'news'), eq(auditLog.targetId, item.id)));
    expect(actions.map((a) => a.action)).toEqual(['news.create', 'news.update', 'news.publish']);

    // Undoing an unpublication puts the item back at its own date, not as the newest one.
    t.clock.set(new Date(t.clock.now().getTime() + 10 * 60_000));
    try {
      await post(ADMIN_NEWS_API.newsUnpublish(item.id));
      const again = await publish(published, { publishAt: published.publishAt, keepTime: true });
      expect(ZAdminNewsResponse.parse(again.body).data).toMatchObject({
        state: 'PUBLISHED',
        publishAt: published.publishAt,
      });
    } finally {
      t.clock.set(new Date(t.clock.now().getTime() - 10 * 60_000));
    }

    // Publishing needs the editor's content: a bare request is refused, nothing changes.
    const bare = await post(ADMIN_NEWS_API.newsPublish(item.id));
    expect(bare.status).toBe(400);
    const invalid = await publish(item, { title: ' ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({
      field: 'title',
      message: NEWS_ADMIN_MESSAGES.titleRequired,
    });
  });

  it('re-encodes a thumbnail to WebP in 480 and 960 px, refuses a file that is not an image', async () => {
    const item = ZAdminNewsResponse.parse(
      (await create({ title: 'Có ảnh', content: '<p>Ảnh</p>' })).body,
    ).data;
    const bad = multipart([{ name: 'file', value: 'không phải ảnh', filename: 'a.png', type: 'image/png' }]);
    const refused = await t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.newsThumbnail(item.id),
      headers: { ...staff, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NEWS_ADMIN_MESSAGES.imageInvalid);

    const png = multipart([
      { name: 'file', value: await solidPng(1600, 900, '#c81e1e'), filename: 'a.png', type: 'image/png' },
    ]);
    const res = await t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.newsThumbnail(item.id),
      headers: { ...staff, ...png.headers },
      payload: png.payload,
    });
    expect(res.status).toBe(200);
    const url = ZAdminNewsResponse.parse(res.body).data.thumbnailUrl!;
    expect(url.startsWith(`${newsThumbnailPath(item.id, 960)}?v=`)).toBe(true);
    for (const width of [480, 960]) {
      const img = await t.app.inject({ method: 'GET', url: newsThumbnailPath(item.id, width) });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      const meta = await sharp(img.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: 'webp', width });
    }
    expect((await t.request({ method: 'GET', url: newsThumbnailPath(item.id, 100) })).status).toBe(404);
  });

  it('refuses donors (403) and anonymous callers (401) before reading the body', async () => {
    expect((await t.request({ method: 'POST', url: ADMIN_NEWS_API.news, payload: {} })).status).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: ADMIN_NEWS_API.news, headers: donor, payload: {} })).status,
    ).toBe(403);
  });
});
