import {
  ADMIN_WAITING_WORK_API,
  ADMIN_DAY_DESK_API,
  ADMIN_CAMPAIGN_API,
  ADMIN_IDENTITY_API,
  ADMIN_DONOR_API,
  ADMIN_AUDIT_API,
  ADMIN_BROADCAST_API,
  ADMIN_INBOX_API,
  ADMIN_NEWS_API,
  DAY_DESK_MESSAGES,
  CAMPAIGN_ADMIN_MESSAGES,
  ADMIN_STAFF_API,
  API,
  DASHBOARD_API,
  DATA_RIGHTS_API,
  ERROR_MESSAGES,
  QUESTION_SET_API,
  REGISTRATION_STATUS,
  SLOT_API,
  addDays,
  vnClock,
  vnDayOf,
  screeningPath,
  CERTIFICATE_API,
  HONOURS_ADMIN_API,
  ADMIN_API_KEYS_API,
  ADMIN_UNITS_API,
  ADMIN_TASKS_API,
  ADMIN_STOCK_API,
  ADMIN_APPEAL_API,
  ADMIN_RARE_BLOOD_API,
} from '@giot-hong/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { solidPng } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';
import ExcelJS from 'exceljs';
import sharp from 'sharp';

type Auth = Record<string, string>;

/** A workbook read back with the library that wrote it. */
async function readWorkbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return book;
}

