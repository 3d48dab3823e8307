import {
  ADMIN_DAY_DESK_API,
  ADMIN_INBOX_API,
  ADMIN_IDENTITY_API,
  ADMIN_DONOR_API,
  DATA_RIGHTS_API,
  DONOR_ADMIN_MESSAGES as M,
  STAFF_SEARCH_LIMITS,
} from '@giot-hong/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentFeedback,
  appointments,
  auditLog,
  auditSubjects,
  campaigns,
  donorNameWords,
  donorProfiles,
  idExtracts,
  users,
} from '../../db/schema/index.ts';
import { createLoggedInUser } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { LIST_VIEW_WINDOW_MS } from '../audit/audit.repository.ts';
import { parseDonorSearch } from './donor-search.ts';

type Auth = Record<string, string>;

describe('parseDonorSearch', () => {
  it('reads digits as a phone unless they are a whole ID number; 4 digits with words as the card suffix', () => {
    expect(parseDonorSearch('079201001234')).toEqual({ kind: 'card', cardId: '079201001234' });
    expect(parseDonorSearch(' 0912 345.678 ')).toEqual({ kind: 'phone', digits: '0912345678' });
    expect(parseDonorSearch('1234')).toEqual({ kind: 'phone', digits: '1234' });
    expect(parseDonorSearch('01001234')).toEqual({ kind: 'phone', digits: '01001234' });
    expect(parseDonorSearch('1234 Hùng')).toEqual({ kind: 'card-suffix', suffix: '1234', words: ['hung'] });
    expect(parseDonorSearch('Trần Hùng 1234')).toEqual({
      kind: 'card-suffix',
      suffix: '1234',
      words: ['tran', 'hung'],
    });
    // Any other mix of digits and words is text: it never reaches the ID number.
    expect(parseDonorSearch('01234 hùng')).toMatchObject({ kind: 'text', text: '01234 hùng' });
    expect(parseDonorSearch('1234 5678 hùng')).toMatchObject({ kind: 'text', text: '1234 5678 hùng' });
    // Names are searched by their words, folded: accents and case do not matter.
    expect(parseDonorSearch('Nguyễn Văn  Đức')).toEqual({
      kind: 'text',
      text: 'nguyễn văn  đức',
      words: ['nguyen', 'van', 'duc'],
    });
  });
});

/**
 * The donor search and the day list show names, phones and e-mail addresses: the ID number must
 * not be rebuildable from them, every search is in the audit trail and in the access log of each
 * donor it shows, and a staff account can search only so often.
 */
