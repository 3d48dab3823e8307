import { API } from '@giot-hong/contract';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, notifications } from '../../db/schema/index.ts';
import { createLoggedInUser } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import {
  bookingIds,
  countsByKey,
  listCampaigns,
  notificationRows,
  registerForCampaign,
} from '../../../test/notifications.ts';
import { reminderTimes } from './notification.service.ts';

type Campaign = Awaited<ReturnType<typeof listCampaigns>>[number];

const LOCATION_0 = 'Nhà văn hóa Sinh viên, Đại học Quốc gia Hà Nội, 144 Xuân Thủy, phường Cầu Giấy, Hà Nội';

describe('reminder times (Vietnam, UTC+7)', () => {
  it('19:00 the evening before and 06:00 on the day, or an hour ahead of a campaign before 06:00', () => {
    // 25/11/2026 07:00 in Vietnam.
    expect(reminderTimes(new Date('2026-11-25T00:00:00Z'))).toEqual({
      eve: new Date('2026-11-24T12:00:00Z'),
      morning: new Date('2026-11-24T23:00:00Z'),
    });
    // 25/11/2026 05:00 in Vietnam (24/11 22:00 UTC): the morning reminder at 04:00.
    expect(reminderTimes(new Date('2026-11-24T22:00:00Z'))).toEqual({
      eve: new Date('2026-11-24T12:00:00Z'),
      morning: new Date('2026-11-24T21:00:00Z'),
    });
  });
});