/** Vietnam wall time on a day `days` after the test clock's day, as an ISO instant. */
const vnAt = (t: TestContext, days: number, hhmm: string) => {
  const day = new Date(t.clock.now().getTime() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+07:00`).toISOString();
};

// On both databases (test/helper.ts, DB_KINDS): two desks recording one outcome at once.
/** A venue check inside every limit. */
const NORMAL_CHECK = { weightKg: 60, systolic: 120, diastolic: 80, pulse: 72, hemoglobinGL: 140 };
/** A unit number of the facility's own form, unique per appointment. */
const unit = (appointmentId: number) => `TEST-${appointmentId}-${process.pid}`;

describe.each(DB_KINDS)('staff console: campaigns and the donation day on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let staff: Auth;
  let admin: Auth;
  let donorAuth: Auth;

  const campaignBody = (days = 10, extra: Record<string, unknown> = {}) => ({
    name: 'Ngày hội hiến máu Phường Bến Nghé',
    location: 'Nhà văn hóa Thanh niên, 4 Phạm Ngọc Thạch',
    organizeTime: vnAt(t, days, '07:00'),
    startReceiveTime: vnAt(t, days, '07:30'),
    endReceiveTime: vnAt(t, days, '11:30'),
    description: 'Mỗi giọt máu cho đi, một cuộc đời ở lại.',
    targetBloodUnits: 150,
    questionSetId: 1,
    ...extra,
  });
  const create = async (auth: Auth, body = campaignBody()) =>
    t.request({ method: 'POST', url: ADMIN_CAMPAIGN_API.campaigns, headers: auth, payload: body });
  /** A DONE needs the venue check first: a normal one. */
  const screen = async (id: number, auth: Auth) => {
    const res = await t.request({
      method: 'PUT',
      url: screeningPath(id),
      headers: auth,
      payload: NORMAL_CHECK,
    });
    expect(res.status, res.body.message).toBe(200);
  };
  /**
   * Runs `fn` with the clock at Vietnam time `hhmm` on the day `days` after today, and a staff
   * login of that time; the clock goes back afterwards.
   */
  const onDay = async <T>(days: number, hhmm: string, fn: (staffThen: Auth) => Promise<T>): Promise<T> => {
    const before = t.clock.now();
    t.clock.set(vnAt(t, days, hhmm));
    try {
      // Tokens are short-lived: a login of that time.
      return await fn({ authorization: `Bearer ${(await loginStaff(t)).accessToken}` });
    } finally {
      t.clock.set(before);
    }
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
    donorAuth = (await createLoggedInUser(t)).auth;
    const sets = await t.request({ method: 'GET', url: ADMIN_CAMPAIGN_API.questionSets, headers: staff });
    expect(sets.body.data.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers 401 without a token and 403 with the Vietnamese message to a donor on every admin route', async () => {
    const admins = [
      ['GET', ADMIN_CAMPAIGN_API.campaigns],
      ['POST', ADMIN_CAMPAIGN_API.campaigns],
      ['GET', ADMIN_CAMPAIGN_API.campaign(1)],
      ['PUT', ADMIN_CAMPAIGN_API.campaign(1)],
      ['PUT', SLOT_API.adminCampaignSlots(1)],
      ['POST', ADMIN_CAMPAIGN_API.campaignCancel(1)],
      ['POST', ADMIN_CAMPAIGN_API.campaignImage(1)],
      ['GET', ADMIN_DAY_DESK_API.campaignAppointments(1)],
      ['GET', ADMIN_DAY_DESK_API.campaignAppointmentsCsv(1)],
      ['GET', ADMIN_DAY_DESK_API.campaignAppointmentsXlsx(1)],
      ['GET', ADMIN_CAMPAIGN_API.questionSets],
      ['POST', QUESTION_SET_API.list],
      ['GET', QUESTION_SET_API.one(1)],
      ['PUT', QUESTION_SET_API.one(1)],
      ['GET', QUESTION_SET_API.campaigns(1)],
      ['POST', QUESTION_SET_API.campaigns(1)],
      ['GET', DASHBOARD_API.dashboard],
      ['GET', ADMIN_WAITING_WORK_API.waitingWork],
      ['GET', DASHBOARD_API.dashboardXlsx],
      ['GET', ADMIN_DAY_DESK_API.appointmentAnswers(1)],
      ['POST', ADMIN_DAY_DESK_API.appointmentCheckIn(1)],
      ['POST', ADMIN_DAY_DESK_API.appointmentOutcome(1)],
      ['POST', ADMIN_DAY_DESK_API.checkIn],
      ['GET', ADMIN_STAFF_API.list],
      ['POST', ADMIN_STAFF_API.invite],
      ['PUT', ADMIN_STAFF_API.role(1)],
      ['POST', ADMIN_STAFF_API.deactivate(1)],
      ['POST', ADMIN_STAFF_API.reactivate(1)],
      ['POST', ADMIN_STAFF_API.invitation(1)],
      ['POST', ADMIN_STAFF_API.resetSecondFactor(1)],
      // Staff console II (identity-review.routes.test.ts tests them in depth).
      ['GET', ADMIN_IDENTITY_API.reviews],
      ['GET', '/api/admin/identity/reviews/1'],
      ['GET', '/api/admin/identity/reviews/1/images/1'],
      ['POST', '/api/admin/identity/reviews/1/approve'],
      ['POST', '/api/admin/identity/reviews/1/reject'],
      ['POST', '/api/admin/identity/reviews/1/revoke-other'],
      ['GET', ADMIN_DONOR_API.donors],
      ['GET', ADMIN_DONOR_API.donor(1)],
      ['PUT', ADMIN_DONOR_API.donorLabBloodGroup(1)],
      ['POST', ADMIN_DONOR_API.donorExternalDonations(1)],
      ['GET', ADMIN_AUDIT_API.audit],
      ['GET', ADMIN_AUDIT_API.auditCsv],
      ['GET', ADMIN_AUDIT_API.auditXlsx],
      ['GET', ADMIN_NEWS_API.news],
      ['POST', ADMIN_NEWS_API.news],
      ['POST', ADMIN_NEWS_API.newsPreview],
      ['GET', ADMIN_NEWS_API.newsItem(1)],
      ['PUT', ADMIN_NEWS_API.newsItem(1)],
      ['POST', ADMIN_NEWS_API.newsPublish(1)],
      ['POST', ADMIN_NEWS_API.newsUnpublish(1)],
      ['POST', ADMIN_NEWS_API.newsThumbnail(1)],
      ['GET', ADMIN_INBOX_API.staffOptions],
      ['GET', ADMIN_INBOX_API.inbox('contact').replace('contact', '1')],
      ['PUT', ADMIN_INBOX_API.inboxItem('contact', 1).replace('contact', '1')],
      ['POST', ADMIN_INBOX_API.inboxReply('contact', 1).replace('contact', '1')],
      ['GET', ADMIN_BROADCAST_API.broadcasts],
      ['POST', ADMIN_BROADCAST_API.broadcasts],
      ['POST', ADMIN_BROADCAST_API.broadcastPreviewCount],
      ['GET', ADMIN_BROADCAST_API.broadcast(1)],
      ['GET', DATA_RIGHTS_API.adminDeletion(1)],
      ['PUT', screeningPath(1)],
      ['POST', CERTIFICATE_API.adminUses('1')],
      ['POST', CERTIFICATE_API.adminRevoke('1')],
      ['GET', CERTIFICATE_API.adminForDonor(1)],
      ['GET', HONOURS_ADMIN_API.list],
      ['GET', HONOURS_ADMIN_API.csv],
      ['GET', HONOURS_ADMIN_API.xlsx],
      // The blood centre's link (blood-centre/*.test.ts test them in depth).
      ['GET', ADMIN_API_KEYS_API.keys],
      ['POST', ADMIN_API_KEYS_API.keys],
      ['GET', ADMIN_API_KEYS_API.key(1)],
      ['POST', ADMIN_API_KEYS_API.revoke(1)],
      ['POST', ADMIN_UNITS_API.import],
      ['GET', ADMIN_TASKS_API.counselling],
      ['GET', ADMIN_TASKS_API.counsellingCase(1)],
      ['POST', ADMIN_TASKS_API.counsellingClose(1)],
      ['GET', ADMIN_TASKS_API.bloodGroups],
      ['POST', ADMIN_TASKS_API.bloodGroupResolve(1)],
      ['GET', ADMIN_TASKS_API.myPermissions],
      ['PUT', ADMIN_TASKS_API.staffPermissions(1)],
      // The blood stock board (stock/stock.routes.test.ts).
      ['GET', ADMIN_STOCK_API.stock],
      ['PUT', ADMIN_STOCK_API.stock],
      // Appeals (appeals/appeal.routes.test.ts).
      ['POST', ADMIN_APPEAL_API.previewCount],
      ['POST', ADMIN_APPEAL_API.appeals],
      ['GET', ADMIN_APPEAL_API.appeals],
      ['GET', ADMIN_APPEAL_API.appeal(1)],
      ['POST', ADMIN_APPEAL_API.end(1)],
      // The rare-blood club (rare-blood/rare-blood.routes.test.ts).
      ['GET', ADMIN_RARE_BLOOD_API.members],
    ] as const;
    // Every /api/admin operation of the OpenAPI document is in the table above.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{[^}]+\}/g, '1')}`),
      );
    expect(registered.sort()).toEqual(admins.map(([m, u]) => `${m} ${u}`).sort());
    for (const [method, url] of admins) {
      const anon = await t.request({ method, url });
      expect(anon.status, `${method} ${url}`).toBe(401);
      expect(anon.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const donor = await t.request({ method, url, headers: donorAuth, payload: {} });
      expect(donor.status, `${method} ${url}`).toBe(403);
      expect(donor.body).toMatchObject({
        success: false,
        code: 'FORBIDDEN',
        message: ERROR_MESSAGES.FORBIDDEN,
      });
    }
    for (const op of registered) expect(admins.map(([m, u]) => `${m} ${u}`)).toContain(op);
  });

  it('creates a campaign that shows in the public list at once, with Vietnamese validation', async () => {
    const bad = await create(
      staff,
      campaignBody(10, { endReceiveTime: vnAt(t, 10, '07:00'), targetBloodUnits: 0 }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CAMPAIGN_ADMIN_MESSAGES.endAfterStart);
    expect(JSON.stringify(bad.body)).toContain(CAMPAIGN_ADMIN_MESSAGES.targetRange);
    const otherDay = await create(staff, campaignBody(10, { endReceiveTime: vnAt(t, 11, '09:00') }));
    expect(JSON.stringify(otherDay.body)).toContain(CAMPAIGN_ADMIN_MESSAGES.windowSameDay);
    const past = await create(staff, campaignBody(-1));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(CAMPAIGN_ADMIN_MESSAGES.endInFuture);
    // A drive entered on its own day, after its start (09:00 here): accepted while it receives.
    const today = await create(staff, campaignBody(0));
    expect(today.status, today.body.message).toBe(200);
    await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignCancel(today.body.data.id),
      headers: staff,
      payload: { reason: 'Tạo thử' },
    });
    const noSet = await create(staff, campaignBody(10, { questionSetId: 99_999 }));
    expect(noSet.body.message).toBe(CAMPAIGN_ADMIN_MESSAGES.questionSetNotFound);

    await t.request({ method: 'GET', url: API.campaigns }); // warm the public cache
    const made = await create(admin);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Ngày hội hiến máu Phường Bến Nghé', cancelledAt: null });
    const list = await t.request({ method: 'GET', url: API.campaigns });
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(made.body.data.id);

    const edited = await t.request({
      method: 'PUT',
      url: ADMIN_CAMPAIGN_API.campaign(made.body.data.id),
      headers: staff,
      payload: campaignBody(10, { name: 'Ngày hội hiến máu mùa đông' }),
    });
    expect(edited.body.data.name).toBe('Ngày hội hiến máu mùa đông');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, made.body.data.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['campaign.create', 'campaign.update']),
    );
  });

  it('runs the day: check-in by code, DONE moves the next eligible date and refuses a campaign inside the interval', async () => {
    // Today's campaign (receiving 07:30–11:30; the test clock is 09:00 in Vietnam).
    const first = (await create(staff, campaignBody(0))).body.data;
    const later = (await create(staff, campaignBody(30))).body.data;
    const donor = await createVerifiedDonor(t);
    const appointmentId = await registerForCampaign(t, donor.auth, first.id, first.questionSetId);
    const view = await t.request({
      method: 'GET',
      url: API.appointmentById(appointmentId),
      headers: donor.auth,
    });
    const code = view.body.data.campaign.checkInCode as string;
    expect(code).toMatch(/^[A-Z2-9]{10}$/);

    const wrongDay = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.checkIn,
      headers: staff,
      payload: { code, campaignId: later.id },
    });
    expect(wrongDay.status).toBe(409);
    expect(wrongDay.body.message).toBe(DAY_DESK_MESSAGES.codeOtherCampaign);
    const unknown = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.checkIn,
      headers: staff,
      payload: { code: 'ZZZZZZZZZZ' },
    });
    expect(unknown.status).toBe(404);
    const checked = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.checkIn,
      headers: staff,
      payload: { code: code.toLowerCase(), campaignId: first.id },
    });
    expect(checked.status).toBe(200);
    expect(checked.body.message).toBe(DAY_DESK_MESSAGES.checkedIn);
    expect(checked.body.data).toMatchObject({
      id: appointmentId,
      status: 'CHECKED_IN',
      fullName: 'Nguyễn Thị Thu',
      birthYear: 1995,
      alreadyCheckedIn: false,
    });
    // A second scan (later, another desk, from the list): no refusal, the first check-in's time.
    const firstAt = checked.body.data.checkedInAt as string;
    t.clock.set(new Date(t.clock.now().getTime() + 7 * 60_000));
    try {
      for (const again of [
        { url: ADMIN_DAY_DESK_API.checkIn, payload: { code, campaignId: first.id } },
        { url: ADMIN_DAY_DESK_API.appointmentCheckIn(appointmentId), payload: undefined },
      ]) {
        const second = await t.request({ method: 'POST', headers: admin, ...again });
        expect(second.status).toBe(200);
        expect(second.body.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: firstAt });
        expect(second.body.message).toBe(DAY_DESK_MESSAGES.alreadyCheckedIn(vnClock(firstAt)));
        expect(second.body.message).toMatch(/^Đã check-in lúc \d{2}:\d{2}$/);
      }
    } finally {
      t.clock.set(new Date(t.clock.now().getTime() - 7 * 60_000));
    }
    const checkIns = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, appointmentId), eq(auditLog.action, 'appointment.check-in')));
    expect(checkIns).toHaveLength(1);

    const day = await t.request({
      method: 'GET',
      url: `${ADMIN_DAY_DESK_API.campaignAppointments(first.id)}?status=CHECKED_IN`,
      headers: staff,
    });
    expect(day.body.data.data.map((a: { id: number }) => a.id)).toEqual([appointmentId]);
    // The desk's answer is the row the day list shows (read by id, not by reloading the list).
    const { alreadyCheckedIn: _, ...checkedRow } = checked.body.data;
    expect(checkedRow).toEqual(day.body.data.data[0]);

    await screen(appointmentId, staff);
    const done = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId),
      headers: staff,
      payload: {
        result: 'DONE',
        donationType: 'WHOLE_BLOOD',
        volumeMl: 350,
        unitNumber: unit(appointmentId),
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'DONE', donationType: 'WHOLE_BLOOD', volumeMl: 350 });
    const doneList = await t.request({
      method: 'GET',
      url: `${ADMIN_DAY_DESK_API.campaignAppointments(first.id)}?status=DONE`,
      headers: staff,
    });
    expect(done.body.data).toEqual(doneList.body.data.data[0]);
    const again = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId),
      headers: admin,
      payload: { result: 'NO_SHOW' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DAY_DESK_MESSAGES.outcomeExists);
    expect(again.body.data).toMatchObject({ status: 'DONE' });

    const history = await t.request({ method: 'GET', url: API.appointmentsHistory, headers: donor.auth });
    expect(history.body.data.find((a: { id: number }) => a.id === appointmentId).status).toBe('DONE');
    const check = await t.request({
      method: 'GET',
      url: `${API.registrationCheck}?campaignId=${later.id}`,
      headers: donor.auth,
    });
    expect(check.body.data.status).toBe(REGISTRATION_STATUS.TOO_SOON_SINCE_LAST_DONATION);
    const general = await t.request({ method: 'GET', url: API.registrationCheck, headers: donor.auth });
    expect(general.status).toBe(200);
    // Judged for today, the day after a donation: too soon as well.
    expect(general.body.data.status).toBe(REGISTRATION_STATUS.TOO_SOON_SINCE_LAST_DONATION);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, appointmentId));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['appointment.check-in', 'appointment.outcome']),
    );
    expect(JSON.stringify(rows)).not.toContain('Nguyễn');
    // The ADMIN's audit page names the appointment (whose, which campaign) and says the detail in words.
    const trail = await t.request({
      method: 'GET',
      url: `${ADMIN_AUDIT_API.audit}?target=appointment:${appointmentId}`,
      headers: admin,
    });
    expect(
      trail.body.data.data.map((e: { action: string; targetName: string; detailText: string }) => [
        e.action,
        e.targetName,
        e.detailText,
      ]),
    ).toEqual([
      [
        'appointment.outcome',
        `Nguyễn Thị Thu · ${first.name}`,
        `Kết quả: Hoàn thành · Thể tích: 350 ml · Mã túi máu: ${unit(appointmentId)} · Loại hiến: Máu toàn phần`,
      ],
      [
        'appointment.screening',
        `Nguyễn Thị Thu · ${first.name}`,
        'Mạch: 72 lần/phút · Huyết áp tâm thu: 120 mmHg · Cân nặng: 60 kg · Huyết áp tâm trương: 80 mmHg · Huyết sắc tố: 140 g/L',
      ],
      ['appointment.check-in', `Nguyễn Thị Thu · ${first.name}`, 'Bằng mã check-in'],
    ]);
    const campaignTrail = await t.request({
      method: 'GET',
      url: `${ADMIN_AUDIT_API.audit}?target=campaign:${first.id}&action=campaign.create`,
      headers: admin,
    });
    expect(campaignTrail.body.data.data[0]).toMatchObject({ targetName: first.name, actorName: 'canbo' });
  });

  it('refuses a deferred donor with the reason until the date, everywhere before it', async () => {
    const c = (await create(staff, campaignBody(0))).body.data;
    const soon = (await create(staff, campaignBody(12))).body.data;
    const after = (await create(staff, campaignBody(40))).body.data;
    const donor = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const until = vnAt(t, 20, '00:00').slice(0, 10);
    const bad = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
      headers: staff,
      payload: { result: 'DEFERRED', reason: 'OTHER' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(DAY_DESK_MESSAGES.deferralTextRequired);
    const res = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
      headers: staff,
      payload: { result: 'DEFERRED', reason: 'LOW_HEMOGLOBIN', deferredUntil: until },
    });
    expect(res.status).toBe(200);
    const refused = await t.request({
      method: 'GET',
      url: `${API.registrationCheck}?campaignId=${soon.id}`,
      headers: donor.auth,
    });
    expect(refused.body.data.status).toBe(REGISTRATION_STATUS.DEFERRED);
    expect(refused.body.data.message).toContain('Huyết sắc tố thấp');
    const [y, m, d] = until.split('-');
    expect(refused.body.data.message).toContain(`${d}/${m}/${y}`);
    const general = await t.request({ method: 'GET', url: API.registrationCheck, headers: donor.auth });
    expect(general.body.data.status).toBe(REGISTRATION_STATUS.DEFERRED);
    const ok = await t.request({
      method: 'GET',
      url: `${API.registrationCheck}?campaignId=${after.id}`,
      headers: donor.auth,
    });
    expect(ok.body.data.status).toBe(REGISTRATION_STATUS.SUCCESS);
  });

  it('lets exactly one of two concurrent outcome recordings win', async () => {
    const c = (await create(staff, campaignBody(0))).body.data;
    const donor = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    await screen(id, staff);
    const results = await Promise.all([
      t.request({
        method: 'POST',
        url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
        headers: staff,
        payload: { result: 'DONE', donationType: 'APHERESIS_PLATELETS', volumeMl: 250, unitNumber: unit(id) },
      }),
      t.request({
        method: 'POST',
        url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
        headers: admin,
        payload: { result: 'NO_SHOW' },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const corrected = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
      headers: admin,
      payload: { result: 'NO_SHOW', correction: true },
    });
    expect(corrected.body.data.status).toBe('NO_SHOW');
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(rows.filter((r) => r.action.startsWith('appointment.outcome'))).toHaveLength(2);
  });

  it("takes check-in and outcomes on the campaign's day only; later, with a reason that the trail keeps, dated on the day", async () => {
    const tomorrow = (await create(staff, campaignBody(1))).body.data;
    const inThreeDays = (await create(staff, campaignBody(3))).body.data;
    const donor = await createVerifiedDonor(t);
    const other = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, tomorrow.id, tomorrow.questionSetId);
    const otherId = await registerForCampaign(t, other.auth, inThreeDays.id, inThreeDays.questionSetId);
    const post = (url: string, payload: unknown, auth = staff) =>
      t.request({ method: 'POST', url, headers: auth, payload });
    const dayOf = (iso: string) => {
      const [y, m, d] = new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 10).split('-');
      return `${d}/${m}/${y}`;
    };
    const notTheDay = DAY_DESK_MESSAGES.notCampaignDay(dayOf(tomorrow.organizeTime));

    // The day before: no check-in, no DONE; three days before, no deferral.
    const early = await post(ADMIN_DAY_DESK_API.appointmentCheckIn(id), {});
    expect([early.status, early.body.message]).toEqual([409, notTheDay]);
    const earlyDone = await post(ADMIN_DAY_DESK_API.appointmentOutcome(id), {
      result: 'DONE',
      donationType: 'WHOLE_BLOOD',
      volumeMl: 350,
      unitNumber: unit(id),
    });
    expect([earlyDone.status, earlyDone.body.message]).toEqual([409, notTheDay]);
    const earlyDeferral = await post(ADMIN_DAY_DESK_API.appointmentOutcome(otherId), {
      result: 'DEFERRED',
      reason: 'LOW_HEMOGLOBIN',
      deferredUntil: vnAt(t, 30, '00:00').slice(0, 10),
    });
    expect([earlyDeferral.status, earlyDeferral.body.message]).toEqual([
      409,
      DAY_DESK_MESSAGES.notCampaignDay(dayOf(inThreeDays.organizeTime)),
    ]);
    const [untouched] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect([untouched!.checkedInAt, untouched!.outcomeAt]).toEqual([null, null]);

    // The day after: the donation written down late needs a reason; it is dated on the day.
    await onDay(2, '08:30', async (staffThen) => {
      const lateCheckIn = await post(ADMIN_DAY_DESK_API.appointmentCheckIn(id), {}, staffThen);
      expect(lateCheckIn.status).toBe(409);
      const screened = await t.request({
        method: 'PUT',
        url: screeningPath(id),
        headers: staffThen,
        payload: NORMAL_CHECK,
      });
      expect(screened.status, screened.body.message).toBe(200);
      const done = { result: 'DONE', donationType: 'WHOLE_BLOOD', volumeMl: 350, unitNumber: unit(id) };
      const noReason = await post(ADMIN_DAY_DESK_API.appointmentOutcome(id), done, staffThen);
      expect(noReason.status).toBe(400);
      expect(JSON.stringify(noReason.body)).toContain(DAY_DESK_MESSAGES.lateReasonRequired);
      const late = await post(
        ADMIN_DAY_DESK_API.appointmentOutcome(id),
        { ...done, lateReason: 'Ghi theo phiếu giấy tại điểm hiến máu' },
        staffThen,
      );
      expect(late.status, late.body.message).toBe(200);
    });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(dayOf(row!.donatedAt!.toISOString())).toBe(dayOf(tomorrow.organizeTime));
    const next = await t.request({ method: 'GET', url: API.appointmentsNextEligible, headers: donor.auth });
    // 84 days after the campaign's day, not after the day it was written down.
    const campaignDay = vnDayOf(tomorrow.organizeTime);
    expect(vnDayOf(next.body.data.lastDonationDate)).toBe(campaignDay);
    expect(vnDayOf(next.body.data.nextEligibleDate)).toBe(addDays(campaignDay, 84));
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit!.detail).toMatchObject({
      result: 'DONE',
      lateReason: 'Ghi theo phiếu giấy tại điểm hiến máu',
    });
  });

  it('cancels a campaign: bookings cancelled, donors notified and mailed with the reason, registration refused', async () => {
    const c = (await create(staff, campaignBody(6))).body.data;
    const donor = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const res = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignCancel(c.id),
      headers: staff,
      payload: { reason: 'Mưa bão, địa điểm ngập nước' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.cancelReason).toBe('Mưa bão, địa điểm ngập nước');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row!.status).toBe('CANCELLED');
    const mail = await smtp.waitFor((m) => m.to.includes(donor.user.email));
    expect(mail.subject).toContain('đã bị hủy');
    expect(mail.text).toContain('Lý do: Mưa bão, địa điểm ngập nước');
    const notes = await t.request({ method: 'GET', url: API.notifications, headers: donor.auth });
    expect(JSON.stringify(notes.body.data)).toContain('Chiến dịch hiến máu đã bị hủy');
    const list = await t.request({ method: 'GET', url: API.campaigns });
    expect(list.body.data.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const check = await t.request({
      method: 'GET',
      url: `${API.registrationCheck}?campaignId=${c.id}`,
      headers: donor.auth,
    });
    expect(check.status).toBe(404);
    const twice = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignCancel(c.id),
      headers: staff,
      payload: { reason: 'x' },
    });
    expect(twice.status).toBe(409);
    const cancelled = await t.request({
      method: 'GET',
      url: `${ADMIN_CAMPAIGN_API.campaigns}?filter=cancelled`,
      headers: staff,
    });
    expect(cancelled.body.data.items.map((x: { id: number }) => x.id)).toContain(c.id);
  });

  it('takes a campaign picture checked by content, re-encoded to WebP and served publicly', async () => {
    const c = (await create(staff, campaignBody(9))).body.data;
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${c.id}/image` })).statusCode).toBe(404);
    const notImage = multipart([
      { name: 'file', value: Buffer.from('<svg onload=alert(1)>'), filename: 'a.png', type: 'image/png' },
    ]);
    const refused = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignImage(c.id),
      headers: { ...staff, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CAMPAIGN_ADMIN_MESSAGES.imageInvalid);
    const png = multipart([
      {
        name: 'file',
        value: await solidPng(1600, 900, '#c62828'),
        filename: 'banner.png',
        type: 'image/png',
      },
    ]);
    const saved = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignImage(c.id),
      headers: { ...staff, ...png.headers },
      payload: png.payload,
    });
    expect(saved.status).toBe(200);
    const url = saved.body.data.imageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/campaigns/${c.id}/image\\?v=\\d+$`));
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', 1200]);
  });

  it('exports the day as .xlsx with typed cells (phones as text, dates as dates), named by campaign and day; the typed deferral reason is kept', async () => {
    const c = (await create(staff, campaignBody(0, { name: 'Hiến máu Phường Bến Nghé' }))).body.data;
    const donor = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const until = vnAt(t, 30, '00:00').slice(0, 10);
    const deferred = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(id),
      headers: staff,
      payload: {
        result: 'DEFERRED',
        reason: 'OTHER',
        reasonText: 'Vừa đi du lịch vùng sốt rét',
        deferredUntil: until,
      },
    });
    expect(deferred.status, deferred.body.message).toBe(200);

    const res = await t.app.inject({
      method: 'GET',
      url: ADMIN_DAY_DESK_API.campaignAppointmentsXlsx(c.id),
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const day = vnDayOf(c.organizeTime);
    expect(res.headers['content-disposition']).toContain(`filename="hien-mau-phuong-ben-nghe-${day}.xlsx"`);
    // Read back with the library that wrote it: the types a spreadsheet will see.
    const book = await readWorkbook(res.rawPayload);
    const sheet = book.getWorksheet('Danh sách')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const row = sheet.getRow(2);
    expect(row.getCell(col('Số điện thoại')).value).toBe('0912345678');
    expect(row.getCell(col('Số điện thoại')).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(col('Năm sinh')).value).toBe(1995);
    const untilCell = row.getCell(col('Tạm hoãn đến'));
    expect(untilCell.type).toBe(ExcelJS.ValueType.Date);
    expect((untilCell.value as Date).toISOString().slice(0, 10)).toBe(until);
    expect(untilCell.numFmt).toBe('dd/mm/yyyy');
    expect(row.getCell(col('Lý do tạm hoãn')).value).toBe('Vừa đi du lịch vùng sốt rét');
    expect(row.getCell(col('Giờ check-in')).type).toBe(ExcelJS.ValueType.Date);
    // The CSV says the same, its name too.
    const csv = await t.app.inject({
      method: 'GET',
      url: ADMIN_DAY_DESK_API.campaignAppointmentsCsv(c.id),
      headers: staff,
    });
    expect(csv.headers['content-disposition']).toContain(`filename="hien-mau-phuong-ben-nghe-${day}.csv"`);
    const [y, m, d] = until.split('-');
    expect(csv.body).toContain(`"Vừa đi du lịch vùng sốt rét","${d}/${m}/${y}"`);

    // The audit trail and the dashboard come as workbooks too.
    const audit = await t.app.inject({ method: 'GET', url: ADMIN_AUDIT_API.auditXlsx, headers: admin });
    expect(audit.statusCode).toBe(200);
    const trail = await readWorkbook(audit.rawPayload);
    expect(trail.getWorksheet('Nhật ký')!.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Date);
    const figures = await t.app.inject({
      method: 'GET',
      url: `${DASHBOARD_API.dashboardXlsx}?from=${vnAt(t, -29, '00:00').slice(0, 10)}&to=${vnAt(t, 0, '00:00').slice(0, 10)}`,
      headers: staff,
    });
    expect(figures.statusCode).toBe(200);
    const dash = await readWorkbook(figures.rawPayload);
    expect(dash.worksheets.map((w) => w.name)).toEqual([
      'Đăng ký theo ngày',
      'Nhóm máu',
      'Đơn vị máu',
      'Vắng mặt, tạm hoãn',
      'Xác thực mới theo tuần',
    ]);
    expect(dash.getWorksheet('Đăng ký theo ngày')!.rowCount).toBe(31);
  });

  it('exports the day as CSV with a BOM and Vietnamese headers, and keeps the audit trail append-only', async () => {
    const c = (await create(staff, campaignBody(8))).body.data;
    const donor = await createVerifiedDonor(t);
    await registerForCampaign(t, donor.auth, c.id, c.questionSetId);
    const res = await t.app.inject({
      method: 'GET',
      url: ADMIN_DAY_DESK_API.campaignAppointmentsCsv(c.id),
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF"Mã lịch hẹn","Họ và tên"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Nguyễn Thị Thu","0912345678","1995"');
    // The booked slot, in Vietnam time, after the status (the earliest slot: no slot was named).
    expect(lines[0]).toContain('"Trạng thái","Khung giờ","Giờ check-in"');
    expect(lines[1]).toContain('"Đã đặt lịch","07:30 – 08:00"');
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
