import { ZAdminUnitListResponse, ZErrorBody } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('administrative units on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    // Reference data from a file: nothing in the database is needed.
    t = await createTestContext(kind, { seed: false });
  });
  afterAll(() => t.close());

  it('lists the 34 provinces and cities in force since 1 July 2025, without a token', async () => {
    const res = await t.request({ method: 'GET', url: '/api/administrative-units/provinces' });
    expect(res.status).toBe(200);
    const body = ZAdminUnitListResponse.parse(res.body);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(34);
    const names = body.data.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Thành phố Hà Nội',
        'Thành phố Hồ Chí Minh',
        'Thành phố Huế',
        'Tỉnh Quảng Ninh',
        'Tỉnh Lâm Đồng',
      ]),
    );
    // Provinces merged away on 1 July 2025 are gone.
    expect(names).not.toContain('Tỉnh Hà Giang');
    expect(names).not.toContain('Tỉnh Bình Dương');
    expect(new Set(body.data.map((p) => p.code)).size).toBe(34);
    expect(names.every((n) => n === n.normalize('NFC'))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('has 3,321 communes, wards and special zones in total, each province with its own', async () => {
    const provinces = ZAdminUnitListResponse.parse(
      (await t.request({ method: 'GET', url: '/api/administrative-units/provinces' })).body,
    ).data;
    let total = 0;
    const allCodes = new Set<string>();
    for (const p of provinces) {
      const res = await t.request({
        method: 'GET',
        url: `/api/administrative-units/provinces/${p.code}/wards`,
      });
      expect(res.status).toBe(200);
      const wards = ZAdminUnitListResponse.parse(res.body).data;
      expect(wards.length).toBeGreaterThan(0);
      for (const w of wards) {
        expect(w.name).toMatch(/^(Phường|Xã|Đặc khu) \S/);
        expect(w.name).toBe(w.name.normalize('NFC'));
        allCodes.add(w.code);
      }
      total += wards.length;
    }
    expect(total).toBe(3321);
    expect(allCodes.size).toBe(3321);
  });

  it("lists Hà Nội's wards and communes with their current names", async () => {
    const provinces = ZAdminUnitListResponse.parse(
      (await t.request({ method: 'GET', url: '/api/administrative-units/provinces' })).body,
    ).data;
    const hanoi = provinces.find((p) => p.name === 'Thành phố Hà Nội')!;
    const res = await t.request({
      method: 'GET',
      url: `/api/administrative-units/provinces/${hanoi.code}/wards`,
    });
    const names = ZAdminUnitListResponse.parse(res.body).data.map((w) => w.name);
    expect(names).toHaveLength(126);
    expect(names).toEqual(
      expect.arrayContaining([
        'Phường Hoàn Kiếm',
        'Phường Ba Đình',
        'Phường Cửa Nam',
        'Phường Cầu Giấy',
        'Xã Bát Tràng',
      ]),
    );
  });

  it('answers 404 with a Vietnamese message for an unknown province code', async () => {
    const res = await t.request({ method: 'GET', url: '/api/administrative-units/provinces/999/wards' });
    expect(res.status).toBe(404);
    const body = ZErrorBody.parse(res.body);
    expect(body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy tỉnh/thành phố',
    });
  });
});
