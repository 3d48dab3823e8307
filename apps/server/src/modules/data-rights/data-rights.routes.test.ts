import {
  ADMIN_DAY_DESK_API,
  API,
  CONSENT_VERSIONS,
  DATA_RIGHTS_API,
  DATA_RIGHTS_MAIL_SUBJECTS,
  DATA_RIGHTS_MESSAGES as M,
  DELETION_CONFIRM_PAGE,
  ErrorCode,
  NOTIFICATION_PREFERENCES_API,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  appointments,
  consents,
  contactMessages,
  idExtracts,
  notifications,
  pushSubscriptions,
  questions,
  users,
} from '../../db/schema/index.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createLoggedInUser, login, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { listCampaigns, registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { blockingUserReferences } from './erasure.ts';
import { TASK_NAMES } from '../../jobs/jobs.ts';

type Auth = Record<string, string>;
const DAY_MS = 86_400_000;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('data rights on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let staff: Auth;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const consentsOf = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: DATA_RIGHTS_API.consents, headers: auth })).body.data as {
      purpose: string;
      active: boolean;
      withdrawnAt: string | null;
      version: string | null;
    }[];
  const setConsent = (auth: Auth, purpose: string, given: boolean, version = CONSENT_VERSIONS.TERMS) =>
    t.request({
      method: 'PUT',
      url: DATA_RIGHTS_API.consent(purpose),
      headers: auth,
      payload: { given, version },
    });

  const exec = async (q: SQL) =>
    (await t.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };

  /** Every text, varchar and jsonb column of every table in the database that contains `value`. */
  async function columnsHolding(value: string): Promise<string[]> {
    const cols = (
      await exec(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')
        order by 1, 2`)
    ).rows as { table_name: string; column_name: string }[];
    expect(cols.length).toBeGreaterThan(40);
    const found: string[] = [];
    for (const c of cols) {
      const res = await exec(
        sql`select count(*)::int as n from ${sql.raw(`"${c.table_name}"`)} where ${sql.raw(`"${c.column_name}"`)}::text ilike ${`%${value}%`}`,
      );
      if (Number((res.rows[0] as { n: number }).n) > 0) found.push(`${c.table_name}.${c.column_name}`);
    }
    return found;
  }

  it('guards every route: no token 401, a donor on the staff route 403', async () => {
    const donor = await createLoggedInUser(t);
    for (const [method, url] of [
      ['GET', DATA_RIGHTS_API.consents],
      ['PUT', DATA_RIGHTS_API.consent('CAMPAIGN_EMAILS')],
      ['GET', DATA_RIGHTS_API.views],
      ['GET', DATA_RIGHTS_API.exports],
      ['POST', DATA_RIGHTS_API.exports],
      ['GET', DATA_RIGHTS_API.deletion],
      ['POST', DATA_RIGHTS_API.deletion],
      ['DELETE', DATA_RIGHTS_API.deletion],
    ] as const) {
      expect((await t.request({ method, url })).status, `${method} ${url}`).toBe(401);
    }
    const admin = await t.request({
      method: 'GET',
      url: DATA_RIGHTS_API.adminDeletion(donor.user.id),
      headers: donor.auth,
    });
    expect(admin.status).toBe(403);
    const asStaff = await t.request({
      method: 'GET',
      url: DATA_RIGHTS_API.adminDeletion(donor.user.id),
      headers: staff,
    });
    expect(asStaff.body.data).toEqual({
      state: 'NONE',
      requestedAt: null,
      confirmedAt: null,
      eraseAfter: null,
    });
  });

  it('the policy states purposes, versions and the retention periods of the configuration', async () => {
    const res = await t.request({ method: 'GET', url: DATA_RIGHTS_API.policy });
    expect(res.status).toBe(200);
    expect(res.body.data.retention).toEqual({ idImageDays: 30, exportDays: 7, deletionGraceDays: 7 });
    expect(res.body.data.purposes.map((p: { purpose: string }) => p.purpose)).toEqual([
      'TERMS',
      'ID_DATA',
      'HEALTH_DATA',
      'CAMPAIGN_EMAILS',
      'APPEALS',
      'RARE_BLOOD_CLUB',
    ]);
    expect(res.body.data.keptAfterErasure.length).toBe(2);
  });

  it('consents: sign-up gives the terms; the optional e-mails are off, switched on and off; versions are checked', async () => {
    const { auth } = await createLoggedInUser(t);
    let list = await consentsOf(auth);
    expect(list.map((c) => [c.purpose, c.active])).toEqual([
      ['TERMS', true],
      ['ID_DATA', false],
      ['HEALTH_DATA', false],
      ['CAMPAIGN_EMAILS', false],
      ['APPEALS', false],
      // Given by joining the club only (rare-blood/rare-blood.routes.test.ts).
      ['RARE_BLOOD_CLUB', false],
    ]);
    const on = await setConsent(auth, 'CAMPAIGN_EMAILS', true, CONSENT_VERSIONS.CAMPAIGN_EMAILS);
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(M.consentSaved);
    expect(on.body.data).toMatchObject({ purpose: 'CAMPAIGN_EMAILS', active: true, withdrawnAt: null });
    const off = await setConsent(auth, 'CAMPAIGN_EMAILS', false, CONSENT_VERSIONS.CAMPAIGN_EMAILS);
    expect(off.body.data.active).toBe(false);
    expect(off.body.data.withdrawnAt).toBe(t.clock.now().toISOString());

    const old = await setConsent(auth, 'HEALTH_DATA', true, '2020-01');
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(M.wrongVersion);
    const terms = await setConsent(auth, 'TERMS', false);
    expect(terms.status).toBe(400);
    expect(terms.body.message).toBe(M.cannotWithdraw);
    const bad = await setConsent(auth, 'NOT_A_PURPOSE', true);
    expect(bad.status).toBe(404);
    list = await consentsOf(auth);
    expect(list.find((c) => c.purpose === 'TERMS')!.active).toBe(true);
  });

  it('registration needs the health consent: withdrawn → a clear refusal; a new version → asked again, given with the questionnaire', async () => {
    const donor = await createVerifiedDonor(t);
    const [campaign] = await listCampaigns(t);
    const answerAll = async (extra: Record<string, unknown> = {}) => {
      const set = (
        await t.request({
          method: 'GET',
          url: `${API.questionSet}?id=${campaign!.questionSetId}`,
          headers: donor.auth,
        })
      ).body.data;
      const items = set.sections.flatMap((s: { questions: { id: number }[] }) =>
        s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
      );
      return t.request({
        method: 'POST',
        url: API.answer,
        headers: donor.auth,
        payload: { campaignId: campaign!.id, answers: items, ...extra },
      });
    };
    expect((await setConsent(donor.auth, 'HEALTH_DATA', false, CONSENT_VERSIONS.HEALTH_DATA)).status).toBe(
      200,
    );
    const refused = await answerAll({ healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.CONSENT_REQUIRED);
    expect(refused.body.message).toBe(M.consentWithdrawn('HEALTH_DATA'));
    expect(refused.body.consent).toEqual({
      purpose: 'HEALTH_DATA',
      version: CONSENT_VERSIONS.HEALTH_DATA,
      withdrawn: true,
    });

    // Agreed again, but to a text that has since changed: asked again before registering.
    expect(
      (await setConsent(donor.auth, 'HEALTH_DATA', true, CONSENT_VERSIONS.HEALTH_DATA)).body.data.active,
    ).toBe(true);
    await t.database.db
      .update(consents)
      .set({ version: '2020-01' })
      .where(and(eq(consents.userId, donor.user.id), eq(consents.purpose, 'HEALTH_DATA')));
    const asked = await answerAll();
    expect(asked.status).toBe(403);
    expect(asked.body.message).toBe(M.consentRequired('HEALTH_DATA'));
    expect(asked.body.consent).toEqual({
      purpose: 'HEALTH_DATA',
      version: CONSENT_VERSIONS.HEALTH_DATA,
      withdrawn: false,
    });
    const done = await answerAll({ healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA });
    expect(done.status, done.body.message).toBe(200);
    expect((await consentsOf(donor.auth)).find((c) => c.purpose === 'HEALTH_DATA')).toMatchObject({
      active: true,
      version: CONSENT_VERSIONS.HEALTH_DATA,
    });

    // Withdrawing the ID-data consent: registration refuses (a donor with no booking yet).
    const second = await createVerifiedDonor(t);
    expect((await setConsent(second.auth, 'ID_DATA', false, CONSENT_VERSIONS.ID_DATA)).status).toBe(200);
    const noId = await t.request({
      method: 'POST',
      url: API.answer,
      headers: second.auth,
      payload: { campaignId: campaign!.id, answers: [{ questionId: 1, answer: 'false' }] },
    });
    expect(noId.status).toBe(403);
    expect(noId.body.message).toBe(M.consentWithdrawn('ID_DATA'));
  });

  it('export: a ZIP with the summary, the JSON of everything held and the ID photos, for its owner only, announced by notification and e-mail', async () => {
    const donor = await createVerifiedDonor(t);
    const other = await createLoggedInUser(t);
    const [campaign] = await listCampaigns(t);
    const appointmentId = await registerForCampaign(t, donor.auth, campaign!.id, campaign!.questionSetId);
    // A staff member reads the answers: the donor sees it under "who saw my data".
    expect(
      (
        await t.request({
          method: 'GET',
          url: ADMIN_DAY_DESK_API.appointmentAnswers(appointmentId),
          headers: staff,
        })
      ).status,
    ).toBe(200);
    const photo = Buffer.from('ảnh mặt trước (jpeg giả lập)');
    const box = createSealedBox(t.config.secrets.dataEncryption, 'id-card-images');
    await t.database.db.insert(idExtracts).values({
      id: `ex-${donor.user.id}`,
      userId: donor.user.id,
      status: 'CONFIRM_MATCHED',
      frontImage: box.seal(photo),
      createdAt: t.clock.now(),
    });

    // How the donor chose to be told, and a device pushes go to (its keys stay out of the export).
    const prefs = (
      await t.request({ method: 'GET', url: NOTIFICATION_PREFERENCES_API.mine, headers: donor.auth })
    ).body.data as TNotificationPreferences;
    prefs.quietHours = { start: '22:00', end: '06:30' };
    expect(
      (
        await t.request({
          method: 'PUT',
          url: NOTIFICATION_PREFERENCES_API.mine,
          headers: donor.auth,
          payload: prefs,
        })
      ).status,
    ).toBe(200);
    await t.database.db.insert(pushSubscriptions).values({
      userId: donor.user.id,
      endpoint: 'https://push.example.net/send/abc',
      p256dh: 'device-public-key',
      auth: 'device-auth-secret',
      label: 'Chrome trên Android',
      createdAt: t.clock.now(),
    });

    const views = await t.request({ method: 'GET', url: DATA_RIGHTS_API.views, headers: donor.auth });
    expect(views.body.data).toEqual([
      {
        at: t.clock.now().toISOString(),
        action: 'appointment.answers.view',
        label: 'Xem câu trả lời phiếu câu hỏi sức khỏe',
        role: 'STAFF',
        roleLabel: 'Cán bộ của Hội',
      },
    ]);
    expect(
      (await t.request({ method: 'GET', url: DATA_RIGHTS_API.views, headers: other.auth })).body.data,
    ).toEqual([]);

    const queued = await t.request({ method: 'POST', url: DATA_RIGHTS_API.exports, headers: donor.auth });
    expect(queued.status).toBe(200);
    expect(queued.body.message).toBe(M.exportRequested);
    expect(queued.body.data.status).toBe('PENDING');
    const id = queued.body.data.id as string;
    expect(
      (await t.request({ method: 'GET', url: DATA_RIGHTS_API.exportDownload(id), headers: donor.auth }))
        .status,
    ).toBe(404);

    const ran = await t.app.scheduler.tick();
    expect(ran).toContain(TASK_NAMES.dataExports);
    const list = (await t.request({ method: 'GET', url: DATA_RIGHTS_API.exports, headers: donor.auth })).body
      .data;
    expect(list[0]).toMatchObject({
      id,
      status: 'READY',
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const note = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `data-export:${id}`));
    expect(note.map((n) => [n.userId, n.title, n.link])).toEqual([
      [donor.user.id, 'Dữ liệu của bạn đã sẵn sàng để tải', '/trang-ca-nhan#quyen-rieng-tu'],
    ]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(donor.user.email) && m.subject === DATA_RIGHTS_MAIL_SUBJECTS.exportReady,
    );
    expect(mail.text).toContain('http://portal.test/trang-ca-nhan#quyen-rieng-tu');

    // Another donor, and nobody logged in, get nothing.
    expect(
      (await t.request({ method: 'GET', url: DATA_RIGHTS_API.exportDownload(id), headers: other.auth }))
        .status,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: DATA_RIGHTS_API.exportDownload(id) })).status).toBe(401);

    const res = await t.app.inject({
      method: 'GET',
      url: DATA_RIGHTS_API.exportDownload(id),
      headers: donor.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(zip).sort()).toEqual([
      `anh/can-cuoc-ex-${donor.user.id}-mat-truoc.jpg`,
      'du-lieu.json',
      'tom-tat.html',
    ]);
    expect(Buffer.from(zip[`anh/can-cuoc-ex-${donor.user.id}-mat-truoc.jpg`]!)).toEqual(photo);
    const data = JSON.parse(strFromU8(zip['du-lieu.json']!));
    expect(data.account).toMatchObject({
      id: donor.user.id,
      username: donor.user.username,
      email: donor.user.email,
    });
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.identity).toMatchObject({ fullName: 'Nguyễn Thị Thu', dob: '12/03/1995' });
    expect(data.donorProfile.mobile).toBe('0912345678');
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0].campaign.name).toBe(campaign!.name);
    expect(data.appointments[0].answers.length).toBeGreaterThan(3);
    expect(data.appointments[0].answers.every((a: { answer: boolean }) => a.answer === false)).toBe(true);
    expect(data.consents.map((c: { purpose: string }) => c.purpose).sort()).toEqual([
      'HEALTH_DATA',
      'ID_DATA',
      'TERMS',
    ]);
    expect(data.staffViews).toEqual([
      { at: t.clock.now().toISOString(), action: 'appointment.answers.view', role: 'STAFF' },
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    // The donation record and honours (no donation yet: empty, with the keys present).
    expect(data.donationRecord).toMatchObject({
      donations: [],
      elsewhere: [],
      totals: { count: 0, volumeMl: 0 },
    });
    expect(data.honours).toMatchObject({ count: 0, reached: [], next: 1, remaining: 1 });
    expect(data.notificationPreferences.quietHours).toEqual({ start: '22:00', end: '06:30' });
    expect(data.pushDevices).toEqual([
      {
        id: expect.any(Number),
        label: 'Chrome trên Android',
        service: 'push.example.net',
        created: t.clock.now().toISOString(),
        lastSuccess: null,
      },
    ]);
    expect(strFromU8(zip['du-lieu.json']!)).not.toContain('device-auth-secret');
    const html = strFromU8(zip['tom-tat.html']!);
    expect(html).toContain('<h1>Dữ liệu của bạn trên Giọt Hồng</h1>');
    expect(html).toContain('<tr><th scope="row">Họ và tên</th><td>Nguyễn Thị Thu</td></tr>');
    expect(html).toContain('Xem câu trả lời phiếu câu hỏi sức khỏe (Cán bộ của Hội)');

    // Past its 7 days, the file is gone.
    t.clock.advance(7 * DAY_MS + 60_000);
    expect(await t.app.dataRights.sweepExpiredExports()).toBeGreaterThanOrEqual(1);
    await expect(t.app.dataRights.download(donor.user.id, id)).rejects.toMatchObject({ statusCode: 404 });
    t.clock.set(new Date(t.clock.now().getTime() - 7 * DAY_MS - 60_000));
  });

  it('every foreign key to users cascades or sets null, so erasure needs no per-table code', async () => {
    expect(await blockingUserReferences(t.database.db)).toEqual([]);
  });

  it('deletion: password and e-mailed link, bookings cancelled at once, cancel, then erasure after 7 days leaves no personal data', async () => {
    const donor = await createVerifiedDonor(t);
    // Values only this donor has (the helper gives every donor the same name and phone).
    await exec(
      sql`update donor_profiles set full_name = 'Lê Thị Xóa Hết', mobile = '0987000111', contact_email = 'lienhe.xoahet@example.vn' where user_id = ${donor.user.id}`,
    );
    const row = (await t.database.db.select().from(users).where(eq(users.id, donor.user.id)))[0]!;
    const profile = (
      await exec(sql`select card_id, full_name, mobile from donor_profiles where user_id = ${donor.user.id}`)
    ).rows[0] as { card_id: string; full_name: string; mobile: string };
    const campaigns = await listCampaigns(t);
    const [upcoming, past] = [campaigns[0]!, campaigns[1]!];
    const count = async (id: number) =>
      (await listCampaigns(t)).find((c) => c.id === id) as unknown as { appointmentCount: number };
    const before = (await count(upcoming.id)).appointmentCount;
    await registerForCampaign(t, donor.auth, upcoming.id, upcoming.questionSetId);
    expect((await count(upcoming.id)).appointmentCount).toBe(before + 1);
    // An earlier donation, with a detailed answer, as staff recorded it.
    const [q] = await t.database.db.select().from(questions).limit(1);
    const [done] = await t.database.db
      .insert(appointments)
      .values({
        userId: donor.user.id,
        campaignId: past.id,
        status: 'DONE',
        donatedAt: t.clock.now(),
        donationType: 'WHOLE_BLOOD',
        volumeMl: 350,
        checkInCode: 'CHKDONE123',
        deferralText: 'Ghi chú riêng về Thu',
      })
      .returning();
    const detail = 'Tôi dị ứng phấn hoa mỗi mùa xuân';
    await t.database.db
      .insert(answers)
      .values({ appointmentId: done!.id, questionId: q!.id, answer: true, detail });
    await t.database.db
      .insert(contactMessages)
      .values({ name: profile.full_name, email: row.email, message: 'Tôi muốn hỏi về lịch hiến máu' });
    const doneCount = async () =>
      Number(
        (
          (
            await exec(
              sql`select count(*)::int as n from appointments where campaign_id = ${past.id} and status = 'DONE'`,
            )
          ).rows[0] as { n: number }
        ).n,
      );
    const donesBefore = await doneCount();

    const wrong = await t.request({
      method: 'POST',
      url: DATA_RIGHTS_API.deletion,
      headers: donor.auth,
      payload: { password: 'sai-mat-khau' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(M.passwordWrong);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const staffTry = await t.request({
      method: 'POST',
      url: DATA_RIGHTS_API.deletion,
      headers: staff,
      payload: { password: 'x' },
    });
    expect(staffTry.status).toBe(403);

    const requestAndConfirm = async () => {
      const since = smtp.mails.length;
      const asked = await t.request({
        method: 'POST',
        url: DATA_RIGHTS_API.deletion,
        headers: donor.auth,
        payload: { password: donor.user.password },
      });
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(M.deletionMailSent);
      expect(asked.body.data.state).toBe('AWAITING_CONFIRMATION');
      const mail = await smtp.waitFor(
        (m) =>
          smtp.mails.indexOf(m) >= since &&
          m.to.includes(donor.user.email) &&
          m.subject === DATA_RIGHTS_MAIL_SUBJECTS.deletionConfirm,
      );
      const link = new RegExp(`http://portal\\.test${DELETION_CONFIRM_PAGE}#([\\w-]+)`).exec(mail.text);
      expect(link).toBeTruthy();
      const confirmed = await t.request({
        method: 'POST',
        url: DATA_RIGHTS_API.deletionConfirm,
        payload: { token: link![1] },
      });
      expect(confirmed.status).toBe(200);
      return confirmed;
    };

    const confirmed = await requestAndConfirm();
    const eraseOn = new Date(t.clock.now().getTime() + 7 * DAY_MS);
    expect(confirmed.body.data).toMatchObject({ state: 'SCHEDULED', eraseAfter: eraseOn.toISOString() });
    expect(confirmed.body.message).toMatch(
      /^Đã xác nhận yêu cầu xóa tài khoản\. Tài khoản và dữ liệu của bạn sẽ bị xóa vào ngày \d\d\/\d\d\/\d{4}\./,
    );
    // The booking is cancelled at the request: the campaign's count goes back.
    expect((await count(upcoming.id)).appointmentCount).toBe(before);
    const again = await t.request({
      method: 'POST',
      url: API.answer,
      headers: donor.auth,
      payload: { campaignId: upcoming.id, answers: [{ questionId: 1, answer: 'false' }] },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.deletionPendingNoRegistration);
    const asStaff = await t.request({
      method: 'GET',
      url: DATA_RIGHTS_API.adminDeletion(donor.user.id),
      headers: staff,
    });
    expect(asStaff.body.data.state).toBe('SCHEDULED');

    const cancelled = await t.request({
      method: 'DELETE',
      url: DATA_RIGHTS_API.deletion,
      headers: donor.auth,
    });
    expect(cancelled.body.message).toBe(M.deletionCancelled);
    expect(
      (await t.request({ method: 'GET', url: DATA_RIGHTS_API.deletion, headers: donor.auth })).body.data
        .state,
    ).toBe('NONE');
    t.clock.advance(8 * DAY_MS);
    await t.app.dataRights.eraseDue();
    expect((await t.database.db.select().from(users).where(eq(users.id, donor.user.id))).length).toBe(1);

    // Access tokens of a week ago have expired: log in again.
    donor.auth = {
      authorization: `Bearer ${(await login(t, donor.user.username, donor.user.password)).accessToken}`,
    };
    await requestAndConfirm();
    t.clock.advance(7 * DAY_MS - 60_000);
    expect(await t.app.dataRights.eraseDue()).toBe(0);
    t.clock.advance(60_000);
    const ran = await t.app.scheduler.tick();
    expect(ran).toContain(TASK_NAMES.erasure);
    await smtp.waitFor(
      (m) => m.to.includes(donor.user.email) && m.subject === DATA_RIGHTS_MAIL_SUBJECTS.erased,
    );

    for (const value of [
      row.email,
      row.username,
      profile.full_name,
      profile.card_id,
      profile.mobile,
      'lienhe.xoahet',
      detail,
      'Ghi chú riêng về Thu',
      'CHKDONE123',
    ]) {
      expect(await columnsHolding(value), value).toEqual([]);
    }
    // The donation stays as an anonymous count of its campaign; the trail names ids only.
    expect(await doneCount()).toBe(donesBefore);
    const kept = (await t.database.db.select().from(appointments).where(eq(appointments.id, done!.id)))[0]!;
    expect(kept).toMatchObject({
      userId: null,
      status: 'DONE',
      volumeMl: 350,
      checkInCode: null,
      deferralText: null,
    });
    const trail = await exec(
      sql`select action from audit_log where target_type = 'user' and target_id = ${donor.user.id} order by id`,
    );
    expect((trail.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'account.deletion.request',
      'account.deletion.confirm',
      // Staff read the request's state: a view of the donor's data, audited.
      'account.deletion.view',
      'account.deletion.cancel',
      'account.deletion.request',
      'account.deletion.confirm',
      'account.erase',
    ]);
    // No session, no login.
    await expect(login(t, donor.user.username, donor.user.password)).rejects.toThrow(/login failed/);

    // The username and the e-mail are free again.
    const signUp = await t.request({
      method: 'POST',
      url: API.authRegister,
      payload: { username: row.username, email: row.email, password: 'HienMau@Lan2-2026' },
    });
    expect(signUp.status).toBe(200);
    const fresh = await t.database.db.select().from(users).where(eq(users.username, row.username));
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.id).not.toBe(donor.user.id);
  });
});
