import {
  ADMIN_CAMPAIGN_API,
  ADMIN_DAY_DESK_API,
  DAY_DESK_MESSAGES,
  DAY_LIST_PAGE_SIZE,
  type TAdminAppointment,
  type TAdminDayPage,
} from '@giot-hong/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, donorProfiles, users } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { vnAt } from '../../../test/appeals.ts';
import { createDayCampaign } from '../../../test/day-campaign.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { newCheckInCode } from '../appointments/check-in-code.ts';
import { eraseAccount } from '../data-rights/erasure.ts';

type Auth = Record<string, string>;

const GIVEN = ['An', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hòa', 'Hùng'];
/** Donors of the day: 120, in three slots of 40; three of them (7, 47, 87) named Xuyến, one per slot. */
const DONORS = 120;
const nameOf = (i: number) =>
  `Trần Văn ${i % 40 === 7 ? 'Xuyến' : GIVEN[i % GIVEN.length]} ${String(i).padStart(3, '0')}`;
const mobileOf = (i: number) => `0913${String(i).padStart(6, '0')}`;

// On both databases (test/helper.ts, DB_KINDS).
describe.each(DB_KINDS)("the day's list a page at a time, counted over the whole day (%s)", (kind) => {
  let t: TestContext;
  let staff: Auth;
  let campaignId: number;
  /** Per donor index: user id, appointment id and check-in code. */
  let donors: { userId: number; id: number; code: string; slot: number }[];

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    campaignId = await createDayCampaign(t, staff, {
      name: 'Ngày hội hiến máu trang theo trang',
      from: '07:00',
      to: '11:30',
      targetBloodUnits: 200,
    });

    // The donors and their bookings, straight into the database.
    const db = t.database.db;
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: DONORS }, (_, i) => ({
          username: `trang_${i}`,
          email: `trang_${i}@day.test`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    await db.insert(donorProfiles).values(
      made.map((u, i) => ({
        userId: u.id,
        status: 'EXTRACTED',
        cardId: `8${String(u.id).padStart(11, '0')}`,
        fullName: nameOf(i),
        dob: '12/03/1995',
        gender: 'Nam',
        nationality: 'Việt Nam',
        mobile: mobileOf(i),
        addressContact: 'Phường Bến Nghé, Thành phố Hồ Chí Minh',
      })),
    );
    const slotStart = (s: number) => new Date(vnAt(t, 0, '07:00').getTime() + s * 30 * 60_000);
    const codes = made.map(() => newCheckInCode());
    const booked = await db
      .insert(appointments)
      .values(
        made.map((u, i) => ({
          userId: u.id,
          campaignId,
          status: 'BOOKING',
          checkInCode: codes[i]!,
          slotStart: slotStart(Math.floor(i / 40)),
        })),
      )
      .returning({ id: appointments.id, userId: appointments.userId });
    donors = booked.map((b, i) => ({
      userId: b.userId!,
      id: b.id,
      code: codes[i]!,
      slot: Math.floor(i / 40),
    }));
  });
  afterAll(() => t?.close());

  const list = async (query: string, auth: Auth = staff) => {
    const res = await t.request({
      method: 'GET',
      url: `${ADMIN_DAY_DESK_API.campaignAppointments(campaignId)}${query}`,
      headers: auth,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as TAdminDayPage;
  };
  const checkInByCode = (code: string, auth: Auth = staff) =>
    t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.checkIn,
      headers: auth,
      payload: { code, campaignId },
    });
  const slotIso = (s: number) => new Date(vnAt(t, 0, '07:00').getTime() + s * 30 * 60_000).toISOString();
  const names = (p: TAdminDayPage) => p.data.map((r) => r.fullName);

  it('answers 50 donors a page, every donor on exactly one page, in slot then name order; a page past the end is the last', async () => {
    const first = await list('');
    expect(first).toMatchObject({
      currentPage: 0,
      pageSize: DAY_LIST_PAGE_SIZE,
      totalItems: 120,
      totalPages: 3,
    });
    expect(first.data).toHaveLength(50);
    const second = await list('?page=1');
    const third = await list('?page=2');
    expect(second.currentPage).toBe(1);
    expect(second.data).toHaveLength(50);
    expect(third.data).toHaveLength(20);
    const all = [...first.data, ...second.data, ...third.data];
    expect(new Set(all.map((r) => r.id)).size).toBe(120);
    // Slot by slot (40 each), by name within a slot.
    const expected = Array.from({ length: DONORS }, (_, i) => i)
      .sort((a, b) => Math.floor(a / 40) - Math.floor(b / 40) || (nameOf(a) < nameOf(b) ? -1 : 1))
      .map(nameOf);
    expect(all.map((r) => r.fullName)).toEqual(expected);

    const past = await list('?page=9');
    expect(past.currentPage).toBe(2);
    expect(past.data.map((r) => r.id)).toEqual(third.data.map((r) => r.id));
    expect(
      (
        await t.request({
          method: 'GET',
          url: `${ADMIN_DAY_DESK_API.campaignAppointments(campaignId)}?page=-1`,
          headers: staff,
        })
      ).status,
    ).toBe(400);
  });

  it('searches and filters the whole day: a name on every page, a phone on the last page, each status', async () => {
    const xuyen = await list(`?search=${encodeURIComponent('Xuyến')}`);
    expect(xuyen).toMatchObject({ currentPage: 0, totalItems: 3, totalPages: 1 });
    expect(names(xuyen)).toEqual([nameOf(7), nameOf(47), nameOf(87)]);

    const far = await list(`?search=${mobileOf(113)}`);
    expect(far.totalItems).toBe(1);
    expect(far.data.map((r) => r.id)).toEqual([donors[113]!.id]);

    const none = await list(`?status=DONE`);
    expect(none).toMatchObject({ totalItems: 0, totalPages: 1, currentPage: 0, data: [] });
    // The day's check-ins per slot come whatever the filter: none yet, in the slots' order.
    expect(none.slots).toEqual([0, 1, 2].map((s) => ({ start: slotIso(s), checkedIn: 0 })));
  });

  it("checks in a donor who is not on the page shown, and a second desk's check-in shows on the first desk's pages and counts", async () => {
    const page0 = await list('');
    const onPage0 = new Set(page0.data.map((r) => r.id));
    // Donor 113 is in the third slot, after the first page.
    const far = donors[113]!;
    expect(onPage0.has(far.id)).toBe(false);
    const res = await checkInByCode(far.code);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DAY_DESK_MESSAGES.checkedIn);
    expect(res.body.data).toMatchObject({
      id: far.id,
      fullName: nameOf(113),
      status: 'CHECKED_IN',
      alreadyCheckedIn: false,
    });

    // A second staff member, at another desk: two donors of the first slot.
    const other = await createLoggedInUser(t, { role: 'STAFF' });
    for (const i of [3, 4]) expect((await checkInByCode(donors[i]!.code, other.auth)).status).toBe(200);

    const again = await list('');
    // The same donors on the first page, two of them now checked in by the other desk.
    expect(again.data.map((r) => r.id)).toEqual(page0.data.map((r) => r.id));
    const byId = new Map(again.data.map((r) => [r.id, r] as const));
    for (const i of [3, 4]) expect(byId.get(donors[i]!.id)?.status).toBe('CHECKED_IN');
    expect(again.data.filter((r) => r.status === 'CHECKED_IN')).toHaveLength(2);
    expect(again.slots).toEqual([
      { start: slotIso(0), checkedIn: 2 },
      { start: slotIso(1), checkedIn: 0 },
      { start: slotIso(2), checkedIn: 1 },
    ]);
    const later = [...(await list('?page=1')).data, ...(await list('?page=2')).data];
    const { alreadyCheckedIn: _, ...answered } = res.body.data as TAdminAppointment & {
      alreadyCheckedIn: boolean;
    };
    expect(later.find((r) => r.id === far.id)).toEqual(answered);

    // The filters count exactly; the campaign's counters agree with the slots.
    const checked = await list('?status=CHECKED_IN');
    expect(checked.totalItems).toBe(3);
    expect(names(checked).sort()).toEqual([nameOf(3), nameOf(4), nameOf(113)].sort());
    expect((await list('?status=BOOKING')).totalItems).toBe(117);
    const campaign = await t.request({
      method: 'GET',
      url: ADMIN_CAMPAIGN_API.campaign(campaignId),
      headers: staff,
    });
    expect(campaign.body.data.counts).toMatchObject({ registered: 120, checkedIn: 3 });
  });

  it('refuses, before recording anything, to check in or record the outcome of a booking whose donor erased their account; the list leaves it out, the counts keep it', async () => {
    const gone = donors[10]!;
    await t.database.db.transaction((tx) => eraseAccount(tx, gone.userId, t.clock.now()));

    const byId = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentCheckIn(gone.id),
      headers: staff,
    });
    expect(byId.status).toBe(409);
    expect(byId.body.message).toBe(DAY_DESK_MESSAGES.donorErased);
    expect(byId.body.message).toBe(
      'Người hiến máu đã xóa tài khoản, không thể check-in hay ghi kết quả cho lịch hẹn này',
    );
    const outcome = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(gone.id),
      headers: staff,
      payload: { result: 'NO_SHOW' },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.body.message).toBe(DAY_DESK_MESSAGES.donorErased);
    // The erasure removed the code: scanned, it is an unknown code.
    const byCode = await checkInByCode(gone.code);
    expect(byCode.status).toBe(404);
    expect(byCode.body.message).toBe(DAY_DESK_MESSAGES.codeNotFound);

    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, gone.id));
    expect(row).toMatchObject({ userId: null, status: 'BOOKING', checkedInAt: null, outcomeAt: null });
    const audited = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'appointment'),
          eq(auditLog.targetId, gone.id),
          inArray(auditLog.action, ['appointment.check-in', 'appointment.outcome']),
        ),
      );
    expect(audited).toEqual([]);

    const day = await list('');
    expect(day.totalItems).toBe(119);
    expect(day.data.some((r) => r.id === gone.id)).toBe(false);
    const campaign = await t.request({
      method: 'GET',
      url: ADMIN_CAMPAIGN_API.campaign(campaignId),
      headers: staff,
    });
    expect(campaign.body.data.counts.registered).toBe(120);
  });
});
