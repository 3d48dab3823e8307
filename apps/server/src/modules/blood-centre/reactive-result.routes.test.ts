import {
  ADMIN_CAMPAIGN_API,
  ADMIN_DAY_DESK_API,
  ADMIN_WAITING_WORK_API,
  ADMIN_STAFF_API,
  ADMIN_TASKS_API,
  API,
  COUNSELLING_TEXTS,
  DATA_RIGHTS_API,
  DONATION_RECORD_API,
  HONOUR_TEXTS,
  RESULT_CONTACT_MESSAGE,
  STAFF_MESSAGES,
  screeningPath,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, auditSubjects, donorProfiles } from '../../db/schema/index.ts';
import { TASK_NAMES } from '../../jobs/jobs.ts';
import { loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { listCampaigns, notificationRows, registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createApiKey, isbt, sendEvents, unitEvent } from '../../../test/units.ts';

type Auth = Record<string, string>;

/** What must never reach a donor while the case is open (codes and words of a result). */
const SECRETS = [
  'REACTIVE',
  'reactive',
  'TEST_RESULT',
  'Kết quả xét nghiệm',
  'kết quả xét nghiệm',
  'tư vấn kết quả',
  'Tư vấn kết quả',
  'counselling',
  'DISCARDED',
  'không được sử dụng',
];
const expectNoSecret = (what: string, text: string) => {
  for (const s of SECRETS) expect(text, `${what} contains '${s}'`).not.toContain(s);
};

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): one donor's path from the DONE
// through a reactive result to the closed case, checked everywhere a donor reads; no concurrency
// (the events' SQL is run on both databases in unit-events.routes.test.ts).
describe.each(EMBEDDED_ONLY)('a reactive screening result on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let admin: Auth;
  let staff: Auth;
  let key: Auth;
  let donor: Awaited<ReturnType<typeof createVerifiedDonor>>;
  let appointmentId: number;
  let unitNumber: string;
  let caseId: number;
  let staffId: number;
  let otherCampaign: { id: number; questionSetId: number };
  let mailsBefore: number;

  const today = () => new Date(t.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  const get = (url: string, headers: Auth) => t.request({ method: 'GET', url, headers });
  const donorMails = () => smtp.mails.filter((m) => m.to.includes(donor.user.email.toLowerCase()));
  const check = async () =>
    (await get(`${API.registrationCheck}?campaignId=${otherCampaign.id}`, donor.auth)).body.data;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url, COUNSELLING_CALL_DAYS: '2' } });
    admin = { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` };
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    key = (await createApiKey(t, admin)).auth;
    staffId = (await get(ADMIN_STAFF_API.list, admin)).body.data.find(
      (m: { username: string }) => m.username === 'canbo',
    ).id;

    // A donation recorded at the venue, as the day desk does it: today's campaign, the check, DONE.
    const vnAt = (hhmm: string) => new Date(`${today()}T${hhmm}:00+07:00`).toISOString();
    const campaign = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaigns,
      headers: staff,
      payload: {
        name: 'Ngày hội hiến máu kết nối',
        location: 'Cung Văn hóa Lao động',
        organizeTime: vnAt('07:00'),
        startReceiveTime: vnAt('07:00'),
        endReceiveTime: vnAt('17:00'),
        description: '',
        targetBloodUnits: 100,
        questionSetId: 1,
        slotCapacity: 100,
      },
    });
    expect(campaign.status, campaign.body.message).toBe(200);
    donor = await createVerifiedDonor(t);
    await t.database.db
      .update(donorProfiles)
      .set({ bloodGroup: 'A+' })
      .where(eq(donorProfiles.userId, donor.user.id));
    appointmentId = await registerForCampaign(t, donor.auth, campaign.body.data.id, 1);
    await t.request({
      method: 'PUT',
      url: screeningPath(appointmentId),
      headers: staff,
      payload: { weightKg: 60, systolic: 120, diastolic: 80, pulse: 72, hemoglobinGL: 140 },
    });
    unitNumber = isbt();
    const done = await t.request({
      method: 'POST',
      url: ADMIN_DAY_DESK_API.appointmentOutcome(appointmentId),
      headers: staff,
      payload: { result: 'DONE', donationType: 'WHOLE_BLOOD', volumeMl: 350, unitNumber },
    });
    expect(done.status, done.body.message).toBe(200);
    // The first donation's honours mail is the last mail before the blood centre's events.
    await smtp.waitFor(
      (m) => m.subject === HONOUR_TEXTS.notificationTitle(1) && m.to.includes(donor.user.email.toLowerCase()),
    );
    mailsBefore = donorMails().length;
    otherCampaign = (await listCampaigns(t)).find((c) => c.id !== campaign.body.data.id)!;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the donor gets one neutral request to call the chapter, and nothing else', async () => {
    const before = (await notificationRows(t, donor.user.id)).length;
    const res = await sendEvents(t, key, [
      { ...unitEvent.tested(t, 'r-tested', unitNumber, 'O+', 'REACTIVE') },
      unitEvent.discarded(t, 'r-discarded', unitNumber, 'TEST_RESULT'),
    ]);
    expect(res.body.data.accepted).toBe(2);
    const rows = (await notificationRows(t, donor.user.id)).slice(before);
    const { phone, openingHours } = t.config.chapterContact;
    expect(rows.map((n) => [n.title, n.content, n.link])).toEqual([
      [
        RESULT_CONTACT_MESSAGE.title,
        `<p>${RESULT_CONTACT_MESSAGE.content(phone, openingHours)}</p>`,
        '/lien-he',
      ],
    ]);
    // The lab group is kept without a word (no 'your group was determined' beside the request).
    const [profile] = await t.database.db
      .select()
      .from(donorProfiles)
      .where(eq(donorProfiles.userId, donor.user.id));
    expect(profile!.labBloodGroup).toBe('O+');
    // A replay of the event sends nothing more.
    await sendEvents(t, key, [unitEvent.tested(t, 'r-tested', unitNumber, 'O+', 'REACTIVE')]);
    expect((await notificationRows(t, donor.user.id)).length).toBe(before + 1);
  });

  it('registration is DEFERRED with the neutral reason until the case is closed', async () => {
    expect(await check()).toEqual({ status: 'DEFERRED', message: RESULT_CONTACT_MESSAGE.deferral });
    const general = await get(API.registrationCheck, donor.auth);
    expect(general.body.data.message).toBe(RESULT_CONTACT_MESSAGE.deferral);
    // POST /answer applies the same rule.
    await expect(
      registerForCampaign(t, donor.auth, otherCampaign.id, otherCampaign.questionSetId),
    ).rejects.toThrow(`(409): ${RESULT_CONTACT_MESSAGE.deferral}`);
  });

  it('staff without the permission get 403 and no count; an ADMIN grants it, audited', async () => {
    for (const url of [ADMIN_TASKS_API.counselling, ADMIN_TASKS_API.counsellingCase(1)]) {
      const res = await get(url, staff);
      expect([url, res.status]).toEqual([url, 403]);
    }
    const close = await t.request({
      method: 'POST',
      url: ADMIN_TASKS_API.counsellingClose(1),
      headers: staff,
      payload: { note: 'x' },
    });
    expect(close.status).toBe(403);
    expect((await get(ADMIN_TASKS_API.counselling, donor.auth)).status).toBe(403);
    expect((await get(ADMIN_WAITING_WORK_API.waitingWork, staff)).body.data).toMatchObject({
      counsellingOpen: null,
    });
    expect((await get(ADMIN_WAITING_WORK_API.waitingWork, admin)).body.data).toMatchObject({
      counsellingOpen: 1,
    });
    expect((await get(ADMIN_TASKS_API.myPermissions, staff)).body.data).toEqual({ permissions: [] });
    expect((await get(ADMIN_TASKS_API.myPermissions, admin)).body.data).toEqual({
      permissions: ['RESULT_COUNSELLING'],
    });

    // Only an ADMIN sets permissions, on staff accounts only.
    const put = (id: number, headers: Auth, permissions: string[] = ['RESULT_COUNSELLING']) =>
      t.request({
        method: 'PUT',
        url: ADMIN_TASKS_API.staffPermissions(id),
        headers,
        payload: { permissions },
      });
    expect((await put(staffId, staff)).status).toBe(403);
    expect((await put(donor.user.id, admin)).status).toBe(404);
    const granted = await put(staffId, admin, ['RESULT_COUNSELLING', 'RESULT_COUNSELLING']);
    expect([granted.status, granted.body.message, granted.body.data]).toEqual([
      200,
      STAFF_MESSAGES.permissionsSaved,
      { permissions: ['RESULT_COUNSELLING'] },
    ]);
    const member = (await get(ADMIN_STAFF_API.list, admin)).body.data.find(
      (m: { id: number }) => m.id === staffId,
    );
    expect(member.permissions).toEqual(['RESULT_COUNSELLING']);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.permissions'), eq(auditLog.targetId, staffId)));
    expect(row!.detail).toEqual({ permissions: 'RESULT_COUNSELLING' });
    expect((await get(ADMIN_TASKS_API.myPermissions, staff)).body.data).toEqual({
      permissions: ['RESULT_COUNSELLING'],
    });
  });

  it('with the permission: who to call and by when; every view audited and in the donor access log', async () => {
    const list = await get(ADMIN_TASKS_API.counselling, staff);
    expect(list.status).toBe(200);
    const found = list.body.data.find((c: { donorId: number }) => c.donorId === donor.user.id);
    expect(found).toMatchObject({
      fullName: 'Nguyễn Thị Thu',
      phone: '0912345678',
      donatedOn: today(),
      unitNumber,
      callBy: new Date(Date.parse(`${today()}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10),
      status: 'OPEN',
      closedAt: null,
      note: null,
    });
    caseId = found.id;
    const one = await get(ADMIN_TASKS_API.counsellingCase(caseId), staff);
    expect(one.body.data).toEqual(found);
    expect((await get(ADMIN_TASKS_API.counsellingCase(caseId), admin)).status).toBe(200);
    expect((await get(ADMIN_TASKS_API.counsellingCase(999_999), admin)).status).toBe(404);
    expect((await get(ADMIN_WAITING_WORK_API.waitingWork, staff)).body.data.counsellingOpen).toBe(1);

    // Each view is a row: the list (with the donor among its subjects) and each case view.
    const lists = await t.database.db
      .select({ id: auditLog.id, role: auditLog.actorRole })
      .from(auditLog)
      .innerJoin(auditSubjects, eq(auditSubjects.auditId, auditLog.id))
      .where(
        and(eq(auditLog.action, 'donor.contact-case.list'), eq(auditSubjects.subjectUserId, donor.user.id)),
      );
    expect(lists.map((l) => l.role)).toEqual(['STAFF']);
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.contact-case.view'), eq(auditLog.subjectUserId, donor.user.id)));
    expect(views.map((v) => [v.actorRole, v.targetType, v.targetId])).toEqual([
      ['STAFF', 'contact-case', caseId],
      ['ADMIN', 'contact-case', caseId],
    ]);
    // The donor's "who saw my data": the three views, in words that say nothing of a result.
    const seen = (await get(DATA_RIGHTS_API.views, donor.auth)).body.data as {
      action: string;
      label: string;
    }[];
    const contact = seen.filter((v) => v.action.startsWith('donor.contact-case'));
    expect(contact.map((v) => v.label)).toEqual([
      'Xem thông tin liên hệ của bạn',
      'Xem thông tin liên hệ của bạn',
      'Xem thông tin liên hệ của bạn',
    ]);
    expectNoSecret('access log', JSON.stringify(seen));
  });

  it('appears nowhere a donor can see: the record, notifications, appointments, mails and the data export', async () => {
    const record = await get(DONATION_RECORD_API.mine, donor.auth);
    const mine = record.body.data.donations.find(
      (d: { appointmentId: number }) => d.appointmentId === appointmentId,
    );
    expect(mine.journey).toEqual([{ step: 'COLLECTED', on: today(), hospital: null }]);
    expectNoSecret('record', JSON.stringify(record.body));
    expectNoSecret(
      'notifications',
      JSON.stringify((await get(`${API.notifications}?size=50`, donor.auth)).body),
    );
    expectNoSecret(
      'appointment',
      JSON.stringify((await get(API.appointmentById(appointmentId), donor.auth)).body),
    );
    expectNoSecret('history', JSON.stringify((await get(API.appointmentsHistory, donor.auth)).body));

    // The export, built by its scheduled task; its mail is the first the donor gets since the events.
    const queued = await t.request({ method: 'POST', url: DATA_RIGHTS_API.exports, headers: donor.auth });
    expect(queued.status, queued.body.message).toBe(200);
    expect(await t.app.scheduler.tick()).toContain(TASK_NAMES.dataExports);
    await smtp.waitFor(
      (m) => m.to.includes(donor.user.email.toLowerCase()) && m.subject.includes('sẵn sàng'),
    );
    expect(
      donorMails()
        .slice(mailsBefore)
        .map((m) => m.subject),
    ).toEqual([expect.stringContaining('sẵn sàng')]);
    const download = await t.app.inject({
      method: 'GET',
      url: DATA_RIGHTS_API.exportDownload(queued.body.data.id),
      headers: donor.auth,
    });
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    const json = strFromU8(zip['du-lieu.json']!);
    expectNoSecret('export (JSON)', json);
    expectNoSecret('export (summary)', strFromU8(zip['tom-tat.html']!));
    const data = JSON.parse(json);
    expect(
      data.donationRecord.donations.find((d: { appointmentId: number }) => d.appointmentId === appointmentId)
        .journey,
    ).toEqual([{ step: 'COLLECTED', on: today(), hospital: null }]);
  });

  it("'Đã liên hệ, tư vấn' closes the case with a note: the donor may register again and sees the journey", async () => {
    const close = (note: string) =>
      t.request({
        method: 'POST',
        url: ADMIN_TASKS_API.counsellingClose(caseId),
        headers: staff,
        payload: { note },
      });
    const empty = await close('  ');
    expect([empty.status, JSON.stringify(empty.body)]).toEqual([
      400,
      expect.stringContaining(COUNSELLING_TEXTS.noteRequired),
    ]);
    const closed = await close('Đã gọi điện, hẹn khám lại tại bệnh viện.');
    expect([closed.status, closed.body.message]).toEqual([200, COUNSELLING_TEXTS.closed]);
    expect(closed.body.data).toMatchObject({
      status: 'CLOSED',
      closedBy: 'canbo',
      note: 'Đã gọi điện, hẹn khám lại tại bệnh viện.',
    });
    const again = await close('lần nữa');
    expect([again.status, again.body.message]).toEqual([409, COUNSELLING_TEXTS.alreadyClosed]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'donor.contact-case.close'), eq(auditLog.targetId, caseId)));
    // The note is the chapter's, in the case: the trail keeps codes only.
    expect([row!.subjectUserId, row!.detail]).toEqual([donor.user.id, null]);
    expect((await get(ADMIN_TASKS_API.counselling, staff)).body.data).toEqual([]);
    expect(
      (await get(`${ADMIN_TASKS_API.counselling}?status=CLOSED`, staff)).body.data.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([caseId]);

    // The registration check answers by the dates again (12 weeks since today's donation).
    expect((await check()).status).toBe('TOO_SOON_SINCE_LAST_DONATION');
    const record = await get(DONATION_RECORD_API.mine, donor.auth);
    const mine = record.body.data.donations.find(
      (d: { appointmentId: number }) => d.appointmentId === appointmentId,
    );
    expect(mine.journey.map((s: { step: string }) => s.step)).toEqual(['COLLECTED', 'TESTED', 'DISCARDED']);
    // Still no result or reason: the journey only says the unit was tested, and not used.
    for (const s of ['REACTIVE', 'TEST_RESULT', 'NEGATIVE'])
      expect(JSON.stringify(record.body)).not.toContain(s);
  });
});
