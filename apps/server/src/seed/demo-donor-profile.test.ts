import { API } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDemoDonor } from '../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { seedDemoData } from './seed.ts';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('demo donor on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('is verified (EXTRACTED) and may register for a campaign at once', async () => {
    const { accessToken } = await loginDemoDonor(t);
    const auth = { authorization: `Bearer ${accessToken}` };
    const status = await t.request({ method: 'GET', url: API.userStatus, headers: auth });
    expect(status.body.data.status).toBe('EXTRACTED');
    const [campaign] = (await t.request({ method: 'GET', url: API.campaigns })).body.data;
    const check = await t.request({
      method: 'GET',
      url: `${API.registrationCheck}?campaignId=${campaign.id}`,
      headers: auth,
    });
    expect(check.body.data.status).toBe('SUCCESS');
  });

  it('seeding again changes nothing', async () => {
    await seedDemoData(t.database.db, t.clock);
    const { accessToken } = await loginDemoDonor(t);
    const info = await t.request({
      method: 'GET',
      url: API.userFullInfo,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(info.body.data).toMatchObject({
      full_name: 'Nguyễn Văn An',
      card_id: '001095000001',
      extract_status: 'EXTRACTED',
    });
  });
});
