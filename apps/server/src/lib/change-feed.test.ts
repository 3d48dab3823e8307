import { ADMIN_CAMPAIGN_API, API, QUESTION_SET_API, STOCK_API, ADMIN_STOCK_API } from '@giot-hong/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { loginStaff } from '../../test/auth.ts';
import { createVerifiedDonor } from '../../test/donor.ts';
import { createPostgresDatabase, createTestContext, DB_KINDS, type TestContext } from '../../test/helper.ts';
import { processSecrets } from '../../test/server-process.ts';
import { CHANGE_CHANNEL } from './change-feed.ts';

type Auth = Record<string, string>;

/** Polls `read` until it satisfies `check`, for at most a second (what "at once" means here). */
const withinASecond = <T>(read: () => Promise<T>, check: (value: T) => void) =>
  vi.waitFor(async () => check(await read()), { timeout: 1_000, interval: 20 });

/**
 * Two apps on one PostgreSQL, each with its own pool and its own LISTEN connection, as two portal
 * processes behind a load balancer: a write through one is read through the other at once.
 * PostgreSQL only by nature: the embedded database belongs to one process, where publishing is
 * local (its caches are covered by the routes' own tests).
 */
describe.runIf(DB_KINDS.includes('postgres'))('the change feed between two apps on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let a: TestContext;
  let b: TestContext;
  let staffA: Auth;

  /** The backends listening on the feed's channel in this test's database. */
  const listeners = async () =>
    (
      (await a.database.db.execute(sql`
        select pid from pg_stat_activity
        where datname = current_database() and query = ${`listen ${CHANGE_CHANNEL}`}`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows.map((r) => r.pid);

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    // The same secrets in both, as processes of one deployment: a login on one is valid on the other.
    const env = processSecrets();
    a = await createTestContext('postgres', {
      env,
      database: await openDatabase({ kind: 'postgres', url: created.url, poolSize: 3 }),
    });
    b = await createTestContext('postgres', {
      env,
      seed: false,
      database: await openDatabase({ kind: 'postgres', url: created.url, poolSize: 3 }),
    });
    await Promise.all([a.app.changes.listening(), b.app.changes.listening()]);
    staffA = { authorization: `Bearer ${(await loginStaff(a)).accessToken}` };
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await drop?.();
  });

  const openCampaigns = async (t: TestContext) =>
    (await t.request({ method: 'GET', url: API.campaigns })).body.data as { id: number; name: string }[];
  const campaignNames = async (t: TestContext) => (await openCampaigns(t)).map((c) => c.name);
  /** Renames an open campaign through app `a`, as staff do in the console. */
  const rename = async (id: number, name: string) => {
    const c = (await a.request({ method: 'GET', url: ADMIN_CAMPAIGN_API.campaign(id), headers: staffA })).body
      .data;
    const res = await a.request({
      method: 'PUT',
      url: ADMIN_CAMPAIGN_API.campaign(id),
      headers: staffA,
      payload: {
        name,
        location: c.location,
        organizeTime: c.organizeTime,
        startReceiveTime: c.startReceiveTime,
        endReceiveTime: c.endReceiveTime,
        description: c.description,
        targetBloodUnits: c.targetBloodUnits,
        questionSetId: c.questionSetId,
      },
    });
    expect(res.status, res.body.message).toBe(200);
  };

  it('a campaign renamed through one app is listed by the other at once', async () => {
    const [first] = await openCampaigns(b);
    expect(first).toBeDefined();
    await rename(first!.id, 'Ngày hội hiến máu (đã dời địa điểm)');
    await withinASecond(
      () => campaignNames(b),
      (names) => expect(names).toContain('Ngày hội hiến máu (đã dời địa điểm)'),
    );
  });

  it('a stock level set through one app is on the other\u2019s board at once', async () => {
    const before = (await b.request({ method: 'GET', url: STOCK_API.board })).body.data.groups;
    expect(before.find((g: { group: string }) => g.group === 'O-').level).toBeNull();
    const put = await a.request({
      method: 'PUT',
      url: ADMIN_STOCK_API.stock,
      headers: staffA,
      payload: { levels: [{ group: 'O-', level: 'CRITICAL' }] },
    });
    expect(put.status, put.body.message).toBe(200);
    await withinASecond(
      async () => (await b.request({ method: 'GET', url: STOCK_API.board })).body.data.groups,
      (groups) => expect(groups.find((g: { group: string }) => g.group === 'O-').level).toBe('CRITICAL'),
    );
  });

  it('a question set edited through one app is what registration on the other reads at once', async () => {
    const donor = await createVerifiedDonor(a);
    const questions = async () =>
      (
        (await b.request({ method: 'GET', url: `${API.questionSet}?id=1`, headers: donor.auth })).body.data
          .sections as { questions: { content: string }[] }[]
      ).flatMap((s) => s.questions.map((q) => q.content));
    const before = await questions();
    const set = (await a.request({ method: 'GET', url: QUESTION_SET_API.one(1), headers: staffA })).body.data;
    const added = 'Anh/chị có mang giấy tờ tùy thân không?';
    const edited = {
      name: set.name,
      sections: set.sections.map(
        (s: { name: string; questions: { content: string; hasDetail: boolean }[] }, i: number) => ({
          name: s.name,
          questions: [
            ...s.questions.map((q) => ({ content: q.content, hasDetail: q.hasDetail })),
            ...(i === 0 ? [{ content: added, hasDetail: false }] : []),
          ],
        }),
      ),
    };
    const put = await a.request({
      method: 'PUT',
      url: QUESTION_SET_API.one(1),
      headers: staffA,
      payload: edited,
    });
    expect(put.status, put.body.message).toBe(200);
    await withinASecond(questions, (after) => {
      expect(after).toContain(added);
      expect(after).toHaveLength(before.length + 1);
    });
  });

  it('after its listening connection is killed, an app reconnects and hears later changes', async () => {
    const killed = await listeners();
    expect(killed).toHaveLength(2);
    await campaignNames(b);
    await a.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = ${`listen ${CHANGE_CHANNEL}`}`);
    // A change while nobody listens: heard by no one, and still seen once the app is back (every
    // cache is dropped on reconnection).
    const second = (await openCampaigns(b))[1]!;
    await rename(second.id, 'Hiến máu trong lúc mất kết nối');
    await vi.waitFor(
      async () => {
        const now = await listeners();
        expect(now).toHaveLength(2);
        expect(now.filter((pid) => killed.includes(pid))).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
    await withinASecond(
      () => campaignNames(b),
      (names) => expect(names).toContain('Hiến máu trong lúc mất kết nối'),
    );
    // And a change after the reconnection arrives by notification again.
    await rename(second.id, 'Hiến máu sau khi kết nối lại');
    await withinASecond(
      () => campaignNames(b),
      (names) => expect(names).toContain('Hiến máu sau khi kết nối lại'),
    );
  });
});
