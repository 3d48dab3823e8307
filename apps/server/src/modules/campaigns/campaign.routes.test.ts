import { ZCampaignListResponse } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKINGS_PER_CAMPAIGN } from '../../seed/demo-registrations.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('GET /api/campaigns on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('lists the seeded campaigns soonest first, in the contract shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/campaigns' });
    expect(res.status).toBe(200);
    const body = ZCampaignListResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(6);
    const times = body.data.map((c) => Date.parse(c.organizeTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.data[0]).toMatchObject({ name: 'Ngày hội Chủ nhật Đỏ 2026', targetBloodUnits: 500 });
    // Seeded relative to the clock: 3 days after 22/11/2026, 07:00 Vietnam time.
    expect(body.data[0]!.startReceiveTime).toBe('2026-11-25T00:00:00.000Z');
    // Demo registrations are real BOOKING rows, counted per campaign.
    expect(body.data.map((c) => c.appointmentCount)).toEqual(DEMO_BOOKINGS_PER_CAMPAIGN);
  });

  it('hides campaigns whose receive window has ended', async () => {
    t.clock.set('2026-11-26T00:00:00.000Z');
    const res = await t.request({ method: 'GET', url: '/api/campaigns' });
    expect(res.body.data.map((c: { name: string }) => c.name)).not.toContain('Ngày hội Chủ nhật Đỏ 2026');
  });
});
