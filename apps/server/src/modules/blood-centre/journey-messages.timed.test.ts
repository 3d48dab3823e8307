import {
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_PREFERENCES_API,
  NOTIFICATION_PREFERENCE_TEXTS,
  UNIT_ISSUED_MESSAGE,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitIssuedMessages } from '../../db/schema/index.ts';
import { TASK_NAMES } from '../../jobs/jobs.ts';
import { loginAdmin } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { notificationRows } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createApiKey, recordDonation, sendEvents, unitEvent } from '../../../test/units.ts';

type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof createVerifiedDonor>>;

/** An instant in Vietnam time. */
const vn = (local: string) => new Date(`${local}+07:00`);

// On both databases (test/helper.ts, DB_KINDS): the sender takes each queued message with
// UPDATE … FOR UPDATE SKIP LOCKED, so two runs at once (two processes) send it once.
describe.each(DB_KINDS)('the day-time journey message on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let key: Auth;

  const journeyNotices = async (donor: Donor) =>
    (await notificationRows(t, donor.user.id)).filter((n) => n.title === UNIT_ISSUED_MESSAGE.title);
  const mailsTo = (donor: Donor) =>
    smtp.mails.filter(
      (m) => m.to.includes(donor.user.email.toLowerCase()) && m.subject === UNIT_ISSUED_MESSAGE.title,
    );
  const on = { PORTAL: true, EMAIL: true, PUSH: true };
  /** Everything on but the journey's e-mail when `email` is false. */
  const preferences = (email: boolean): TNotificationPreferences => ({
    channels: { REMINDER: on, APPEAL: on, JOURNEY: { ...on, EMAIL: email }, NEWS: on, ACCOUNT: on },
    quietHours: { ...DEFAULT_QUIET_HOURS },
  });
  const setPreferences = (donor: Donor, email: boolean) =>
    t.request({
      method: 'PUT',
      url: NOTIFICATION_PREFERENCES_API.mine,
      headers: donor.auth,
      payload: preferences(email),
    });
  /** A donation three days before `at`, issued to `hospital` an hour before `at`. */
  async function issued(donor: Donor, at: Date, hospital = 'Bệnh viện Bạch Mai', nth = 0) {
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id, {
      nth,
      donatedAt: new Date(at.getTime() - 3 * 86_400_000).toISOString(),
    });
    const event = {
      ...unitEvent.issued(t, `${kind}-issued-${appointmentId}`, unitNumber, hospital),
      at: new Date(at.getTime() - 3_600_000).toISOString(),
      issuedOn: new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
    };
    const res = await sendEvents(t, key, [event]);
    expect(res.body.data?.accepted, res.body.message).toBe(1);
    return { appointmentId, unitNumber };
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    key = (await createApiKey(t, { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` })).auth;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('preferences: all on by default, saved per channel, the donor own only', async () => {
    const donor = await createVerifiedDonor(t);
    const mine = await t.request({
      method: 'GET',
      url: NOTIFICATION_PREFERENCES_API.mine,
      headers: donor.auth,
    });
    expect(mine.body.data).toEqual(preferences(true));
    const saved = await setPreferences(donor, false);
    expect([saved.status, saved.body.message, saved.body.data]).toEqual([
      200,
      NOTIFICATION_PREFERENCE_TEXTS.saved,
      preferences(false),
    ]);
    const again = await t.request({
      method: 'GET',
      url: NOTIFICATION_PREFERENCES_API.mine,
      headers: donor.auth,
    });
    expect(again.body.data).toEqual(preferences(false));
    expect((await t.request({ method: 'GET', url: NOTIFICATION_PREFERENCES_API.mine })).status).toBe(401);
    const bad = await t.request({
      method: 'PUT',
      url: NOTIFICATION_PREFERENCES_API.mine,
      headers: donor.auth,
      payload: { ...preferences(true), channels: { JOURNEY: { PORTAL: 'yes' } } },
    });
    expect(bad.status).toBe(400);
  });

  it('an ISSUED unit is told once, between 08:00 and 20:00 (Vietnam): in the portal, and by e-mail unless switched off', async () => {
    const evening = vn('2026-11-24T21:00:00');
    t.clock.set(evening);
    const both = await createVerifiedDonor(t);
    const portalOnly = await createVerifiedDonor(t);
    await setPreferences(portalOnly, false);
    const first = await issued(both, evening);
    await issued(portalOnly, evening, 'Bệnh viện Nhi Trung ương');

    // 21:00: the scheduled task runs, and keeps the messages for the morning.
    expect(await t.app.scheduler.tick()).toContain(TASK_NAMES.journeyMessages);
    t.clock.set(vn('2026-11-25T07:59:00'));
    expect(await t.app.journeyMessages.sendDue()).toBe(0);
    expect(await journeyNotices(both)).toEqual([]);

    // 08:00: out they go.
    t.clock.set(vn('2026-11-25T08:00:00'));
    expect(await t.app.scheduler.tick()).toContain(TASK_NAMES.journeyMessages);
    const notice = await journeyNotices(both);
    expect(notice.map((n) => [n.content, n.link, n.type])).toEqual([
      [
        `<p>${UNIT_ISSUED_MESSAGE.content('21/11/2026', 'Bệnh viện Bạch Mai')}</p>`,
        '/trang-ca-nhan#ho-so-hien-mau',
        2,
      ],
    ]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(both.user.email.toLowerCase()) && m.subject === UNIT_ISSUED_MESSAGE.title,
    );
    expect(mail.text).toContain('Đơn vị máu bạn hiến ngày 21/11/2026 đã được chuyển tới Bệnh viện Bạch Mai.');
    expect(mail.text).toContain('http://portal.test/trang-ca-nhan#ho-so-hien-mau');
    expect(mail.html).toContain('Giọt Hồng');
    // E-mail switched off: the portal's notice all the same (the portal is always on), no mail.
    expect((await journeyNotices(portalOnly)).length).toBe(1);
    expect(mailsTo(portalOnly)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(unitIssuedMessages)
      .where(eq(unitIssuedMessages.appointmentId, first.appointmentId));
    expect([row!.sentAt?.toISOString(), row!.notified, row!.mailed]).toEqual([
      vn('2026-11-25T08:00:00').toISOString(),
      true,
      true,
    ]);

    // Another component of the same unit to another hospital: no second message for the donation.
    const again = await sendEvents(t, key, [
      { ...unitEvent.issued(t, `${kind}-again-${first.appointmentId}`, first.unitNumber, 'Bệnh viện K') },
    ]);
    expect(again.body.data.accepted).toBe(1);
    t.clock.set(vn('2026-11-25T12:00:00'));
    expect(await t.app.journeyMessages.sendDue()).toBe(0);
    expect((await journeyNotices(both)).length).toBe(1);
    expect(mailsTo(both).length).toBe(1);
  });

  it('an event at 19:59 is told at once; one at 20:00 waits for the morning', async () => {
    const donor = await createVerifiedDonor(t);
    const late = await createVerifiedDonor(t);
    t.clock.set(vn('2026-11-26T19:59:00'));
    await issued(donor, vn('2026-11-26T19:59:00'));
    expect(await t.app.journeyMessages.sendDue()).toBe(1);
    expect((await journeyNotices(donor)).length).toBe(1);
    t.clock.set(vn('2026-11-26T20:00:00'));
    await issued(late, vn('2026-11-26T20:00:00'));
    expect(await t.app.journeyMessages.sendDue()).toBe(0);
    t.clock.set(vn('2026-11-27T08:01:00'));
    expect(await t.app.journeyMessages.sendDue()).toBe(1);
    expect((await journeyNotices(late)).length).toBe(1);
  });

  it('two runs at once (two processes) send each message once', async () => {
    t.clock.set(vn('2026-11-27T10:00:00'));
    const donors = await Promise.all([1, 2, 3, 4].map(() => createVerifiedDonor(t)));
    for (const d of donors) await issued(d, vn('2026-11-27T10:00:00'));
    const taken = await Promise.all([t.app.journeyMessages.sendDue(1), t.app.journeyMessages.sendDue(1)]);
    expect(taken[0] + taken[1]).toBe(4);
    for (const d of donors) {
      expect((await journeyNotices(d)).length).toBe(1);
      await smtp.waitFor((m) => m.to.includes(d.user.email.toLowerCase()));
      expect(mailsTo(d).length).toBe(1);
    }
    t.clock.set(TEST_NOW);
  });
});
