import { sql } from 'drizzle-orm';
import { SEARCH_FORMS, seedSearchDonors } from '../../../test/donor-search-load.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DB_KINDS, type DbKind, type TestContext } from '../../../test/helper.ts';
import { createDonorsAdminRepository } from './donors-admin.repository.ts';
import { parseDonorSearch } from './donor-search.ts';

const DONORS = 100_000;

/** Index names of a JSON plan, and the tables it reads whole. */
function planOf(plan: unknown): { indexes: string[]; seqScans: string[] } {
  const indexes: string[] = [];
  const seqScans: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Index Name'] === 'string') indexes.push(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan') seqScans.push(String(node['Relation Name']));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return { indexes, seqScans };
}

/**
 * The donor search at a chapter's scale: 100,000 donors. Every form of search (a word of the
 * name, several words, a phone's beginning or end, an e-mail, the whole ID number, its last 4
 * digits with a word of the name) is answered through an index, never by reading every donor.
 */
// On PostgreSQL when the run has one (the database a chapter of this size runs on), else on the
// embedded one: the same planner either way, and 100,000 donors take ~20 s to make.
const KINDS: DbKind[] = DB_KINDS.includes('postgres') ? ['postgres'] : ['pglite'];

describe.each(KINDS)('the donor search with 100,000 donors, on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { seed: false });
    await seedSearchDonors(t.database.db, DONORS);
  }, 240_000);
  afterAll(() => t?.close());

  it('answers every form of search through an index', { timeout: 60_000 }, async () => {
    const repo = createDonorsAdminRepository(t.database.db);
    for (const [form, text] of Object.entries(SEARCH_FORMS)) {
      // The statements the donor search runs for a page: its rows with the number of matches, and the
      // number alone (a page past the last).
      const q = repo.searchQueries(parseDonorSearch(text), 0);
      for (const [part, statement] of [
        ['page', q.page.getSQL()],
        ['count', q.count],
      ] as const) {
        const res = (await t.database.db.execute(sql`explain (format json) ${statement}`)) as unknown as {
          rows: { 'QUERY PLAN': unknown }[];
        };
        const plan = planOf(res.rows[0]!['QUERY PLAN']);
        expect(plan.seqScans, `${form} (${part}): no table read whole`).toEqual([]);
        expect(plan.indexes.length, `${form} (${part}): an index`).toBeGreaterThan(0);
      }
    }
  });
});
