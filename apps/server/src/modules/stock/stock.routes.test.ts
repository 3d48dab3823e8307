import {
  ADMIN_STOCK_API,
  API_KEY_MESSAGES,
  INTEGRATION_API,
  STOCK_API,
  STOCK_GROUP_ORDER,
  STOCK_MESSAGES,
  STOCK_TEXTS,
  type TStockEntry,
} from '@giot-hong/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, bloodStockChanges } from '../../db/schema/index.ts';
import { createLoggedInUser, loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { createApiKey } from '../../../test/units.ts';

type Auth = Record<string, string>;
const DAY = 24 * 60 * 60 * 1000;
const CHAPTER = 'Hội Chữ thập đỏ quận Ba Đình';

// On both databases (test/helper.ts, DB_KINDS): a setting is an INSERT … ON CONFLICT DO UPDATE
// of several groups at once, with its history and audit rows in one transaction.
describe.each(DB_KINDS)('the blood stock board on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let admin: Auth;
  let donor: Auth;
  let key: { id: number; auth: Auth };

  const board = async () => {
    const res = await t.request({ method: 'GET', url: STOCK_API.board });
    expect(res.status).toBe(200);
    return res;
  };
  const entry = (groups: TStockEntry[], group: string) => groups.find((g) => g.group === group)!;
  const put = (url: string, headers: Auth | undefined, payload: unknown) =>
    t.request({ method: 'PUT', url, headers, payload });

  beforeAll(async () => {
    t = await createTestContext(kind, { env: { CHAPTER_NAME: CHAPTER, INTEGRATION_RATE_LIMIT: '10000' } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    admin = { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` };
    donor = (await createLoggedInUser(t)).auth;
    key = await createApiKey(t, admin, ['stock:write']);
  });
  afterAll(() => t?.close());

  it('starts with eight groups, none set, each "chưa cập nhật"', async () => {
    const res = await board();
    expect(res.body.data.groups.map((g: TStockEntry) => g.group)).toEqual([...STOCK_GROUP_ORDER]);
    for (const g of res.body.data.groups)
      expect(g).toEqual({
        group: g.group,
        level: null,
        note: null,
        updatedAt: null,
        updatedBy: null,
        stale: true,
      });
  });

  it('staff set some groups with a note; the board names the chapter, never the person; audited', async () => {
    const res = await put(ADMIN_STOCK_API.stock, staff, {
      levels: [
        { group: 'O-', level: 'CRITICAL', note: '  Cần gấp cho ca mổ  ' },
        { group: 'A+', level: 'OK' },
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(STOCK_TEXTS.saved);
    expect(entry(res.body.data.groups, 'O-')).toEqual({
      group: 'O-',
      level: 'CRITICAL',
      note: 'Cần gấp cho ca mổ',
      updatedAt: TEST_NOW,
      updatedBy: CHAPTER,
      updatedByAccount: 'canbo',
      stale: false,
    });

    const pub = await board();
    expect(entry(pub.body.data.groups, 'O-')).toEqual({
      group: 'O-',
      level: 'CRITICAL',
      note: 'Cần gấp cho ca mổ',
      updatedAt: TEST_NOW,
      updatedBy: CHAPTER,
      stale: false,
    });
    // A group left out keeps what it had (here: nothing).
    expect(entry(pub.body.data.groups, 'B+')).toMatchObject({ level: null, stale: true });
    expect(JSON.stringify(pub.body)).not.toContain('canbo');

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stock.update'))
      .orderBy(asc(auditLog.id));
    expect(rows.map((r) => [r.actorRole, r.targetType, r.targetId, r.detail, r.requestId])).toEqual([
      ['STAFF', 'stock', null, { levels: 'O-=CRITICAL,A+=OK' }, res.headers['x-request-id']],
    ]);
  });

  it('answers with an ETag and 304 to it; a change gives a new one at once', async () => {
    const first = await board();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.request({
      method: 'GET',
      url: STOCK_API.board,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const changed = await put(ADMIN_STOCK_API.stock, admin, { levels: [{ group: 'AB-', level: 'LOW' }] });
    expect(changed.status).toBe(200);
    const after = await t.request({
      method: 'GET',
      url: STOCK_API.board,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(entry(after.body.data.groups, 'AB-')).toMatchObject({ level: 'LOW', updatedBy: CHAPTER });
  });

  it('a donor, an anonymous visitor and bad bodies are refused, changing nothing', async () => {
    const before = JSON.stringify((await board()).body.data);
    const body = { levels: [{ group: 'O+', level: 'HIGH' }] };
    expect((await put(ADMIN_STOCK_API.stock, undefined, body)).status).toBe(401);
    expect((await put(ADMIN_STOCK_API.stock, donor, body)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: ADMIN_STOCK_API.stock, headers: donor })).status).toBe(403);
    const twice = await put(ADMIN_STOCK_API.stock, staff, {
      levels: [
        { group: 'O+', level: 'HIGH' },
        { group: 'O+', level: 'LOW' },
      ],
    });
    expect([twice.status, JSON.stringify(twice.body)]).toEqual([
      400,
      expect.stringContaining(STOCK_MESSAGES.groupTwice),
    ]);
    const unknown = await put(ADMIN_STOCK_API.stock, staff, { levels: [{ group: 'O+', level: 'EMPTY' }] });
    expect([unknown.status, JSON.stringify(unknown.body)]).toEqual([
      400,
      expect.stringContaining(STOCK_MESSAGES.levelRequired),
    ]);
    expect(JSON.stringify((await board()).body.data)).toBe(before);
  });

  it("the blood centre's key with stock:write sets levels as 'Trung tâm máu'; its call is audited", async () => {
    const res = await put(INTEGRATION_API.stock, key.auth, {
      levels: [
        { group: 'O+', level: 'HIGH', note: 'Đủ cho 2 tuần' },
        { group: 'O-', level: 'LOW' },
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(entry(res.body.data.groups, 'O-')).toEqual({
      group: 'O-',
      level: 'LOW',
      note: null,
      updatedAt: TEST_NOW,
      updatedBy: STOCK_TEXTS.bloodCentre,
      stale: false,
    });
    expect(res.body.data.groups[0]).not.toHaveProperty('updatedByAccount');
    expect(entry((await board()).body.data.groups, 'O+')).toMatchObject({
      level: 'HIGH',
      updatedBy: 'Trung tâm máu',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.receive'), eq(auditLog.targetId, key.id)));
    expect([audit!.actorId, audit!.actorRole, audit!.targetType, audit!.detail, audit!.requestId]).toEqual([
      null,
      'API_KEY',
      'api-key',
      { levels: 'O+=HIGH,O-=LOW' },
      res.headers['x-request-id'],
    ]);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt?.toISOString()).toBe(TEST_NOW);
    // The history keeps every setting of O−, notes included, with who made it.
    const history = await t.database.db
      .select()
      .from(bloodStockChanges)
      .where(eq(bloodStockChanges.bloodGroup, 'O-'))
      .orderBy(asc(bloodStockChanges.id));
    expect(history.map((h) => [h.level, h.note, h.source, h.apiKeyId])).toEqual([
      ['CRITICAL', 'Cần gấp cho ca mổ', 'STAFF', null],
      ['LOW', null, 'API', key.id],
    ]);
  });

  it('a key without stock:write gets 403, a login token or no key 401, and a key nothing elsewhere', async () => {
    const unitsOnly = await createApiKey(t, admin, ['units:write']);
    const body = { levels: [{ group: 'B-', level: 'CRITICAL' }] };
    const forbidden = await put(INTEGRATION_API.stock, unitsOnly.auth, body);
    expect([forbidden.status, forbidden.body.message]).toEqual([403, API_KEY_MESSAGES.forbidden]);
    const token = await put(INTEGRATION_API.stock, staff, body);
    expect([token.status, token.body.message]).toEqual([401, API_KEY_MESSAGES.unauthorized]);
    expect((await put(INTEGRATION_API.stock, undefined, body)).status).toBe(401);
    // The key is no staff member: the admin route refuses it.
    expect((await put(ADMIN_STOCK_API.stock, key.auth, body)).status).toBe(401);
    expect(entry((await board()).body.data.groups, 'B-')).toMatchObject({ level: null });
  });

  it("a level set 7 days ago turns 'chưa cập nhật' (stale) at that instant, keeping its level", async () => {
    const at = new Date(TEST_NOW).getTime();
    t.clock.set(new Date(at + 7 * DAY - 1));
    expect(entry((await board()).body.data.groups, 'A+')).toMatchObject({ level: 'OK', stale: false });
    t.clock.set(new Date(at + 7 * DAY));
    const late = (await board()).body.data.groups;
    expect(entry(late, 'A+')).toMatchObject({ level: 'OK', stale: true, updatedAt: TEST_NOW });
    // Setting it again, even to the same level, makes it current (a new login: a week-old token is over).
    const later = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const again = await put(ADMIN_STOCK_API.stock, later, { levels: [{ group: 'A+', level: 'OK' }] });
    expect(again.status, again.body.message).toBe(200);
    expect(entry((await board()).body.data.groups, 'A+')).toMatchObject({ level: 'OK', stale: false });
    t.clock.set(TEST_NOW);
  });
});