// On both databases (test/helper.ts, DB_KINDS): the trigger and the folding function in SQL, at each engine.
describe.each(DB_KINDS)('staff searches, the ID number and the access log, on %s', (kind) => {
  let t: TestContext;
  let staff: { id: number; auth: Auth };
  let other: { id: number; auth: Auth };
  let donor: Awaited<ReturnType<typeof createVerifiedDonor>>;
  let campaignId: number;
  const CARD = '079201001234';

  beforeAll(async () => {
    t = await createTestContext(kind);
    const s = await createLoggedInUser(t, { role: 'STAFF' });
    staff = { id: s.user.id, auth: s.auth };
    const o = await createLoggedInUser(t, { role: 'STAFF' });
    other = { id: o.user.id, auth: o.auth };
    donor = await createVerifiedDonor(t);
    await t.database.db
      .update(donorProfiles)
      .set({ cardId: CARD, fullName: 'Trần Văn Hùng', mobile: '0987650001' })
      .where(eq(donorProfiles.userId, donor.user.id));
    const [c] = await t.database.db.select({ id: campaigns.id }).from(campaigns).limit(1);
    campaignId = c!.id;
    await t.database.db
      .insert(appointments)
      .values({ userId: donor.user.id, campaignId, status: 'BOOKING', createdAt: t.clock.now() });
  });
  afterAll(() => t?.close());

  const get = (url: string, auth: Auth) => t.request({ method: 'GET', url, headers: auth });
  const donorIds = async (q: string, auth = staff.auth) => {
    const res = await get(`${ADMIN_DONOR_API.donors}?search=${encodeURIComponent(q)}`, auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { data: { id: number }[] } }).data.data.map((r) => r.id);
  };
  const dayIds = async (q: string, auth = staff.auth) => {
    const res = await get(
      `${ADMIN_DAY_DESK_API.campaignAppointments(campaignId)}?search=${encodeURIComponent(q)}`,
      auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: { data: { fullName: string }[] } }).data.data.map((r) => r.fullName);
  };
  /** Audit rows of `actor` for `action`, with the donors each showed. */
  const trail = async (actor: number, action: string) => {
    const rows = await t.database.db
      .select({ id: auditLog.id, detail: auditLog.detail, subject: auditSubjects.subjectUserId })
      .from(auditLog)
      .leftJoin(auditSubjects, eq(auditSubjects.auditId, auditLog.id))
      .where(and(eq(auditLog.actorId, actor), eq(auditLog.action, action)));
    return rows;
  };
  const accessLog = async () =>
    ((await get(DATA_RIGHTS_API.views, donor.auth)).body as { data: { action: string; label: string }[] })
      .data;

  it('finds the ID number only whole, or by its last 4 digits with a word of the name', async () => {
    // Every suffix an outside review used to rebuild a number digit by digit: none finds the donor.
    for (let n = 2; n < 12; n++) {
      const suffix = CARD.slice(-n);
      expect(await donorIds(suffix), suffix).not.toContain(donor.user.id);
      expect(await dayIds(suffix), suffix).not.toContain('Trần Văn Hùng');
    }
    for (const q of [CARD, '1234 hùng', 'HÙNG 1234', 'Trần 1234']) {
      expect(await donorIds(q), q).toContain(donor.user.id);
      expect(await dayIds(q), q).toContain('Trần Văn Hùng');
    }
    for (const q of ['1234 lan', '9234 hùng', '079201001235']) {
      expect(await donorIds(q), q).not.toContain(donor.user.id);
      expect(await dayIds(q), q).not.toContain('Trần Văn Hùng');
    }
    // Phones are still found by their digits.
    expect(await donorIds('0987650')).toContain(donor.user.id);
    expect(await dayIds('650001')).toContain('Trần Văn Hùng');
  });

  it('finds any word of the name, accents and case ignored, the same way on the day list', async () => {
    const people = ['Nguyễn Văn An', 'Phạm Thị Hùng', 'Lê Minh Đức'];
    const ids: number[] = [];
    for (const fullName of people) {
      const d = await createVerifiedDonor(t);
      await t.database.db.update(donorProfiles).set({ fullName }).where(eq(donorProfiles.userId, d.user.id));
      await t.database.db
        .insert(appointments)
        .values({ userId: d.user.id, campaignId, status: 'BOOKING', createdAt: t.clock.now() });
      ids.push(d.user.id);
    }
    const cases: [string, string][] = [
      ['nguyen', 'Nguyễn Văn An'],
      ['pham', 'Phạm Thị Hùng'],
      ['An', 'Nguyễn Văn An'],
      ['Văn An', 'Nguyễn Văn An'],
      ['van an', 'Nguyễn Văn An'],
      ['Hùng', 'Phạm Thị Hùng'],
      ['HUNG', 'Phạm Thị Hùng'],
      ['duc', 'Lê Minh Đức'],
      ['nguy', 'Nguyễn Văn An'],
    ];
    for (const [q, name] of cases) {
      const id = ids[people.indexOf(name)]!;
      expect(await donorIds(q), q).toContain(id);
      expect(await dayIds(q), q).toContain(name);
    }
    // Every word must match: 'An Hùng' is nobody here.
    expect(await donorIds('an hung')).not.toEqual(expect.arrayContaining([ids[0], ids[1]]));
    // The words follow the name, whoever changes it; and leave with the account.
    await t.database.db
      .update(donorProfiles)
      .set({ fullName: 'Trịnh Công Sơn' })
      .where(eq(donorProfiles.userId, ids[2]!));
    expect(await donorIds('duc')).not.toContain(ids[2]);
    expect(await donorIds('son')).toContain(ids[2]);
    await t.database.db.delete(users).where(eq(users.id, ids[2]!));
    const left = await t.database.db.select().from(donorNameWords).where(eq(donorNameWords.userId, ids[2]!));
    expect(left).toEqual([]);
  });

  it('counts every match once, on every page and past the last', async () => {
    // 21 donors: a page of 20 and one more. Two words of each name begin alike ('kh'): a donor
    // matches 'kh kh' by four pairs of words, and is one result.
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const d = await createVerifiedDonor(t);
      await t.database.db
        .update(donorProfiles)
        .set({ fullName: `Khổng Khả Ái ${i}` })
        .where(eq(donorProfiles.userId, d.user.id));
      ids.push(d.user.id);
    }
    const s = await createLoggedInUser(t, { role: 'STAFF' });
    const pageOf = async (q: string, n: number) => {
      const res = await get(`${ADMIN_DONOR_API.donors}?search=${encodeURIComponent(q)}&page=${n}`, s.auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = (res.body as { data: { data: { id: number }[]; totalItems: number; totalPages: number } })
        .data;
      return { ids: body.data.map((r) => r.id), totalItems: body.totalItems, totalPages: body.totalPages };
    };
    const newestFirst = [...ids].reverse();
    for (const q of ['khong', 'kh kh', 'Khổng Khả Ái']) {
      expect(await pageOf(q, 0), q).toEqual({ ids: newestFirst.slice(0, 20), totalItems: 21, totalPages: 2 });
      expect(await pageOf(q, 1), q).toEqual({ ids: newestFirst.slice(20), totalItems: 21, totalPages: 2 });
      // Past the last page: no rows, and still the number of matches.
      expect(await pageOf(q, 2), q).toEqual({ ids: [], totalItems: 21, totalPages: 2 });
    }
    expect(await pageOf('khong an', 0)).toEqual({ ids: [], totalItems: 0, totalPages: 0 });
    await t.database.db.delete(users).where(inArray(users.id, ids));
  });

  it("writes every search to the audit trail, and a row in each shown donor's access log", async () => {
    const actor = other;
    expect(await donorIds('trần', actor.auth)).toContain(donor.user.id);
    const rows = await trail(actor.id, 'donor.search');
    expect(rows.map((r) => r.subject)).toContain(donor.user.id);
    // The kind of search and the number of results, never the words typed.
    expect(rows[0]!.detail).toMatchObject({ kind: 'text' });
    expect(JSON.stringify(rows.map((r) => r.detail))).not.toContain('trần');
    // An empty search pages through donors: audited the same way.
    const empty = await get(ADMIN_DONOR_API.donors, actor.auth);
    expect(empty.status).toBe(200);
    expect((await trail(actor.id, 'donor.search')).map((r) => r.detail)).toContainEqual(
      expect.objectContaining({ kind: 'all' }),
    );
    // The day list too, per campaign: each donor on the page shown (a page is 50 of the day's).
    expect(await dayIds('Trần Văn Hùng', actor.auth)).toContain('Trần Văn Hùng');
    const day = await trail(actor.id, 'campaign.appointments.view');
    expect(day.map((r) => r.subject)).toContain(donor.user.id);
    const log = await accessLog();
    expect(log.map((v) => v.label)).toEqual(
      expect.arrayContaining([
        'Tìm kiếm người hiến máu (họ tên, e-mail, số điện thoại)',
        'Xem danh sách người đăng ký chiến dịch (họ tên, số điện thoại)',
      ]),
    );
  });

  it('records a list read again within the window once per person, and again after it', async () => {
    const s = await createLoggedInUser(t, { role: 'STAFF' });
    const count = async () =>
      new Set((await trail(s.user.id, 'campaign.appointments.view')).map((r) => r.id)).size;
    await dayIds('', s.auth);
    await dayIds('', s.auth);
    await dayIds('', s.auth);
    expect(await count()).toBe(1);
    const start = t.clock.now().getTime();
    t.clock.set(new Date(start + LIST_VIEW_WINDOW_MS + 1000));
    try {
      await dayIds('', s.auth);
      expect(await count()).toBe(2);
    } finally {
      t.clock.set(new Date(start));
    }
  });

  it('limits searches per staff account, with a Vietnamese message; other accounts are not affected', async () => {
    const s = await createLoggedInUser(t, { role: 'STAFF' });
    const limit = STAFF_SEARCH_LIMITS.perAccountMax * t.config.rateLimitScale;
    for (let i = 0; i < limit; i++) {
      const res = await get(`${ADMIN_DONOR_API.donors}?search=ab${i}`, s.auth);
      expect(res.status, `search ${i}`).toBe(200);
    }
    const refused = await get(`${ADMIN_DONOR_API.donors}?search=trần`, s.auth);
    expect(refused.status).toBe(429);
    expect((refused.body as { message: string }).message).toMatch(/^Bạn đã tìm kiếm quá nhiều lần/);
    expect(refused.headers['retry-after']).toBeDefined();
    // The day list's searches count against the same account.
    const day = await get(`${ADMIN_DAY_DESK_API.campaignAppointments(campaignId)}?search=trần`, s.auth);
    expect(day.status).toBe(429);
    expect(await donorIds('trần', other.auth)).toContain(donor.user.id);
  });

  it('gives the donor an access-log row for the day CSV, the review queue, the deletion status and the feedback inbox', async () => {
    const actor = await createLoggedInUser(t, { role: 'STAFF' });
    const actions = async () => (await accessLog()).map((v) => v.action);

    const csv = await get(ADMIN_DAY_DESK_API.campaignAppointmentsCsv(campaignId), actor.auth);
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Trần Văn Hùng');
    expect(await actions()).toContain('campaign.appointments.export');

    // A card of the donor's waiting for staff: the queue shows the name and the masked number.
    const field = (value: string) => ({ value, confidence: 0.5, source: 'ocr' });
    await t.database.db.insert(idExtracts).values({
      id: randomUUID(),
      userId: donor.user.id,
      status: 'CONFIRM_MATCHED',
      merged: { fields: { card_id: field(CARD), name: field('Trần Văn Hùng') }, disagreements: [] },
      confirmedAt: t.clock.now(),
      reviewRequestedAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const queue = await get(ADMIN_IDENTITY_API.reviews, actor.auth);
    expect(JSON.stringify(queue.body)).toContain('Trần Văn Hùng');
    expect(await actions()).toContain('identity.queue.view');

    const deletion = await get(DATA_RIGHTS_API.adminDeletion(donor.user.id), actor.auth);
    expect(deletion.status).toBe(200);
    expect(await actions()).toContain('account.deletion.view');

    const [appt] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.userId, donor.user.id));
    await t.database.db.insert(appointmentFeedback).values({
      appointmentId: appt!.id,
      userId: donor.user.id,
      campaignId,
      message: 'Cán bộ rất nhiệt tình',
    });
    const inbox = await get(ADMIN_INBOX_API.inbox('feedback'), actor.auth);
    expect(inbox.status).toBe(200);
    expect(await actions()).toContain('inbox.list');
    expect((await accessLog()).find((v) => v.action === 'inbox.list')?.label).toBe(
      'Xem góp ý của bạn trong hộp thư của Hội',
    );
    // A donor none of these showed has no rows.
    const bystander = await createVerifiedDonor(t);
    const theirs = (await get(DATA_RIGHTS_API.views, bystander.auth)).body as { data: unknown[] };
    expect(theirs.data).toEqual([]);
  });

  it('still refuses a search shorter than 2 characters, with its message', async () => {
    const res = await get(`${ADMIN_DONOR_API.donors}?search=a`, staff.auth);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(M.searchTooShort);
  });
});
