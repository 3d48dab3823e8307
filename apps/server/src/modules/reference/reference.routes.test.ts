import { API, FREE_ORGANIZATION } from '@giot-hong/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/index.ts';
import { DEMO_JOBS, DEMO_ORGANIZATIONS } from '../../seed/demo-catalog.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('reference data API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('lists the jobs as exactly {id, job}, in their order', async () => {
    const res = await t.request({ method: 'GET', url: API.jobs });
    expect([res.status, res.body.success]).toEqual([200, true]);
    const jobs = res.body.data as Record<string, unknown>[];
    expect(jobs.map((j) => Object.keys(j).sort())).toEqual(DEMO_JOBS.map(() => ['id', 'job']));
    expect(jobs.map((j) => j.job)).toEqual([...DEMO_JOBS]);
    expect(jobs.every((j) => Number.isInteger(j.id))).toBe(true);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
  });

  it("lists the organizations with the synthetic 'Tự do' (id 0, type OTHER) first, once", async () => {
    const res = await t.request({ method: 'GET', url: API.organizationsOther });
    expect([res.status, res.body.success]).toEqual([200, true]);
    const list = res.body.data as Record<string, unknown>[];
    expect(list[0]).toEqual({ id: 0, name: 'Tự do', type: 'OTHER' });
    expect(list[0]).toEqual(FREE_ORGANIZATION);
    expect(list.filter((o) => o.id === 0 || o.name === 'Tự do')).toHaveLength(1);
    // Then the organizations of type OTHER, by name, each exactly {id, name, type}.
    const stored = await t.database.db
      .select({ id: organizations.id, name: organizations.name, type: organizations.type })
      .from(organizations)
      .where(eq(organizations.type, 'OTHER'))
      .orderBy(asc(organizations.name));
    expect(list.slice(1)).toEqual(stored);
    expect(stored.map((o) => o.name).sort()).toEqual(
      DEMO_ORGANIZATIONS.filter((o) => o.type === 'OTHER')
        .map((o) => o.name)
        .sort(),
    );
    expect(list.every((o) => Object.keys(o).sort().join() === 'id,name,type')).toBe(true);
  });
});
