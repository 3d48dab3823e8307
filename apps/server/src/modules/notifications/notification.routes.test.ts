import { API, ZNotificationListResponse, ZNotificationResponse } from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { news, notifications, users } from '../../db/schema/index.ts';
import { createLoggedInUser } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { listCampaigns, notificationRows, registerForCampaign } from '../../../test/notifications.ts';
import { createNotificationRepository } from './notification.repository.ts';

type Auth = { authorization: string };

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('notifications API on %s', (kind) => {
  let t: TestContext;
  const list = (auth: Auth, query = '') =>
    t.request({ method: 'GET', url: `${API.notifications}${query}`, headers: auth });
  const unread = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: API.notificationsUnread, headers: auth })).body.data as number;
  const toggle = (auth: Auth, id: number, status: string) =>
    t.request({ method: 'PUT', url: `${API.notificationToggle(id)}?status=${status}`, headers: auth });

  /** Inserts notifications for one donor straight through the repository, 1 minute apart. */
  async function seedFor(userId: number, items: { type: number; title: string; status?: boolean }[]) {
    const repo = createNotificationRepository(t.database.db);
    const base = Date.parse(TEST_NOW) - 24 * 3_600_000;
    await repo.insertMany(
      items.map((it, i) => ({
        userId,
        type: it.type,
        title: it.title,
        content: `<p>${it.title}</p>`,
        link: null,
        dedupeKey: `test:${userId}:${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    if (items.some((i) => i.status)) {
      const rows = await notificationRows(t, userId);
      for (const [i, row] of rows.entries()) {
        if (items[i]?.status)
          await t.database.db.update(notifications).set({ status: true }).where(eq(notifications.id, row.id));
      }
    }
  }

  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('needs a login for every route', async () => {
    for (const [method, url] of [
      ['GET', API.notifications],
      ['GET', API.notificationsUnread],
      ['PUT', API.notificationsReadAll],
      ['GET', API.notificationById(1)],
      ['PUT', `${API.notificationToggle(1)}?status=true`],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('pages newest first (size 10 by default), filters by type and unread, and sorts ascending on request', async () => {
    const { user, auth } = await createLoggedInUser(t);
    // 12 items: types 1,2,3 in turn; the first four are read.
    await seedFor(
      user.id,
      Array.from({ length: 12 }, (_, i) => ({
        type: (i % 3) + 1,
        title: `Thông báo số ${i + 1}`,
        status: i < 4,
      })),
    );

    const first = await list(auth);
    expect(first.status).toBe(200);
    const body = ZNotificationListResponse.parse(first.body);
    expect(body).toMatchObject({
      success: true,
      data: { currentPage: 0, pageSize: 10, totalItems: 12, totalPages: 2 },
    });
    expect(body.data.data.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Thông báo số ${12 - i}`),
    );
    expect(body.data.data[0]).toEqual({
      id: expect.any(Number),
      type: 3,
      title: 'Thông báo số 12',
      content: '<p>Thông báo số 12</p>',
      created: new Date(Date.parse(TEST_NOW) - 24 * 3_600_000 + 11 * 60_000).toISOString(),
      status: false,
      link: null,
    });

    const second = (await list(auth, '?page=1')).body.data;
    expect(second).toMatchObject({ currentPage: 1, pageSize: 10, totalItems: 12, totalPages: 2 });
    expect(second.data.map((n: { title: string }) => n.title)).toEqual(['Thông báo số 2', 'Thông báo số 1']);

    const reminders = (await list(auth, '?type=1&size=50')).body.data;
    expect(reminders.totalItems).toBe(4);
    expect(reminders.data.every((n: { type: number }) => n.type === 1)).toBe(true);

    const unreadOnly = (await list(auth, '?unread=true&size=50')).body.data;
    expect(unreadOnly.totalItems).toBe(8);
    expect(unreadOnly.data.every((n: { status: boolean }) => n.status === false)).toBe(true);
    expect((await list(auth, '?unread=false')).body.data.totalItems).toBe(4);
    expect(
      (await list(auth, '?type=2&unread=true')).body.data.data.map((n: { title: string }) => n.title),
    ).toEqual(['Thông báo số 11', 'Thông báo số 8', 'Thông báo số 5']);

    const asc = (await list(auth, '?sortBy=created&sortDir=asc&size=3')).body.data;
    expect(asc.data.map((n: { title: string }) => n.title)).toEqual([
      'Thông báo số 1',
      'Thông báo số 2',
      'Thông báo số 3',
    ]);

    for (const bad of [
      '?type=4',
      '?type=abc',
      '?unread=maybe',
      '?page=-1',
      '?size=0',
      '?size=51',
      '?sortBy=title',
      '?sortDir=up',
    ]) {
      const res = await list(auth, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });

  it('counts unread, toggles read/unread, reads one and marks all read', async () => {
    const { user, auth } = await createLoggedInUser(t);
    await seedFor(user.id, [
      { type: 1, title: 'Một' },
      { type: 2, title: 'Hai' },
      { type: 3, title: 'Ba', status: true },
    ]);
    expect(await unread(auth)).toBe(2);
    const [one, two] = await notificationRows(t, user.id);

    const read = await toggle(auth, one!.id, 'true');
    expect(read.status).toBe(200);
    expect(ZNotificationResponse.parse(read.body).data).toMatchObject({
      id: one!.id,
      title: 'Một',
      status: true,
    });
    expect(await unread(auth)).toBe(1);
    // Idempotent, and back to unread.
    expect((await toggle(auth, one!.id, 'true')).body.data.status).toBe(true);
    expect(await unread(auth)).toBe(1);
    expect((await toggle(auth, one!.id, 'false')).body.data.status).toBe(false);
    expect(await unread(auth)).toBe(2);
    expect((await toggle(auth, one!.id, 'yes')).status).toBe(400);

    // Reading one does not change its state (the client marks it read by toggling).
    const detail = await t.request({ method: 'GET', url: API.notificationById(two!.id), headers: auth });
    expect(detail.body).toEqual({
      success: true,
      message: 'Thành công',
      data: {
        id: two!.id,
        type: 2,
        title: 'Hai',
        content: '<p>Hai</p>',
        created: expect.any(String),
        status: false,
        link: null,
      },
    });

    const all = await t.request({ method: 'PUT', url: API.notificationsReadAll, headers: auth });
    expect(all.body).toEqual({ success: true, message: 'Đã đánh dấu tất cả thông báo là đã đọc', data: 2 });
    expect(await unread(auth)).toBe(0);
    expect((await t.request({ method: 'PUT', url: API.notificationsReadAll, headers: auth })).body.data).toBe(
      0,
    );

    const missing = await t.request({
      method: 'GET',
      url: API.notificationById(2_000_000_000),
      headers: auth,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy thông báo',
    });
    // A path that names no possible notification is not found, like an unknown one.
    expect((await t.request({ method: 'GET', url: API.notificationById('abc'), headers: auth })).status).toBe(
      404,
    );
  });

  it("donor B never sees, reads or toggles donor A's notifications", async () => {
    const a = await createLoggedInUser(t);
    const b = await createLoggedInUser(t);
    await seedFor(a.user.id, [
      { type: 1, title: 'Riêng của A' },
      { type: 2, title: 'Cũng của A' },
    ]);
    const [mine] = await notificationRows(t, a.user.id);

    expect((await list(b.auth)).body.data).toMatchObject({ data: [], totalItems: 0, totalPages: 0 });
    expect(await unread(b.auth)).toBe(0);
    for (const res of [
      await t.request({ method: 'GET', url: API.notificationById(mine!.id), headers: b.auth }),
      await toggle(b.auth, mine!.id, 'true'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        message: 'Không tìm thấy thông báo',
      });
    }
    expect(
      (await t.request({ method: 'PUT', url: API.notificationsReadAll, headers: b.auth })).body.data,
    ).toBe(0);

    // A's are untouched.
    expect(await unread(a.auth)).toBe(2);
    expect((await notificationRows(t, a.user.id)).every((n) => n.status === false)).toBe(true);
  });

  it("confirms a registration with the campaign, its Vietnam time and place, as an event ('Sự kiện')", async () => {
    const donor = await createVerifiedDonor(t);
    const [campaign] = await listCampaigns(t);
    const appointmentId = await registerForCampaign(t, donor.auth, campaign!.id, campaign!.questionSetId);

    const page = (await list(donor.auth)).body.data;
    expect(page.totalItems).toBe(1);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      type: 2,
      title: 'Đăng ký hiến máu thành công',
      content:
        '<p>Bạn đã đăng ký tham gia <strong>Ngày hội Chủ nhật Đỏ 2026</strong> lúc 07:00 ngày 25/11/2026 tại Nhà văn hóa Sinh viên, ' +
        'Đại học Quốc gia Hà Nội, 144 Xuân Thủy, phường Cầu Giấy, Hà Nội.</p>' +
        '<p>Hãy ngủ ít nhất 6 tiếng và không uống rượu bia trong 24 giờ trước khi hiến máu. Nhớ mang theo giấy tờ tùy thân có ảnh.</p>',
      created: TEST_NOW,
      status: false,
      link: `/trang-ca-nhan#xem-lich-hen-${appointmentId}`,
    });
    expect(await unread(donor.auth)).toBe(1);
    // Generating it again (a retry) adds nothing.
    expect(await t.app.notifications.notifyRegistered(appointmentId)).toBe(false);
    expect(await notificationRows(t, donor.user.id)).toHaveLength(1);
  });

  it('a published news item reaches every active donor once, in one statement', async () => {
    const donor = await createLoggedInUser(t);
    const disabled = await createLoggedInUser(t);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, disabled.user.id));
    const staff = await createLoggedInUser(t, { role: 'STAFF' });
    const [item] = await t.database.db.select().from(news).orderBy(news.id).limit(1);
    const donors = await t.database.db.$count(users, eq(users.role, 'DONOR'));

    const execute = vi.spyOn(t.database.db, 'execute');
    const insert = vi.spyOn(t.database.db, 'insert');
    const sent = await t.app.notifications.notifyNewsPublished(item!.id);
    // One INSERT … SELECT, no per-donor queries. Only the statements that write notifications are
    // counted: the job scheduler's tick uses the same database meanwhile.
    const words = (query: unknown) =>
      ((query as { queryChunks?: unknown[] }).queryChunks ?? [])
        .flatMap((chunk) => (chunk as { value?: unknown }).value ?? [])
        .filter((v): v is string => typeof v === 'string')
        .join(' ');
    const writes = execute.mock.calls.filter(([query]) => /insert into[\s\S]*dedupe_key/i.test(words(query)));
    expect(writes).toHaveLength(1);
    expect(insert).not.toHaveBeenCalled();
    execute.mockRestore();
    insert.mockRestore();
    // Every enabled, verified DONOR account: the seeded ones and those of the tests above.
    expect(sent).toBe(donors - 1);
    const [mine] = (await list(donor.auth, '?type=3')).body.data.data;
    expect(mine).toMatchObject({
      type: 3,
      title: item!.title,
      status: false,
      link: `/tin-tuc/${item!.id}`,
      created: TEST_NOW,
    });
    expect(mine.content).toMatch(/^<p>Ngày hội Chủ nhật Đỏ năm nay thu hút hàng nghìn sinh viên/);
    expect(mine.content).not.toContain('<strong>');
    expect((await list(staff.auth)).body.data.totalItems).toBe(0);
    expect(await notificationRows(t, disabled.user.id)).toHaveLength(0);

    expect(await t.app.notifications.notifyNewsPublished(item!.id)).toBe(0);
    expect((await list(donor.auth, '?type=3')).body.data.totalItems).toBe(1);
    await expect(t.app.notifications.notifyNewsPublished(2_000_000_000)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('broadcasts an event to all donors or to the donors of one campaign; a repeated key reaches nobody twice', async () => {
    const registered = await createVerifiedDonor(t);
    const other = await createLoggedInUser(t);
    const campaigns = await listCampaigns(t);
    const campaign = campaigns[2]!;
    await registerForCampaign(t, registered.auth, campaign.id, campaign.questionSetId);

    const toCampaign = await t.app.notifications.broadcastEvent({
      campaignId: campaign.id,
      key: 'doi-gio',
      title: 'Thay đổi giờ tiếp nhận',
      content: '<p>Chiến dịch bắt đầu sớm hơn <strong>30 phút</strong>.</p>',
      link: `https://giothong.vn/su-kien/${campaign.id}`,
    });
    // The seeded community donors booked on this campaign, plus ours.
    expect(toCampaign).toBeGreaterThan(1);
    const [event] = (await list(registered.auth, '?type=2')).body.data.data;
    expect(event).toMatchObject({
      type: 2,
      title: 'Thay đổi giờ tiếp nhận',
      content: '<p>Chiến dịch bắt đầu sớm hơn <strong>30 phút</strong>.</p>',
      link: `https://giothong.vn/su-kien/${campaign.id}`,
      status: false,
    });
    expect((await list(other.auth, '?type=2')).body.data.totalItems).toBe(0);
    expect(
      await t.app.notifications.broadcastEvent({
        campaignId: campaign.id,
        key: 'doi-gio',
        title: 'Thay đổi giờ tiếp nhận',
        content: 'x',
      }),
    ).toBe(0);

    const toAll = await t.app.notifications.broadcastEvent({
      title: 'Tuần lễ hồng',
      content: '<p>Cảm ơn bạn!</p>',
    });
    expect(toAll).toBeGreaterThan(toCampaign);
    expect((await list(other.auth, '?type=2')).body.data.data.map((n: { title: string }) => n.title)).toEqual(
      ['Tuần lễ hồng'],
    );
    await expect(
      t.app.notifications.broadcastEvent({ campaignId: 2_000_000_000, title: 'x', content: 'y' }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('sanitises script and event-handler payloads in titles, contents and links', async () => {
    const donor = await createLoggedInUser(t);
    await t.app.notifications.broadcastEvent({
      key: 'xss-1',
      title:
        '<img src=x onerror="alert(1)">Ngày hội <script>alert(2)</script><b onmouseover="alert(3)">hiến máu</b>',
      content:
        '<p onclick="alert(4)">An toàn</p><script>alert(5)</script><img src="x" onerror="alert(6)">' +
        '<a href="javascript:alert(7)">liên kết</a><iframe src="https://evil.example"></iframe><svg onload="alert(8)"></svg>' +
        '<a href="https://giothong.vn" onclick="alert(9)">trang chủ</a>',
      link: 'javascript:alert(10)',
    });
    await t.app.notifications.broadcastEvent({
      key: 'xss-2',
      // Escaped markup must not come back as markup once decoded.
      title: '&lt;script&gt;alert(11)&lt;/script&gt;Lịch &lt;img src=x onerror=alert(12)&gt;hẹn',
      content: '&lt;script&gt;alert(13)&lt;/script&gt;<p>Văn bản</p>',
      link: '//evil.example/x',
    });
    const items = (await list(donor.auth, '?type=2&size=50')).body.data.data as {
      title: string;
      content: string;
      link: string | null;
    }[];
    const first = items.find((n) => n.title.includes('Ngày hội'))!;
    expect(first.title).toBe('Ngày hội hiến máu');
    expect(first.content).toBe(
      '<p>An toàn</p><img src="x" loading="lazy" /><a rel="noopener noreferrer nofollow">liên kết</a>' +
        '<a href="https://giothong.vn" rel="noopener noreferrer nofollow">trang chủ</a>',
    );
    expect(first.link).toBeNull();
    const second = items.find((n) => n.title.includes('Lịch'))!;
    expect(second.title).toBe('Lịch hẹn');
    expect(second.content).toBe('&lt;script&gt;alert(13)&lt;/script&gt;<p>Văn bản</p>');
    expect(second.link).toBeNull();
    for (const n of items) {
      expect(`${n.title}${n.content}`).not.toMatch(
        /<script|onerror|onclick|onload|onmouseover|javascript:|<iframe|<svg/i,
      );
    }

    // A row written around the service (an older version, a hand edit) is still cleaned on the way out.
    const repo = createNotificationRepository(t.database.db);
    await repo.insertMany([
      {
        userId: donor.user.id,
        type: 1,
        title: 'Cũ',
        content: '<p>Cũ</p><img src=x onerror=alert(14)><script>alert(15)</script>',
        link: 'javascript:alert(16)',
        dedupeKey: 'legacy',
        createdAt: new Date(TEST_NOW),
      },
    ]);
    const legacy = (await list(donor.auth, '?type=1')).body.data.data[0];
    expect(legacy).toMatchObject({
      title: 'Cũ',
      content: '<p>Cũ</p><img src="x" loading="lazy" />',
      link: null,
    });
  });
});