// On both databases (test/helper.ts, DB_KINDS): timed notifications claimed once across processes.
describe.each(DB_KINDS)('timed notifications on %s', (kind) => {
  let t: TestContext;
  let campaigns: Campaign[];
  const service = () => t.app.notifications;

  beforeAll(async () => {
    t = await createTestContext(kind);
    campaigns = await listCampaigns(t);
  });
  afterAll(() => t.close());

  it('cancelling a booking writes the cancellation notice (both cancel calls); both notices are events', async () => {
    t.clock.set(TEST_NOW);
    const donor = await createVerifiedDonor(t);
    const c = campaigns[3]!;
    const first = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const res = await t.request({ method: 'POST', url: API.appointmentCancel(first), headers: donor.auth });
    expect(res.status).toBe(200);
    const second = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    expect(
      (await t.request({ method: 'DELETE', url: API.answersOfCampaign(c.id), headers: donor.auth })).status,
    ).toBe(200);

    const rows = await notificationRows(t, donor.user.id);
    // Registration and cancellation are events ('Sự kiện', 2); reminders are the scheduled ones.
    expect(rows.map((r) => [r.dedupeKey, r.title, r.type])).toEqual([
      [`registered:appointment:${first}`, 'Đăng ký hiến máu thành công', 2],
      [`cancelled:appointment:${first}`, 'Đã hủy lịch hẹn hiến máu', 2],
      [`registered:appointment:${second}`, 'Đăng ký hiến máu thành công', 2],
      [`cancelled:appointment:${second}`, 'Đã hủy lịch hẹn hiến máu', 2],
    ]);
    // Notices written as reminders before (type 1) are retyped by migration 0007; reminders stay.
    await t.database.db.update(notifications).set({ type: 1 }).where(eq(notifications.userId, donor.user.id));
    await t.database.db.insert(notifications).values({
      userId: donor.user.id,
      type: 1,
      dedupeKey: `reminder-eve:appointment:${second}`,
      title: 'Nhắc lịch',
      content: '<p>Nhắc lịch</p>',
      createdAt: new Date(Date.parse(TEST_NOW) - 1000),
    });
    const migration = readFileSync(
      new URL('../../db/migrations/0007_notification_event_types.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    expect((await notificationRows(t, donor.user.id)).map((r) => [r.dedupeKey, r.type])).toEqual([
      [`registered:appointment:${first}`, 2],
      [`cancelled:appointment:${first}`, 2],
      [`registered:appointment:${second}`, 2],
      [`cancelled:appointment:${second}`, 2],
      [`reminder-eve:appointment:${second}`, 1],
    ]);
    await t.database.db
      .delete(notifications)
      .where(eq(notifications.dedupeKey, `reminder-eve:appointment:${second}`));

    const notice = (
      await t.request({ method: 'GET', url: `${API.notifications}?size=1`, headers: donor.auth })
    ).body.data.data[0];
    expect(notice).toEqual({
      id: expect.any(Number),
      type: 2,
      title: 'Đã hủy lịch hẹn hiến máu',
      content:
        `<p>Lịch hẹn hiến máu của bạn tại <strong>${c.name}</strong> (07:00 ngày 07/12/2026) đã được hủy.</p>` +
        '<p>Bạn có thể đăng ký lại khi chiến dịch vẫn còn nhận đăng ký.</p>',
      created: TEST_NOW,
      status: false,
      link: '/dang-ky-hien-mau',
    });
  });

  it('reminds every booking at 19:00 the evening before and at 06:00 on the day, once each', async () => {
    t.clock.set(TEST_NOW);
    const c = campaigns[0]!;
    const donor = await createVerifiedDonor(t);
    const cancelling = await createVerifiedDonor(t);
    const appointmentId = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const cancelledId = await registerForCampaign(t, cancelling.auth, c.id, c.questionSetId);
    expect(
      (await t.request({ method: 'POST', url: API.appointmentCancel(cancelledId), headers: cancelling.auth }))
        .status,
    ).toBe(200);

    // 24/11 18:59:59 in Vietnam: nothing yet.
    t.clock.set('2026-11-24T11:59:59Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });

    // 19:00: the eve reminder to every BOOKING of the campaign (seeded community donors too).
    t.clock.set('2026-11-24T12:00:00Z');
    const booked = await bookingIds(t, c.id);
    expect(booked).toContain(appointmentId);
    expect(await service().sendDueReminders()).toEqual({ eve: booked.length, morning: 0 });
    const eve = (await notificationRows(t, donor.user.id)).find(
      (r) => r.dedupeKey === `reminder-eve:appointment:${appointmentId}`,
    );
    expect(eve).toMatchObject({
      type: 1,
      status: false,
      title: 'Nhắc lịch: ngày mai bạn có lịch hiến máu',
      content:
        `<p>Ngày mai, lúc 07:00 ngày 25/11/2026, bạn có lịch hiến máu tại <strong>Ngày hội Chủ nhật Đỏ 2026</strong>, địa điểm: ${LOCATION_0}.</p>` +
        '<p>Tối nay hãy ngủ đủ giấc, không uống rượu bia; sáng mai ăn nhẹ và uống 300-500 ml nước trước khi hiến máu.</p>',
      link: `/trang-ca-nhan#xem-lich-hen-${appointmentId}`,
      createdAt: new Date('2026-11-24T12:00:00Z'),
    });
    // Running again (every minute) sends nothing more.
    t.clock.set('2026-11-24T12:01:00Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });

    // A booking made at 20:00 has its confirmation: no eve reminder on top of it.
    t.clock.set('2026-11-24T13:00:00Z');
    const late = await createVerifiedDonor(t);
    const lateId = await registerForCampaign(t, late.auth, c.id, c.questionSetId);
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });
    expect((await notificationRows(t, late.user.id)).map((r) => r.title)).toEqual([
      'Đăng ký hiến máu thành công',
    ]);

    // 05:59 on the day: not yet; 06:00: the morning reminder, the late booking included.
    t.clock.set('2026-11-24T22:59:00Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });
    t.clock.set('2026-11-24T23:00:00Z');
    const bookedNow = await bookingIds(t, c.id);
    expect(bookedNow).toContain(lateId);
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: bookedNow.length });
    const morning = (await notificationRows(t, donor.user.id)).find(
      (r) => r.dedupeKey === `reminder-morning:appointment:${appointmentId}`,
    );
    expect(morning).toMatchObject({
      title: 'Hôm nay bạn có lịch hiến máu',
      content:
        `<p>Hôm nay, lúc 07:00, bạn có lịch hiến máu tại <strong>Ngày hội Chủ nhật Đỏ 2026</strong>, địa điểm: ${LOCATION_0}.</p>` +
        '<p>Đừng quên mang theo căn cước công dân, ăn sáng nhẹ và uống đủ nước trước khi hiến máu.</p>',
      createdAt: new Date('2026-11-24T23:00:00Z'),
    });
    t.clock.set('2026-11-25T02:00:00Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });

    // Exactly one of each per booking; none for the cancelled one.
    const eves = await countsByKey(t, 'reminder-eve:appointment:');
    const mornings = await countsByKey(t, 'reminder-morning:appointment:');
    for (const id of booked) expect(eves.get(`reminder-eve:appointment:${id}`)).toBe(1);
    for (const id of bookedNow) expect(mornings.get(`reminder-morning:appointment:${id}`)).toBe(1);
    expect(eves.has(`reminder-eve:appointment:${cancelledId}`)).toBe(false);
    expect(mornings.has(`reminder-morning:appointment:${cancelledId}`)).toBe(false);
    expect((await notificationRows(t, cancelling.user.id)).map((r) => r.title)).toEqual([
      'Đăng ký hiến máu thành công',
      'Đã hủy lịch hẹn hiến máu',
    ]);
  });

  it('after downtime, a missed run catches up inside its window without sending twice', async () => {
    t.clock.set(TEST_NOW);
    // 28/11/2026 07:30 in Vietnam: eve 27/11 12:00 UTC, morning 27/11 23:00 UTC.
    const c = campaigns[1]!;
    const donor = await createVerifiedDonor(t);
    const appointmentId = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    t.clock.set('2026-11-27T11:00:00Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });

    // Down from 18:00 to 22:00: the eve reminder goes out at 22:00, once.
    t.clock.set('2026-11-27T15:00:00Z');
    const booked = await bookingIds(t, c.id);
    expect((await service().sendDueReminders()).eve).toBe(booked.length);
    expect((await service().sendDueReminders()).eve).toBe(0);

    // Down again over 06:00 until 08:00: the morning reminder follows, once.
    t.clock.set('2026-11-28T01:00:00Z');
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: booked.length });
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });
    expect((await notificationRows(t, donor.user.id)).map((r) => r.dedupeKey)).toEqual([
      `registered:appointment:${appointmentId}`,
      `reminder-eve:appointment:${appointmentId}`,
      `reminder-morning:appointment:${appointmentId}`,
    ]);
  });

  it('a campaign whose eve reminder was missed entirely gets only the morning one', async () => {
    t.clock.set(TEST_NOW);
    // Campaign 2 (10 days after seeding, 13:30): down from before its eve until 07:30 on the day.
    const c = campaigns[2]!;
    const donor = await createVerifiedDonor(t);
    const appointmentId = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const { morning } = reminderTimes(new Date(c.organizeTime));
    t.clock.set(new Date(morning.getTime() + 90 * 60_000));
    const sent = await service().sendDueReminders();
    expect(sent.eve).toBe(0);
    expect(sent.morning).toBe((await bookingIds(t, c.id)).length);
    expect((await notificationRows(t, donor.user.id)).map((r) => r.dedupeKey)).toEqual([
      `registered:appointment:${appointmentId}`,
      `reminder-morning:appointment:${appointmentId}`,
    ]);
    // Once the campaign stops receiving, nothing more.
    t.clock.set(new Date(Date.parse(c.organizeTime) + 24 * 3_600_000));
    expect(await service().sendDueReminders()).toEqual({ eve: 0, morning: 0 });
  });

  it("'you can donate again' at 08:00 of the first day 12 weeks after the donor's latest donation, once", async () => {
    const insertDone = async (userId: number, campaignId: number, donatedAt: string) => {
      const [row] = await t.database.db
        .insert(appointments)
        .values({ userId, campaignId, status: 'DONE', donatedAt: new Date(donatedAt) })
        .returning({ id: appointments.id });
      return row!.id;
    };
    const donor = await createLoggedInUser(t);
    const twice = await createLoggedInUser(t);
    const longAgo = await createLoggedInUser(t);
    // 30/08/2026 10:00 in Vietnam: eligible from 22/11/2026, notified at 08:00 (01:00 UTC).
    const doneId = await insertDone(donor.user.id, campaigns[4]!.id, '2026-08-30T03:00:00Z');
    // Same first donation, but a later one since: nothing is due for either.
    await insertDone(twice.user.id, campaigns[4]!.id, '2026-08-30T03:00:00Z');
    await insertDone(twice.user.id, campaigns[5]!.id, '2026-11-01T03:00:00Z');
    // Eligible since 23/09: more than two weeks overdue, skipped.
    await insertDone(longAgo.user.id, campaigns[4]!.id, '2026-07-01T03:00:00Z');

    t.clock.set('2026-11-22T00:59:59Z');
    expect(await service().sendDonateAgain()).toBe(0);
    t.clock.set('2026-11-22T01:00:00Z');
    expect(await service().sendDonateAgain()).toBe(1);
    t.clock.set('2026-11-22T09:00:00Z');
    expect(await service().sendDonateAgain()).toBe(0);

    expect(await notificationRows(t, donor.user.id)).toEqual([
      expect.objectContaining({
        type: 1,
        title: 'Bạn đã có thể hiến máu trở lại',
        content:
          '<p>Đã đủ 12 tuần kể từ lần hiến máu ngày 30/08/2026 của bạn. Bạn đã có thể đăng ký hiến máu trở lại.</p>' +
          '<p>Mỗi lần hiến máu có thể cứu sống tới 3 người.</p>',
        link: '/dang-ky-hien-mau',
        dedupeKey: `donate-again:appointment:${doneId}`,
        createdAt: new Date('2026-11-22T01:00:00Z'),
      }),
    ]);
    expect(await notificationRows(t, twice.user.id)).toEqual([]);
    expect(await notificationRows(t, longAgo.user.id)).toEqual([]);
  });
});
