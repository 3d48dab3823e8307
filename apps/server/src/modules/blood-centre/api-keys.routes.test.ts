import {
  ADMIN_API_KEYS_API,
  API_KEY_FORMAT,
  API_KEY_MESSAGES,
  DONATION_RECORD_API,
  ADMIN_WAITING_WORK_API,
  ADMIN_AUDIT_API,
  INTEGRATION_API,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog } from '../../db/schema/index.ts';
import { createLoggedInUser, loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { createApiKey, sendEvents, unitEvent } from '../../../test/units.ts';

type Auth = Record<string, string>;

/** Calls one key may make per minute in this file (INTEGRATION_RATE_LIMIT). */
const PER_MINUTE = 4;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): keys, their checks and their
// audit rows are plain reads and writes; the per-key counter is the throttle module's (its row
// lock is tested there). Concurrent event batches are in unit-events.routes.test.ts, on both.
describe.each(EMBEDDED_ONLY)('API keys of the blood centre on %s', (kind) => {
  let t: TestContext;
  let admin: Auth;
  let staff: Auth;
  let donor: Auth;

  /** A batch the route accepts whatever the database holds: one event about no known unit. */
  const probe = (key: Auth, ip?: string) =>
    sendEvents(t, key, [unitEvent.processed(t, `probe-${Math.random()}`, 'NOPE-0000')], ip);

  beforeAll(async () => {
    t = await createTestContext(kind, { env: { INTEGRATION_RATE_LIMIT: String(PER_MINUTE) } });
    admin = { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` };
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donor = (await createLoggedInUser(t)).auth;
  });
  afterAll(() => t?.close());

  it('keys are for an ADMIN: 401 anonymous, 403 donor and STAFF on every key route', async () => {
    const routes: [string, string][] = [
      ['GET', ADMIN_API_KEYS_API.keys],
      ['POST', ADMIN_API_KEYS_API.keys],
      ['GET', ADMIN_API_KEYS_API.key(1)],
      ['POST', ADMIN_API_KEYS_API.revoke(1)],
    ];
    for (const [method, url] of routes) {
      expect((await t.request({ method: method as 'GET', url })).status, url).toBe(401);
      expect((await t.request({ method: method as 'GET', url, headers: donor })).status, url).toBe(403);
      expect((await t.request({ method: method as 'GET', url, headers: staff })).status, url).toBe(403);
    }
  });

  it('shows a new key once, keeps only its hash, and audits the creation', async () => {
    const res = await t.request({
      method: 'POST',
      url: ADMIN_API_KEYS_API.keys,
      headers: admin,
      payload: { name: 'Viện Huyết học', scopes: ['units:write', 'units:write'], expiresOn: '2027-06-30' },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.message).toBe(API_KEY_MESSAGES.created);
    const key = res.body.data.key as string;
    expect(key).toMatch(API_KEY_FORMAT);
    expect(res.body.data).toMatchObject({
      name: 'Viện Huyết học',
      prefix: key.slice(0, 12),
      scopes: ['units:write'],
      state: 'ACTIVE',
      expiresOn: '2027-06-30',
      createdBy: 'quantri',
      lastUsedAt: null,
      revokedAt: null,
    });
    const id = res.body.data.id as number;

    // At rest: the SHA-256 of the key, and the key in no column.
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(13));
    // Never again: not in the list, not in the key's own view.
    const list = await t.request({ method: 'GET', url: ADMIN_API_KEYS_API.keys, headers: admin });
    expect(JSON.stringify(list.body)).not.toContain(key.slice(13));
    expect(list.body.data.find((k: { id: number }) => k.id === id)).not.toHaveProperty('key');
    const one = await t.request({ method: 'GET', url: ADMIN_API_KEYS_API.key(id), headers: admin });
    expect(one.body.data).not.toHaveProperty('key');
    expect(one.body.data.prefix).toBe(key.slice(0, 12));

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-key.create'), eq(auditLog.targetId, id)));
    expect(rows.map((r) => [r.actorRole, r.targetType, r.detail])).toEqual([
      ['ADMIN', 'api-key', { scopes: 'units:write', expiresOn: '2027-06-30' }],
    ]);
  });

  it('refuses a name, scopes or an expiry it cannot take, in the contract words', async () => {
    const create = (payload: unknown) =>
      t.request({ method: 'POST', url: ADMIN_API_KEYS_API.keys, headers: admin, payload });
    const noScope = await create({ name: 'X', scopes: [] });
    expect([noScope.status, JSON.stringify(noScope.body)]).toEqual([
      400,
      expect.stringContaining(API_KEY_MESSAGES.scopesRequired),
    ]);
    const noName = await create({ name: ' ', scopes: ['units:write'] });
    expect(JSON.stringify(noName.body)).toContain(API_KEY_MESSAGES.nameRequired);
    // Today (Vietnam) is not after today; 30 February is no day at all.
    for (const expiresOn of [TEST_NOW.slice(0, 10), '2027-02-30']) {
      const bad = await create({ name: 'X', scopes: ['units:write'], expiresOn });
      expect([bad.status, bad.body.message], expiresOn).toEqual([400, API_KEY_MESSAGES.expiryPast]);
    }
  });

  it('a key opens the integration routes only; a login token never does', async () => {
    const { auth } = await createApiKey(t, admin);
    const ok = await probe(auth);
    expect(ok.status, ok.body.message).toBe(200);

    // No key, a made-up key, a login's access token (donor, staff, ADMIN): 401 in the envelope.
    const forged = { authorization: `Bearer ghk_AAAAAAAA_${'x'.repeat(43)}` };
    for (const headers of [{}, forged, donor, staff, admin]) {
      const res = await probe(headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        success: false,
        message: API_KEY_MESSAGES.unauthorized,
        data: null,
        code: 'UNAUTHORIZED',
      });
      expect(res.body.requestId).toEqual(expect.any(String));
    }
    // The key on donor and staff routes: the login guards refuse it like any unknown token.
    for (const url of [
      DONATION_RECORD_API.mine,
      ADMIN_WAITING_WORK_API.waitingWork,
      ADMIN_API_KEYS_API.keys,
    ]) {
      const res = await t.request({ method: 'GET', url, headers: auth });
      expect([url, res.status, res.body.success]).toEqual([url, 401, false]);
    }
  });

  it('a key without the route scope gets 403', async () => {
    const { auth } = await createApiKey(t, admin, ['stock:write']);
    const res = await probe(auth);
    expect([res.status, res.body.message, res.body.code]).toEqual([
      403,
      API_KEY_MESSAGES.forbidden,
      'FORBIDDEN',
    ]);
  });

  it('a revoked key gets 401 at once; revoking twice is 409; both audited once', async () => {
    const { id, auth } = await createApiKey(t, admin);
    expect((await probe(auth)).status).toBe(200);
    const revoked = await t.request({ method: 'POST', url: ADMIN_API_KEYS_API.revoke(id), headers: admin });
    expect([revoked.status, revoked.body.message, revoked.body.data.state]).toEqual([
      200,
      API_KEY_MESSAGES.revoked,
      'REVOKED',
    ]);
    const refused = await probe(auth);
    expect([refused.status, refused.body.message]).toEqual([401, API_KEY_MESSAGES.unauthorized]);
    const again = await t.request({ method: 'POST', url: ADMIN_API_KEYS_API.revoke(id), headers: admin });
    expect([again.status, again.body.message]).toEqual([409, API_KEY_MESSAGES.alreadyRevoked]);
    const missing = await t.request({
      method: 'POST',
      url: ADMIN_API_KEYS_API.revoke(999_999),
      headers: admin,
    });
    expect([missing.status, missing.body.message]).toEqual([404, API_KEY_MESSAGES.notFound]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api-key.revoke'), eq(auditLog.targetId, id)));
    expect(rows).toHaveLength(1);
  });

  it('a key stops at the end of its last day (Vietnam), and is listed as expired', async () => {
    const tomorrow = new Date(Date.parse(TEST_NOW) + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const { id, auth } = await createApiKey(t, admin, ['units:write'], { expiresOn: tomorrow });
    try {
      // 23:59 of its last day in Vietnam: still valid.
      t.clock.set(new Date(`${tomorrow}T23:59:00+07:00`));
      expect((await probe(auth)).status).toBe(200);
      t.clock.set(new Date(new Date(`${tomorrow}T23:59:00+07:00`).getTime() + 120_000));
      expect((await probe(auth)).status).toBe(401);
      // (Through the service: the ADMIN's 15-minute login did not survive the jump in time.)
      expect((await t.app.apiKeys.one(id)).state).toBe('EXPIRED');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('each call sets the last use and writes one audit row with its counts, not one per event', async () => {
    const { id, auth } = await createApiKey(t, admin);
    const res = await sendEvents(t, auth, [
      unitEvent.processed(t, 'count-1', 'NOPE-0001'),
      unitEvent.processed(t, 'count-2', 'NOPE-0002'),
      { nonsense: true },
    ]);
    expect(res.body.data).toMatchObject({ accepted: 0, duplicates: 0, refused: 3 });
    const one = await t.request({ method: 'GET', url: ADMIN_API_KEYS_API.key(id), headers: admin });
    expect(one.body.data.lastUsedAt).toBe(TEST_NOW);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unit-events.receive'), eq(auditLog.targetId, id)));
    expect(rows.map((r) => [r.actorId, r.actorRole, r.targetType, r.detail])).toEqual([
      [null, 'API_KEY', 'api-key', { accepted: 0, duplicates: 0, refused: 3 }],
    ]);
    expect(rows[0]!.requestId).toEqual(expect.any(String));
    // The ADMIN's audit page names the key (its name and public prefix) and says the counts (in
    // the order jsonb keeps the keys).
    const page = await t.request({
      method: 'GET',
      url: `${ADMIN_AUDIT_API.audit}?target=api-key:${id}&action=unit-events`,
      headers: admin,
    });
    expect(
      page.body.data.data.map((e: { targetName: string; detailText: string }) => [
        e.targetName,
        e.detailText,
      ]),
    ).toEqual([
      [
        expect.stringMatching(/^Trung tâm máu \(ghk_[A-Za-z0-9]{8}\)$/),
        '3 bị từ chối · 0 sự kiện được nhận · 0 trùng lặp',
      ],
    ]);
  });

  it('limits calls per key, from any address; another key keeps its own count', async () => {
    const first = await createApiKey(t, admin);
    const second = await createApiKey(t, admin);
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await probe(first.auth, `198.51.100.${i + 1}`)).status).toBe(200);
    const over = await probe(first.auth, '203.0.113.77');
    expect([over.status, over.body.message, over.body.code]).toEqual([
      429,
      API_KEY_MESSAGES.rateLimited,
      'RATE_LIMITED',
    ]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await probe(second.auth, '203.0.113.77')).status).toBe(200);
    // The window passes: the key may call again.
    t.clock.advance(61_000);
    try {
      expect((await probe(first.auth)).status).toBe(200);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('the integration route answers 400 for a batch it cannot take at all', async () => {
    const { auth } = await createApiKey(t, admin);
    const empty = await sendEvents(t, auth, []);
    expect(empty.status).toBe(400);
    const tooMany = await sendEvents(
      t,
      auth,
      Array.from({ length: 501 }, (_, i) => unitEvent.processed(t, `many-${i}`, 'NOPE-0000')),
    );
    expect(tooMany.status).toBe(400);
    const noBody = await t.request({ method: 'POST', url: INTEGRATION_API.unitEvents, headers: auth });
    expect(noBody.status).toBe(400);
  });
});
