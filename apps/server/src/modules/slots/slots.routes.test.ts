import {
  ADMIN_DAY_DESK_API,
  ADMIN_CAMPAIGN_API,
  API,
  SLOT_API,
  ZSlotListResponse,
} from '@giot-hong/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answers, appointments, campaignSlots, notifications } from '../../db/schema/index.ts';
import { login, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor, questionsOf } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, TEST_NOW, type TestContext } from '../../../test/helper.ts';

type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof createVerifiedDonor>>;

/** Vietnam wall time, 3 days after the test clock's day, as an ISO instant. */
const vnAt = (hhmm: string, days = 3) => {
  const day = new Date(Date.parse(TEST_NOW) + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+07:00`).toISOString();
};

// On both databases (test/helper.ts, DB_KINDS): concurrent bookings of one slot.
describe.each(DB_KINDS)('time slots on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let answerItems: { questionId: number; answer: string }[];

  const createCampaign = async (start: string, end: string, extra: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaigns,
      headers: staff,
      payload: campaignBody(start, end, extra),
    });
    expect(res.status, res.body?.message).toBe(200);
    return res.body.data as { id: number; slotMinutes: number; slotCapacity: number };
  };
  const campaignBody = (start: string, end: string, extra: Record<string, unknown> = {}) => ({
    name: 'Hiến máu theo khung giờ',
    location: 'Nhà văn hóa phường Bến Nghé',
    organizeTime: vnAt(start),
    startReceiveTime: vnAt(start),
    endReceiveTime: vnAt(end),
    description: '',
    targetBloodUnits: 40,
    questionSetId: 1,
    ...extra,
  });
  const slots = async (campaignId: number) => {
    const res = await t.request({ method: 'GET', url: SLOT_API.campaignSlots(campaignId) });
    expect(res.status).toBe(200);
    return ZSlotListResponse.parse(res.body).data;
  };
  const book = (auth: Auth, campaignId: number, slotStart?: string) =>
    t.request({
      method: 'POST',
      url: API.answer,
      headers: auth,
      payload: { campaignId, answers: answerItems, ...(slotStart ? { slotStart } : {}) },
    });
  const donors = async (n: number): Promise<Donor[]> => {
    const out: Donor[] = [];
    for (let i = 0; i < n; i += 10)
      out.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => createVerifiedDonor(t)))),
      );
    return out;
  };
  const liveIn = async (campaignId: number) =>
    t.database.db
      .select({ id: appointments.id, slotStart: appointments.slotStart })
      .from(appointments)
      .where(and(eq(appointments.campaignId, campaignId), ne(appointments.status, 'CANCELLED')));
  const move = (auth: Auth, id: number, slotStart: string) =>
    t.request({ method: 'PUT', url: SLOT_API.appointmentSlot(id), headers: auth, payload: { slotStart } });

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const probe = await createVerifiedDonor(t);
    answerItems = (await questionsOf(t, probe.auth, 1)).map((q) => ({ questionId: q.id, answer: 'false' }));
  });
  afterAll(() => t?.close());

  it('divides the window into slots of the chosen length; the public list shows them in Vietnam time', async () => {
    const c = await createCampaign('07:30', '11:30', { slotMinutes: 45, slotCapacity: 8 });
    expect([c.slotMinutes, c.slotCapacity]).toEqual([45, 8]);
    const list = await slots(c.id);
    expect(list.map((s) => s.label)).toEqual([
      '07:30 – 08:15',
      '08:15 – 09:00',
      '09:00 – 09:45',
      '09:45 – 10:30',
      '10:30 – 11:15',
      '11:15 – 11:30',
    ]);
    expect(list[0]).toEqual({
      start: vnAt('07:30'),
      end: vnAt('08:15'),
      label: '07:30 – 08:15',
      capacity: 8,
      booked: 0,
      available: 8,
    });
    // Without a capacity: the target (40) spread over the slots (8 of 30 minutes) → 5.
    const d = await createCampaign('07:00', '11:00');
    expect(d.slotMinutes).toBe(30);
    expect((await slots(d.id)).map((s) => s.capacity)).toEqual(Array(8).fill(5));
    expect((await t.request({ method: 'GET', url: SLOT_API.campaignSlots(999_999) })).status).toBe(404);
    // The demo seed's campaigns have slots too, with their bookings spread over them.
    const demo = (await t.request({ method: 'GET', url: API.campaigns })).body.data[0];
    const demoSlots = await slots(demo.id);
    expect(demoSlots.length).toBe(9);
    expect(demoSlots.reduce((n, s) => n + s.booked, 0)).toBe(demo.appointmentCount);
    expect(demo.placesLeft).toBe(demoSlots.reduce((n, s) => n + s.available, 0));
  });

  it('never overbooks: 50 concurrent bookings of a slot of 10 give exactly 10, the rest 409 naming the nearest free slots', async () => {
    const c = await createCampaign('07:30', '09:30', { slotCapacity: 10 });
    const people = await donors(50);
    const results = await Promise.all(people.map((p) => book(p.auth, c.id, vnAt('08:00'))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe(
      'Khung giờ 08:00 – 08:30 đã hết chỗ. Các khung giờ còn chỗ gần nhất: 07:30 – 08:00, 08:30 – 09:00, 09:00 – 09:30.',
    );
    expect(refused.body.code).toBe('CONFLICT');
    // Nothing saved for a refused booking: 10 appointments, 10 sets of answers, booked = 10.
    const live = await liveIn(c.id);
    expect(live).toHaveLength(10);
    expect(new Set(live.map((a) => a.slotStart!.toISOString()))).toEqual(new Set([vnAt('08:00')]));
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(answers)
      .innerJoin(appointments, eq(appointments.id, answers.appointmentId))
      .where(eq(appointments.campaignId, c.id));
    expect(Number(row!.n)).toBe(10 * answerItems.length);
    expect((await slots(c.id)).map((s) => [s.label, s.booked, s.available])).toEqual([
      ['07:30 – 08:00', 0, 10],
      ['08:00 – 08:30', 10, 0],
      ['08:30 – 09:00', 0, 10],
      ['09:00 – 09:30', 0, 10],
    ]);
    // The public list shows the places left.
    const listed = (await t.request({ method: 'GET', url: API.campaigns })).body.data.find(
      (x: { id: number }) => x.id === c.id,
    );
    expect(listed.placesLeft).toBe(30);
    // A slot that is not the campaign's: 400.
    const wrong = await book(people[49]!.auth, c.id, vnAt('08:10'));
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Khung giờ không thuộc chiến dịch này']);
  }, 120_000);

  it('an old client without slotStart gets the earliest slot with a place; cancelling frees the place at once', async () => {
    const c = await createCampaign('07:00', '08:30', { slotCapacity: 1 });
    const [a, b, d, e] = await donors(4);
    const ids: number[] = [];
    for (const p of [a!, b!, d!]) {
      const res = await book(p.auth, c.id);
      expect(res.status, res.body?.message).toBe(200);
      ids.push(res.body.data.appointmentId);
    }
    expect((await liveIn(c.id)).map((x) => x.slotStart!.toISOString()).sort()).toEqual([
      vnAt('07:00'),
      vnAt('07:30'),
      vnAt('08:00'),
    ]);
    const full = await book(e!.auth, c.id);
    expect([full.status, full.body.message]).toEqual([
      409,
      'Chiến dịch đã hết chỗ, vui lòng chọn chiến dịch khác.',
    ]);
    expect(await liveIn(c.id)).toHaveLength(3);

    const cancel = await t.request({ method: 'POST', url: API.appointmentCancel(ids[0]!), headers: a!.auth });
    expect(cancel.status).toBe(200);
    expect((await slots(c.id))[0]).toMatchObject({ booked: 0, available: 1 });
    const again = await book(e!.auth, c.id);
    expect(again.status).toBe(200);
    expect((await slots(c.id)).map((s) => s.booked)).toEqual([1, 1, 1]);
    // The day list for staff is sorted by slot (the cancelled booking keeps its slot).
    const day = await t.request({
      method: 'GET',
      url: ADMIN_DAY_DESK_API.campaignAppointments(c.id),
      headers: staff,
    });
    expect(day.body.data.data.map((r: { slotStart: string }) => r.slotStart)).toEqual([
      vnAt('07:00'),
      vnAt('07:00'),
      vnAt('07:30'),
      vnAt('08:00'),
    ]);
  });

  it('staff change capacities (never below the bookings) and the window (never dropping a booked slot)', async () => {
    const c = await createCampaign('07:00', '08:00', { slotCapacity: 2 });
    const [a, b] = await donors(2);
    expect((await book(a!.auth, c.id, vnAt('07:30'))).status).toBe(200);
    expect((await book(b!.auth, c.id, vnAt('07:30'))).status).toBe(200);
    const put = (auth: Auth | undefined, body: unknown) =>
      t.request({ method: 'PUT', url: SLOT_API.adminCampaignSlots(c.id), headers: auth, payload: body });
    expect((await put(undefined, [{ start: vnAt('07:00'), capacity: 5 }])).status).toBe(401);
    expect((await put(a!.auth, [{ start: vnAt('07:00'), capacity: 5 }])).status).toBe(403);
    const below = await put(staff, [
      { start: vnAt('07:00'), capacity: 5 },
      { start: vnAt('07:30'), capacity: 1 },
    ]);
    expect([below.status, below.body.message]).toEqual([
      409,
      'Khung giờ 07:30 – 08:00 đã có 2 người đặt: số chỗ không thể nhỏ hơn 2.',
    ]);
    // All or nothing: the first slot kept its capacity.
    expect((await slots(c.id)).map((s) => s.capacity)).toEqual([2, 2]);
    const bad = await put(staff, [{ start: vnAt('07:00'), capacity: 0 }]);
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Số chỗ mỗi khung giờ phải là số nguyên từ 1 đến 10000',
    ]);
    const done = await put(staff, [{ start: vnAt('07:00'), capacity: 5 }]);
    expect([done.status, done.body.message]).toEqual([200, 'Đã lưu số chỗ của các khung giờ']);
    expect(done.body.data.map((s: { capacity: number }) => s.capacity)).toEqual([5, 2]);

    const edit = (body: unknown) =>
      t.request({ method: 'PUT', url: ADMIN_CAMPAIGN_API.campaign(c.id), headers: staff, payload: body });
    const dropBooked = await edit(campaignBody('07:00', '07:30', { slotCapacity: 2 }));
    expect([dropBooked.status, dropBooked.body.message]).toEqual([
      409,
      'Không thể bỏ khung giờ 07:30 – 08:00 vì đã có 2 người đặt. Hãy giữ khung giờ này trong thời gian nhận máu.',
    ]);
    expect((await slots(c.id)).map((s) => s.label)).toEqual(['07:00 – 07:30', '07:30 – 08:00']);
    const longer = await edit(campaignBody('07:00', '09:00', { slotCapacity: 3 }));
    expect(longer.status, longer.body?.message).toBe(200);
    expect((await slots(c.id)).map((s) => [s.label, s.capacity, s.booked])).toEqual([
      ['07:00 – 07:30', 3, 0],
      ['07:30 – 08:00', 3, 2],
      ['08:00 – 08:30', 3, 0],
      ['08:30 – 09:00', 3, 0],
    ]);

    // Staff cancel the campaign: every place is free again.
    const cancel = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignCancel(c.id),
      headers: staff,
      payload: { reason: 'Mưa bão' },
    });
    expect(cancel.status).toBe(200);
    const rows = await t.database.db.select().from(campaignSlots).where(eq(campaignSlots.campaignId, c.id));
    expect(rows.map((r) => r.booked)).toEqual([0, 0, 0, 0]);
  });

  it('reschedule: one transaction, one winner for the last place, until 2 hours before the old slot', async () => {
    const c = await createCampaign('07:00', '08:30', { slotCapacity: 1 });
    const [a, b, d] = await donors(3);
    const idA = (await book(a!.auth, c.id, vnAt('07:00'))).body.data.appointmentId as number;
    const idB = (await book(b!.auth, c.id, vnAt('07:30'))).body.data.appointmentId as number;
    // Someone else's appointment is not found.
    expect((await move(d!.auth, idA, vnAt('08:00'))).status).toBe(404);
    // Both move to the one free place at once: exactly one wins, the loser keeps their slot.
    const [ra, rb] = await Promise.all([
      move(a!.auth, idA, vnAt('08:00')),
      move(b!.auth, idB, vnAt('08:00')),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const winner = ra.status === 200 ? ra : rb;
    const loser = ra.status === 200 ? rb : ra;
    expect(winner.body.message).toBe('Đã đổi sang khung giờ 08:00 – 08:30');
    expect(winner.body.data.slotStart).toBe(vnAt('08:00'));
    expect(loser.body.message).toMatch(/^Khung giờ 08:00 – 08:30 đã hết chỗ\./);
    const booked = (await slots(c.id)).map((s) => s.booked);
    expect(booked).toEqual(ra.status === 200 ? [0, 1, 1] : [1, 0, 1]);
    expect((await liveIn(c.id)).map((x) => x.slotStart!.toISOString()).sort()).toEqual(
      ra.status === 200 ? [vnAt('07:30'), vnAt('08:00')] : [vnAt('07:00'), vnAt('08:00')],
    );
    // The view tells whether a move is still possible; 2 hours before the old slot it is not.
    const loserAuth = ra.status === 200 ? b! : a!;
    const loserId = ra.status === 200 ? idB : idA;
    const freeSlot = ra.status === 200 ? vnAt('07:00') : vnAt('07:30');
    const oldSlot = ra.status === 200 ? vnAt('07:30') : vnAt('07:00');
    t.clock.set(new Date(Date.parse(oldSlot) - 2 * 3600_000 - 60_000).toISOString());
    try {
      const fresh = {
        authorization: `Bearer ${(await login(t, loserAuth.user.username, loserAuth.user.password)).accessToken}`,
      };
      const view = await t.request({ method: 'GET', url: API.appointmentById(loserId), headers: fresh });
      expect(view.body.data.campaign.canReschedule).toBe(true);
      t.clock.set(new Date(Date.parse(oldSlot) - 2 * 3600_000 + 60_000).toISOString());
      const late = await move(fresh, loserId, freeSlot);
      expect([late.status, late.body.message]).toEqual([
        409,
        'Chỉ có thể đổi khung giờ trước giờ hẹn ít nhất 2 giờ.',
      ]);
    } finally {
      t.clock.set(TEST_NOW);
    }
    const same = await move(loserAuth.auth, loserId, oldSlot);
    expect([same.status, same.body.message]).toEqual([409, 'Bạn đã đặt khung giờ này.']);
  });

  it("the confirmation and both reminders give the slot's time ('lúc 08:30')", async () => {
    const c = await createCampaign('07:30', '10:30');
    const [donor] = await donors(1);
    const res = await book(donor!.auth, c.id, vnAt('08:30'));
    expect(res.status).toBe(200);
    const id = res.body.data.appointmentId as number;
    const contentOf = async (key: string) =>
      (
        await t.database.db
          .select({ content: notifications.content })
          .from(notifications)
          .where(eq(notifications.dedupeKey, key))
      )[0]?.content;
    expect(await contentOf(`registered:appointment:${id}`)).toContain('lúc 08:30 ngày 25/11/2026');
    try {
      t.clock.set('2026-11-24T12:00:00Z');
      await t.app.notifications.sendDueReminders();
      expect(await contentOf(`reminder-eve:appointment:${id}`)).toContain(
        'Ngày mai, lúc 08:30 ngày 25/11/2026',
      );
      t.clock.set('2026-11-24T23:00:00Z');
      await t.app.notifications.sendDueReminders();
      expect(await contentOf(`reminder-morning:appointment:${id}`)).toContain('Hôm nay, lúc 08:30,');
    } finally {
      t.clock.set(TEST_NOW);
    }
    // A move is announced with the new slot, every time; the cancellation gives the slot's time.
    const notices = async (prefix: string) =>
      (
        await t.database.db
          .select({ title: notifications.title, content: notifications.content })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, donor!.user.id),
              sql`${notifications.dedupeKey} like ${`${prefix}:appointment:${id}%`}`,
            ),
          )
          .orderBy(notifications.id)
      ).map((n) => [n.title, n.content]);
    expect((await move(donor!.auth, id, vnAt('09:30'))).status).toBe(200);
    expect((await move(donor!.auth, id, vnAt('08:30'))).status).toBe(200);
    const moved = await notices('rescheduled');
    expect(moved.map(([title]) => title)).toEqual(['Đã đổi giờ hẹn hiến máu', 'Đã đổi giờ hẹn hiến máu']);
    expect(moved[0]![1]).toContain(
      'đã được chuyển sang khung giờ 09:30 – 10:00 ngày 25/11/2026 tại Nhà văn hóa',
    );
    expect(moved[1]![1]).toContain('đã được chuyển sang khung giờ 08:30 – 09:00 ngày 25/11/2026');
    const cancelled = await t.request({
      method: 'POST',
      url: API.appointmentCancel(id),
      headers: donor!.auth,
    });
    expect(cancelled.status).toBe(200);
    await vi.waitFor(async () => expect(await notices('cancelled')).toHaveLength(1));
    expect((await notices('cancelled'))[0]![1]).toContain('(08:30 ngày 25/11/2026) đã được hủy');
  });
});
