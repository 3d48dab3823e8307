import {
  ADMIN_CAMPAIGN_API,
  ADMIN_BROADCAST_API,
  ADMIN_NEWS_API,
  ADMIN_DONOR_API,
  ADMIN_AUDIT_API,
  DASHBOARD_API,
  DATE_MESSAGES,
  SLOT_API,
} from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, createUser } from '../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { campaigns, externalDonations } from '../db/schema/index.ts';

/**
 * Dates and ids at the edges, on the staff routes: what an outside review sent. One of them
 * (a dashboard period at the end of year 9999) used to loop for ever and take the server down; the
 * others were 500s or were stored as another day. Each must be a 400 in the envelope, at once.
 */
// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('edge dates and ids on the staff routes, on %s', (kind) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let campaignId: number;
  let newsId: number;
  let donorId: number;

  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
    const [c] = await t.database.db.select({ id: campaigns.id }).from(campaigns).limit(1);
    campaignId = c!.id;
    donorId = (await createUser(t)).id;
    const news = await t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.news,
      headers: admin,
      payload: { title: 'Tin thử', content: '<p>Nội dung</p>' },
    });
    expect(news.status, JSON.stringify(news.body)).toBe(200);
    newsId = (news.body as { data: { id: number } }).data.id;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.request({ method: 'GET', url, headers: admin });
  const expect400 = (res: { status: number; body: unknown }, text?: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    if (text) expect(JSON.stringify(res.body)).toContain(text);
  };

  it('a dashboard period at the end of year 9999 is refused at once; the server keeps answering', async () => {
    const started = Date.now();
    expect400(await get(`${DASHBOARD_API.dashboard}?from=9999-12-25&to=9999-12-31`));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await t.request({ method: 'GET', url: '/healthz' })).status).toBe(200);
    // The same period inside the years the portal handles still answers its seven days.
    const ok = await get(`${DASHBOARD_API.dashboard}?from=2099-12-25&to=2099-12-31`);
    expect(ok.status).toBe(200);
    expect((ok.body as { data: { registrationsPerDay: unknown[] } }).data.registrationsPerDay).toHaveLength(
      7,
    );
  });

  it('years before 2000, 30 February and periods over 366 days are 400 on the dashboard and the audit trail', async () => {
    const yearRange = DATE_MESSAGES.yearRange(2000, 2100);
    expect400(await get(`${DASHBOARD_API.dashboard}?from=0001-01-01&to=2026-01-01`), yearRange);
    expect400(await get(`${DASHBOARD_API.dashboard}?from=2025-02-30&to=2025-03-02`));
    expect400(await get(`${ADMIN_AUDIT_API.audit}?from=0001-01-01`), yearRange);
    expect400(await get(`${ADMIN_AUDIT_API.auditCsv}?from=0001-01-01`), yearRange);
    expect400(await get(`${ADMIN_AUDIT_API.audit}?to=2025-02-30`));
    expect400(
      await get(`${ADMIN_AUDIT_API.audit}?from=2025-01-01&to=2026-01-02`),
      DATE_MESSAGES.rangeTooLong(366),
    );
    expect((await get(`${ADMIN_AUDIT_API.audit}?from=2025-01-01&to=2025-12-31`)).status).toBe(200);
  });

  it('an audit target id beyond the integer column is a 400, not a 500', async () => {
    expect400(await get(`${ADMIN_AUDIT_API.audit}?target=user:2147483648`));
    expect400(await get(`${ADMIN_AUDIT_API.audit}?target=user:9999999999`));
    expect((await get(`${ADMIN_AUDIT_API.audit}?target=user:2147483647`)).status).toBe(200);
  });

  it('a donation made elsewhere on day 0000-01-01 or 30 February is refused and nothing is stored', async () => {
    const post = (date: string) =>
      t.request({
        method: 'POST',
        url: ADMIN_DONOR_API.donorExternalDonations(donorId),
        headers: admin,
        payload: { date, donationType: 'WHOLE_BLOOD', place: 'Bệnh viện Chợ Rẫy' },
      });
    expect400(await post('0000-01-01'));
    expect400(await post('2025-02-30'));
    const stored = await t.database.db
      .select()
      .from(externalDonations)
      .where(eq(externalDonations.userId, donorId));
    expect(stored).toEqual([]);
  });

  it('a news publication time in year 0 or ±275760 is a 400', async () => {
    for (const publishAt of [
      '0000-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '2025-02-30T08:00:00.000Z',
    ]) {
      const res = await t.request({
        method: 'PUT',
        url: ADMIN_NEWS_API.newsItem(newsId),
        headers: admin,
        payload: { title: 'Tin thử', content: '<p>Nội dung</p>', publishAt },
      });
      expect400(res);
    }
  });

  it('campaign times in year +275760 are a 400 and the campaign is unchanged', async () => {
    const [before] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    const far = '+275760-09-13T00:00:00.000Z';
    const res = await t.request({
      method: 'PUT',
      url: ADMIN_CAMPAIGN_API.campaign(campaignId),
      headers: admin,
      payload: {
        name: 'Chiến dịch',
        location: 'Nhà văn hóa',
        organizeTime: far,
        startReceiveTime: far,
        endReceiveTime: far,
        description: '',
        targetBloodUnits: 100,
        questionSetId: 1,
      },
    });
    expect400(res);
    const [after] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(after).toEqual(before);
  });

  it("slot starts and a broadcast's day must be real days of 2000–2100", async () => {
    expect400(
      await t.request({
        method: 'PUT',
        url: SLOT_API.adminCampaignSlots(campaignId),
        headers: admin,
        payload: [{ start: '+275760-09-13T00:00:00.000Z', capacity: 5 }],
      }),
    );
    expect400(
      await t.request({
        method: 'POST',
        url: ADMIN_BROADCAST_API.broadcastPreviewCount,
        headers: admin,
        payload: { kind: 'ELIGIBLE_FROM', date: '2025-02-30' },
      }),
    );
  });
});
