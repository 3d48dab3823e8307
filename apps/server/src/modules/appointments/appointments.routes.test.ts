import {
  API,
  APPOINTMENT_MESSAGES,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  tooLongMessage,
  ZAppointmentHistoryResponse,
  ZAppointmentViewResponse,
} from '@giot-hong/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFeedback, appointments, donorProfiles, organizations } from '../../db/schema/index.ts';
import { createLoggedInUser, login } from '../../../test/auth.ts';
import { createVerifiedDonor, questionsOf } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, TEST_NOW, type TestContext } from '../../../test/helper.ts';

type Campaign = {
  id: number;
  name: string;
  location: string;
  questionSetId: number;
  appointmentCount: number;
  organizeTime: string;
  startReceiveTime: string;
};
type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof createVerifiedDonor>>;

const HOUR = 3_600_000;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('appointments on %s', (kind) => {
  let t: TestContext;
  let campaigns: Campaign[];
  let questionIds: number[];
  let detailQuestionId: number;

  const listCampaigns = async (): Promise<Campaign[]> =>
    (await t.request({ method: 'GET', url: API.campaigns })).body.data;
  const countOf = async (campaignId: number) =>
    (await listCampaigns()).find((c) => c.id === campaignId)!.appointmentCount;
  const register = async (auth: Auth, campaignId: number) => {
    const answers = questionIds.map((questionId) =>
      questionId === detailQuestionId
        ? { questionId, answer: 'true', detail: 'Cảm nhẹ, đã khỏi; uống thuốc "A"' }
        : { questionId, answer: 'false' },
    );
    const res = await t.request({
      method: 'POST',
      url: API.answer,
      headers: auth,
      payload: { campaignId, answers },
    });
    expect(res.status, res.body?.message).toBe(200);
    return res.body.data.appointmentId as number;
  };
  const history = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: API.appointmentsHistory, headers: auth })).body.data;
  const cancel = (auth: Auth, id: number) =>
    t.request({ method: 'POST', url: API.appointmentCancel(id), headers: auth });
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
  /** A row as staff would record it after the campaign (check-in done). */
  const insertAppointment = async (
    userId: number,
    campaignId: number,
    status: string,
    donatedAt: Date | null = null,
  ) => {
    const [row] = await t.database.db
      .insert(appointments)
      .values({ userId, campaignId, status, donatedAt })
      .returning({ id: appointments.id });
    return row!.id;
  };
  /** Access tokens live 15 minutes: after moving the clock, log in again. */
  const authNow = async (donor: Donor): Promise<Auth> => {
    const tokens = await login(t, donor.user.username, donor.user.password);
    return { authorization: `Bearer ${tokens.accessToken}` };
  };
  const withClock = async (at: string | Date, fn: () => Promise<void>) => {
    t.clock.set(at);
    try {
      await fn();
    } finally {
      t.clock.set(TEST_NOW);
    }
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    campaigns = await listCampaigns();
    const { auth } = await createVerifiedDonor(t);
    const qs = await questionsOf(t, auth, campaigns[0]!.questionSetId);
    questionIds = qs.map((q) => q.id);
    detailQuestionId = qs.find((q) => q.hasDetail)!.id;
  });
  afterAll(() => t.close());

  it('every route needs a login', async () => {
    for (const [method, url] of [
      ['GET', API.appointmentsHistory],
      ['GET', API.appointmentsNextEligible],
      ['PUT', API.appointmentsUserInfo],
      ['GET', API.appointmentById(1)],
      ['POST', API.appointmentCancel(1)],
      ['POST', API.appointmentFeedback(1)],
      ['GET', API.appointmentCalendar(1)],
      ['DELETE', API.answersOfCampaign(1)],
    ] as const) {
      expect((await t.request({ method, url })).status, `${method} ${url}`).toBe(401);
    }
  });

  it("documents every path in the OpenAPI document, the spec's cancel call included", async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).body;
    expect(Object.keys(doc.paths['/api/appointments/history'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/appointments/next-eligible'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/appointments/user-info'])).toEqual(['put']);
    expect(Object.keys(doc.paths['/api/appointments/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/appointments/{id}/cancel'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/appointments/{id}/feedback'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/appointments/{id}/calendar.ics'])).toEqual(['get']);
    expect(doc.paths['/answer/{campaignId}'].delete.summary).toContain('Hủy đăng ký');
  });

  it('history: own appointments only, newest campaign first, in the contract shape', async () => {
    const donor = await createVerifiedDonor(t);
    const other = await createVerifiedDonor(t);
    const booked = await register(donor.auth, campaigns[1]!.id);
    const done = await insertAppointment(
      donor.user.id,
      campaigns[5]!.id,
      'DONE',
      new Date('2026-10-01T03:00:00Z'),
    );
    const cancelled = await insertAppointment(donor.user.id, campaigns[3]!.id, 'CANCELLED');
    await register(other.auth, campaigns[2]!.id);

    const res = await t.request({ method: 'GET', url: API.appointmentsHistory, headers: donor.auth });
    const body = ZAppointmentHistoryResponse.parse(res.body);
    expect(body.data.map((a) => a.id)).toEqual([done, cancelled, booked]);
    expect(body.data[2]).toEqual({
      id: booked,
      campaignId: campaigns[1]!.id,
      campaignName: campaigns[1]!.name,
      appointmentDate: campaigns[1]!.organizeTime,
      location: campaigns[1]!.location,
      status: 'BOOKING',
      canCancel: true,
      // No slot named: the earliest slot with a place, 30 minutes long.
      slotStart: campaigns[1]!.startReceiveTime,
      slotEnd: new Date(Date.parse(campaigns[1]!.startReceiveTime) + 30 * 60_000).toISOString(),
    });
    expect(body.data.map((a) => [a.status, a.canCancel])).toEqual([
      ['DONE', false],
      ['CANCELLED', false],
      ['BOOKING', true],
    ]);
    expect(await history((await createLoggedInUser(t)).auth)).toEqual([]);
  });

  it('view: the donor, the campaign and the answers by section', async () => {
    const donor = await createVerifiedDonor(t);
    const id = await register(donor.auth, campaigns[2]!.id);
    const res = await t.request({ method: 'GET', url: API.appointmentById(id), headers: donor.auth });
    expect(res.status).toBe(200);
    const view = ZAppointmentViewResponse.parse(res.body).data;
    expect(view.userInfo).toMatchObject({
      userId: donor.user.id,
      fullName: 'Nguyễn Thị Thu',
      dob: '12/03/1995',
      gender: 'Nữ',
      phoneNumber: '0912345678',
      addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
      email: donor.user.email,
      organizationId: null,
      organizationName: null,
    });
    expect(view.userInfo.identityNumber).toMatch(/^\d{12}$/);
    expect(view.campaign).toEqual({
      campaignId: campaigns[2]!.id,
      campaignName: campaigns[2]!.name,
      appointmentDate: campaigns[2]!.organizeTime,
      startReceiveTime: campaigns[2]!.organizeTime,
      endReceiveTime: expect.any(String),
      location: campaigns[2]!.location,
      status: 'BOOKING',
      // The check-in QR's opaque code: random, never derived from the ID number.
      checkInCode: expect.stringMatching(/^[A-Z2-9]{10}$/),
      slotStart: campaigns[2]!.startReceiveTime,
      slotEnd: new Date(Date.parse(campaigns[2]!.startReceiveTime) + 30 * 60_000).toISOString(),
      canReschedule: true,
    });
    expect(view.campaign.checkInCode).not.toContain(view.userInfo.identityNumber ?? '-');
    expect(view.canCancel).toBe(true);
    const sections = view.answer.sections;
    expect(sections.map((s) => s.order)).toEqual([...sections.map((s) => s.order)].sort((a, b) => a - b));
    expect(sections[0]!.name).toBe('Tiền sử hiến máu');
    expect(sections.flatMap((s) => s.answers)).toHaveLength(22);
    const withDetail = sections.flatMap((s) => s.answers).find((a) => a.id === detailQuestionId)!;
    expect(withDetail).toMatchObject({ answer: true, detail: 'Cảm nhẹ, đã khỏi; uống thuốc "A"' });
    expect(sections[1]!.answers[0]).toMatchObject({ content: 'Hiện tại, anh/chị có mắc bệnh lý nào không?' });
    expect(sections.flatMap((s) => s.answers).filter((a) => a.answer)).toHaveLength(1);

    const missing = await t.request({
      method: 'GET',
      url: API.appointmentById(999_999),
      headers: donor.auth,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'Không tìm thấy thông tin lịch hẹn',
    });
  });

  describe('two donors', () => {
    let a: Donor;
    let b: Donor;
    let aBooking: number;
    let aDone: number;

    const snapshot = async () => ({
      appointments: await t.database.db
        .select()
        .from(appointments)
        .where(inArray(appointments.userId, [a.user.id, b.user.id]))
        .orderBy(asc(appointments.id)),
      profiles: await t.database.db
        .select()
        .from(donorProfiles)
        .where(inArray(donorProfiles.userId, [a.user.id, b.user.id]))
        .orderBy(asc(donorProfiles.userId)),
      feedback: await t.database.db.select().from(appointmentFeedback).orderBy(asc(appointmentFeedback.id)),
    });

    beforeAll(async () => {
      a = await createVerifiedDonor(t);
      b = await createVerifiedDonor(t);
      aBooking = await register(a.auth, campaigns[4]!.id);
      aDone = await insertAppointment(a.user.id, campaigns[6]!.id, 'DONE', new Date('2026-09-01T02:00:00Z'));
    });

    it("B can never read, cancel or update A's appointments or answers: 404 and nothing changes", async () => {
      const before = await snapshot();
      for (const id of [aBooking, aDone]) {
        for (const [method, url, payload] of [
          ['GET', API.appointmentById(id), undefined],
          ['POST', API.appointmentCancel(id), undefined],
          ['POST', API.appointmentFeedback(id), { message: 'Phản hồi giả mạo' }],
          ['GET', API.appointmentCalendar(id), undefined],
          [
            'PUT',
            API.appointmentsUserInfo,
            {
              userId: b.user.id,
              appointmentId: id,
              phoneNumber: '0999999999',
              addressContact: 'Nơi khác',
              jobName: 'Kỹ sư',
            },
          ],
        ] as const) {
          const res = await t.request({ method, url, headers: b.auth, payload });
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
          expect(JSON.stringify(res.body)).not.toContain(a.user.email);
        }
      }
      // `DELETE /answer/{campaignId}` names the campaign: B has no booking there.
      const del = await t.request({
        method: 'DELETE',
        url: API.answersOfCampaign(campaigns[4]!.id),
        headers: b.auth,
      });
      expect(del.status).toBe(404);
      expect(del.body.message).toBe(APPOINTMENT_MESSAGES.noBookingForCampaign);
      // Another user's id in the payload is refused outright.
      const put = await t.request({
        method: 'PUT',
        url: API.appointmentsUserInfo,
        headers: b.auth,
        payload: { userId: a.user.id, phoneNumber: '0999999999' },
      });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe(APPOINTMENT_MESSAGES.userInfoForbidden);
      // B's history and saved answers never show A's.
      expect(await history(b.auth)).toEqual([]);
      expect(
        (await t.request({ method: 'GET', url: API.answersOfCampaign(campaigns[4]!.id), headers: b.auth }))
          .body.data,
      ).toEqual([]);

      expect(await snapshot()).toEqual(before);
      // A still sees everything.
      expect(
        (await t.request({ method: 'GET', url: API.appointmentById(aBooking), headers: a.auth })).status,
      ).toBe(200);
    });

    it("requests at once, their appointments read together: each donor gets their own, never the other's", async () => {
      const bBooking = await register(b.auth, campaigns[4]!.id);
      const asks = [
        [a, aBooking, 200],
        [b, aBooking, 404],
        [b, bBooking, 200],
        [a, bBooking, 404],
        [a, aDone, 200],
        [b, aDone, 404],
      ] as const;
      const answers = await Promise.all(
        [...asks, ...asks].map(([donor, id]) =>
          t.request({ method: 'GET', url: API.appointmentById(id), headers: donor.auth }),
        ),
      );
      answers.forEach((res, i) => {
        const [, id, status] = asks[i % asks.length]!;
        expect(res.status).toBe(status);
        if (status === 200) expect(res.body.data.id).toBe(id);
        else expect(JSON.stringify(res.body)).not.toContain(a.user.email);
      });
      expect((await cancel(b.auth, bBooking)).status).toBe(200);
    });
  });

  describe('cancellation', () => {
    // The first campaign starts 25/11/2026 07:00 Vietnam time = 00:00 UTC.
    const first = () => campaigns[0]!;
    const dayBefore = () => new Date(Date.parse(first().organizeTime) - 24 * HOUR);

    it('exactly 24 h before is allowed; one millisecond later is refused; the count drops by one', async () => {
      const donor = await createVerifiedDonor(t);
      const start = await countOf(first().id);
      const id = await register(donor.auth, first().id);
      expect(await countOf(first().id)).toBe(start + 1);

      await withClock(new Date(dayBefore().getTime() + 1), async () => {
        const auth = await authNow(donor);
        const late = await cancel(auth, id);
        expect(late.status).toBe(409);
        expect(late.body).toMatchObject({
          success: false,
          code: 'CONFLICT',
          message: 'Chỉ có thể hủy lịch hẹn trước thời gian diễn ra chiến dịch ít nhất 24 giờ.',
        });
        expect((await statusOf(id)).status).toBe('BOOKING');
        expect((await history(auth))[0].canCancel).toBe(false);
      });

      await withClock(dayBefore(), async () => {
        const auth = await authNow(donor);
        expect((await history(auth))[0].canCancel).toBe(true);
        const ok = await cancel(auth, id);
        expect(ok.status).toBe(200);
        expect(ok.body).toMatchObject({
          success: true,
          message: 'Lịch hẹn của bạn đã được hủy thành công',
          data: { id, status: 'CANCELLED', canCancel: false, campaignId: first().id },
        });
        const row = await statusOf(id);
        expect(row.status).toBe('CANCELLED');
        expect(row.cancelledAt?.toISOString()).toBe(dayBefore().toISOString());
        expect(await countOf(first().id)).toBe(start);
      });

      // Once cancelled, it cannot be cancelled again.
      const again = await cancel(donor.auth, id);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(APPOINTMENT_MESSAGES.cancelOnlyBooking);
    });

    it('refuses after the campaign has taken place, and for any status but BOOKING', async () => {
      const donor = await createVerifiedDonor(t);
      const id = await register(donor.auth, first().id);
      await withClock(new Date(Date.parse(first().organizeTime) + HOUR), async () => {
        const res = await cancel(await authNow(donor), id);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('Chiến dịch đã diễn ra, không thể hủy lịch hẹn.');
      });
      expect((await statusOf(id)).status).toBe('BOOKING');

      for (const status of ['DONE', 'COMPLETED', 'PENDING']) {
        const other = await createVerifiedDonor(t);
        const rowId = await insertAppointment(other.user.id, campaigns[6]!.id, status);
        const res = await cancel(other.auth, rowId);
        expect(res.status, status).toBe(409);
        expect(res.body.message).toBe('Chỉ có thể hủy lịch hẹn ở trạng thái "Đã đặt lịch".');
        expect((await statusOf(rowId)).status).toBe(status);
      }
    });

    it('after cancelling, the donor may register again for the same campaign', async () => {
      const donor = await createVerifiedDonor(t);
      const c = campaigns[1]!;
      const firstId = await register(donor.auth, c.id);
      expect((await cancel(donor.auth, firstId)).status).toBe(200);
      const check = await t.request({
        method: 'GET',
        url: `${API.registrationCheck}?campaignId=${c.id}`,
        headers: donor.auth,
      });
      expect(check.body.data.status).toBe('SUCCESS');
      const second = await register(donor.auth, c.id);
      expect(second).not.toBe(firstId);
      expect(
        (await history(donor.auth)).map((x: { id: number; status: string }) => [x.id, x.status]),
      ).toEqual([
        [second, 'BOOKING'],
        [firstId, 'CANCELLED'],
      ]);
      // The cancelled registration's answers are no longer the "saved answers" of the campaign: the new ones are.
      const saved = (
        await t.request({ method: 'GET', url: API.answersOfCampaign(c.id), headers: donor.auth })
      ).body.data;
      expect(saved).toHaveLength(22);
    });

    it('DELETE /answer/{campaignId} cancels the live booking of that campaign with the same rules', async () => {
      const donor = await createVerifiedDonor(t);
      const c = campaigns[3]!;
      const start = await countOf(c.id);
      const id = await register(donor.auth, c.id);
      const res = await t.request({
        method: 'DELETE',
        url: API.answersOfCampaign(c.id),
        headers: donor.auth,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        message: APPOINTMENT_MESSAGES.cancelled,
        data: { id, status: 'CANCELLED' },
      });
      expect(await countOf(c.id)).toBe(start);
      const again = await t.request({
        method: 'DELETE',
        url: API.answersOfCampaign(c.id),
        headers: donor.auth,
      });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(APPOINTMENT_MESSAGES.noBookingForCampaign);
      // A finished donation named by its campaign is refused like any other non-BOOKING one.
      await insertAppointment(donor.user.id, campaigns[6]!.id, 'DONE');
      const done = await t.request({
        method: 'DELETE',
        url: API.answersOfCampaign(campaigns[6]!.id),
        headers: donor.auth,
      });
      expect(done.status).toBe(409);
      expect(done.body.message).toBe(APPOINTMENT_MESSAGES.cancelOnlyBooking);
    });

    it('tells listeners (notifications) after the cancellation is stored, never failing it', async () => {
      const donor = await createVerifiedDonor(t);
      const id = await register(donor.auth, campaigns[2]!.id);
      const seen: unknown[] = [];
      const off1 = t.app.appointments.onAppointmentCancelled(() => {
        throw new Error('listener broke');
      });
      const off2 = t.app.appointments.onAppointmentCancelled(async (e) => {
        seen.push({ ...e, statusAtCall: (await statusOf(e.appointmentId)).status });
      });
      try {
        expect((await cancel(donor.auth, id)).status).toBe(200);
      } finally {
        off1();
        off2();
      }
      expect(seen).toEqual([
        {
          appointmentId: id,
          userId: donor.user.id,
          campaignId: campaigns[2]!.id,
          campaignName: campaigns[2]!.name,
          location: campaigns[2]!.location,
          organizeTime: new Date(campaigns[2]!.organizeTime),
          cancelledAt: new Date(TEST_NOW),
          slotStart: campaigns[2]!.startReceiveTime,
          slotEnd: new Date(Date.parse(campaigns[2]!.startReceiveTime) + 30 * 60_000).toISOString(),
          statusAtCall: 'CANCELLED',
        },
      ]);
    });
  });

  it('calendar: a valid iCalendar event for an own BOOKING appointment', async () => {
    const donor = await createVerifiedDonor(t);
    const c = campaigns[0]!;
    const id = await register(donor.auth, c.id);
    const res = await t.app.inject({ method: 'GET', url: API.appointmentCalendar(id), headers: donor.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lich-hen-hien-mau-${id}.ics"`);
    const ics = res.body;
    // CRLF everywhere, no bare LF; every physical line at most 75 octets.
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Unfold (RFC 5545 §3.1) and read the properties.
    const lines = ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const prop = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);
    expect(prop('UID')).toBe(`appointment-${id}@portal.test`);
    expect(prop('DTSTAMP')).toBe('20261122T020000Z');
    // The booked slot: 07:00–07:30 Vietnam time (the earliest with a place).
    expect(prop('DTSTART')).toBe('20261125T000000Z');
    expect(prop('DTEND')).toBe('20261125T003000Z');
    expect(prop('SUMMARY')).toBe('Hiến máu: Ngày hội Chủ nhật Đỏ 2026');
    expect(prop('LOCATION')).toBe(
      'Nhà văn hóa Sinh viên\\, Đại học Quốc gia Hà Nội\\, 144 Xuân Thủy\\, phường Cầu Giấy\\, Hà Nội',
    );
    expect(prop('DESCRIPTION')).toContain('Khung giờ của bạn: 07:00 – 07:30 ngày 25/11/2026.\\n');
    expect(prop('URL')).toBe(`http://portal.test/trang-ca-nhan#xem-lich-hen-${id}`);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);

    // Only for BOOKING: once cancelled there is nothing to put in a calendar.
    expect((await cancel(donor.auth, id)).status).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: API.appointmentCalendar(id), headers: donor.auth })).status,
    ).toBe(404);
  });

  it('feedback: on every status but BOOKING (a cancelled and a pending one too), message required, stored with the campaign and time', async () => {
    const donor = await createVerifiedDonor(t);
    const done = await insertAppointment(
      donor.user.id,
      campaigns[5]!.id,
      'DONE',
      new Date('2026-08-01T02:00:00Z'),
    );
    const completed = await insertAppointment(
      donor.user.id,
      campaigns[6]!.id,
      'COMPLETED',
      new Date('2026-06-01T02:00:00Z'),
    );
    // Cancelled through the API as a donor would (before booking another: one upcoming at a time).
    const cancelled = await register(donor.auth, campaigns[4]!.id);
    expect((await cancel(donor.auth, cancelled)).status).toBe(200);
    const booking = await register(donor.auth, campaigns[3]!.id);
    const pending = await insertAppointment(donor.user.id, campaigns[2]!.id, 'PENDING');
    const send = (id: number, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: API.appointmentFeedback(id), headers: donor.auth, payload });

    for (const payload of [{ message: '' }, { message: '   \n ' }, {}]) {
      const res = await send(done, payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Tin nhắn là bắt buộc.');
    }
    const onBooking = await send(booking, { message: 'Tôi muốn góp ý' });
    expect(onBooking.status).toBe(409);
    expect(onBooking.body.message).toBe('Chưa thể gửi phản hồi cho lịch hẹn ở trạng thái "Đã đặt lịch".');

    const ok = await send(done, { message: '  Nhân viên rất nhiệt tình, cảm ơn!  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: APPOINTMENT_MESSAGES.feedbackSent,
      data: { createdAt: TEST_NOW },
    });
    expect((await send(completed, { message: 'Lần sau sẽ quay lại' })).status).toBe(200);
    expect((await send(cancelled, { message: 'Tôi bận việc đột xuất nên đã hủy' })).status).toBe(200);
    expect((await send(pending, { message: 'Lịch hẹn chờ xử lý lâu quá' })).status).toBe(200);

    const rows = await t.database.db
      .select()
      .from(appointmentFeedback)
      .where(eq(appointmentFeedback.userId, donor.user.id))
      .orderBy(asc(appointmentFeedback.id));
    expect(rows.map((r) => [r.appointmentId, r.campaignId, r.message, r.createdAt.toISOString()])).toEqual([
      [done, campaigns[5]!.id, 'Nhân viên rất nhiệt tình, cảm ơn!', TEST_NOW],
      [completed, campaigns[6]!.id, 'Lần sau sẽ quay lại', TEST_NOW],
      [cancelled, campaigns[4]!.id, 'Tôi bận việc đột xuất nên đã hủy', TEST_NOW],
      [pending, campaigns[2]!.id, 'Lịch hẹn chờ xử lý lâu quá', TEST_NOW],
    ]);
  });

  it('next eligible date: 12 weeks after the last donation, null without one', async () => {
    const donor = await createVerifiedDonor(t);
    const next = async (auth: Auth = donor.auth) =>
      (await t.request({ method: 'GET', url: API.appointmentsNextEligible, headers: auth })).body.data;
    expect(await next()).toEqual({ lastDonationDate: null, nextEligibleDate: null, eligibleNow: true });

    // A booking or a cancellation is not a donation.
    await insertAppointment(donor.user.id, campaigns[5]!.id, 'CANCELLED');
    expect((await next()).nextEligibleDate).toBeNull();

    await insertAppointment(donor.user.id, campaigns[6]!.id, 'DONE', new Date('2026-07-01T03:00:00Z'));
    // Donated 10/10/2026 (Vietnam) → eligible from 02/01/2027 00:00 Vietnam time.
    await insertAppointment(donor.user.id, campaigns[4]!.id, 'COMPLETED', new Date('2026-10-10T03:00:00Z'));
    expect(await next()).toEqual({
      lastDonationDate: '2026-10-10T03:00:00.000Z',
      nextEligibleDate: '2027-01-01T17:00:00.000Z',
      eligibleNow: false,
    });
    await withClock('2027-01-01T17:00:00.000Z', async () => {
      expect((await next(await authNow(donor))).eligibleNow).toBe(true);
    });
  });

  describe('PUT /api/appointments/user-info', () => {
    const payload = (userId: number, extra: Record<string, unknown> = {}) => ({
      userId,
      email: 'lien.he@example.vn',
      phoneNumber: '0987654321',
      jobName: 'Sinh viên',
      studentId: 'SV2026',
      militaryId: 'QN-1',
      addressContact: '12 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội',
      bloodGroup: 'O+',
      organizationId: null,
      ...extra,
    });

    it('updates the contact and job details from an own BOOKING appointment; identity and count untouched', async () => {
      const donor = await createVerifiedDonor(t);
      await t.database.db
        .update(donorProfiles)
        .set({ timeDonation: 4 })
        .where(eq(donorProfiles.userId, donor.user.id));
      const id = await register(donor.auth, campaigns[1]!.id);
      const [org] = await t.database.db
        .select()
        .from(organizations)
        .where(eq(organizations.type, 'OTHER'))
        .limit(1);
      const res = await t.request({
        method: 'PUT',
        url: API.appointmentsUserInfo,
        headers: donor.auth,
        payload: payload(donor.user.id, { appointmentId: id, organizationId: org!.id }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Thông tin đã được cập nhật thành công' });
      const view = (await t.request({ method: 'GET', url: API.appointmentById(id), headers: donor.auth }))
        .body.data.userInfo;
      expect(view).toMatchObject({
        email: 'lien.he@example.vn',
        phoneNumber: '0987654321',
        jobName: 'Sinh viên',
        studentId: 'SV2026',
        // A military id makes no sense for a student: dropped.
        militaryId: null,
        addressContact: '12 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội',
        bloodGroup: 'O+',
        organizationId: org!.id,
        organizationName: org!.name,
        fullName: 'Nguyễn Thị Thu',
      });
      const [profile] = await t.database.db
        .select()
        .from(donorProfiles)
        .where(eq(donorProfiles.userId, donor.user.id));
      expect(profile).toMatchObject({ timeDonation: 4, status: 'EXTRACTED', fullName: 'Nguyễn Thị Thu' });

      // Without an appointment id, any own BOOKING will do; 'Tự do' (0) is no organization.
      const plain = await t.request({
        method: 'PUT',
        url: API.appointmentsUserInfo,
        headers: donor.auth,
        payload: payload(donor.user.id, { organizationId: 0 }),
      });
      expect(plain.status).toBe(200);
      expect(
        (await t.database.db.select().from(donorProfiles).where(eq(donorProfiles.userId, donor.user.id)))[0]!
          .organizationId,
      ).toBeNull();
    });

    it("validates with the profile's messages and needs an own BOOKING", async () => {
      const donor = await createVerifiedDonor(t);
      const put = (body: Record<string, unknown>) =>
        t.request({ method: 'PUT', url: API.appointmentsUserInfo, headers: donor.auth, payload: body });
      const booking = await register(donor.auth, campaigns[2]!.id);
      expect((await put(payload(donor.user.id, { phoneNumber: '09123' }))).body.message).toBe(
        PROFILE_MESSAGES.mobileMin,
      );
      expect((await put(payload(donor.user.id, { email: 'khong-hop-le' }))).body.message).toBe(
        PROFILE_MESSAGES.emailInvalid,
      );
      expect((await put(payload(donor.user.id, { addressContact: '  ' }))).body.message).toBe(
        PROFILE_MESSAGES.addressRequired,
      );
      expect((await put(payload(donor.user.id, { organizationId: 987_654 }))).body.message).toBe(
        PROFILE_MESSAGES.organizationRequired,
      );
      expect((await put(payload(donor.user.id, { bloodGroup: 'X' }))).body.message).toBe(
        PROFILE_MESSAGES.bloodGroupRequired,
      );
      expect((await put(payload(donor.user.id, { jobName: 'n'.repeat(101) }))).body.message).toBe(
        tooLongMessage(PROFILE_LIMITS.jobNameMax),
      );

      expect((await cancel(donor.auth, booking)).status).toBe(200);
      const fromCancelled = await put(payload(donor.user.id, { appointmentId: booking }));
      expect(fromCancelled.status).toBe(409);
      expect(fromCancelled.body.message).toBe(APPOINTMENT_MESSAGES.userInfoOnlyBooking);
      const noBooking = await put(payload(donor.user.id));
      expect(noBooking.status).toBe(404);
      expect(
        (await t.database.db.select().from(donorProfiles).where(eq(donorProfiles.userId, donor.user.id)))[0]!
          .mobile,
      ).toBe('0912345678');
    });
  });
});
