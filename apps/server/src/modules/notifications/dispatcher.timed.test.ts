import {
  ADMIN_BROADCAST_API,
  APPEAL_PAGES,
  CONSENT_VERSIONS,
  DATA_RIGHTS_API,
  DATA_RIGHTS_MAIL_SUBJECTS,
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_PREFERENCES_API,
  PUSH_API,
  PUSH_TEXTS,
  type TNotificationPreferences,
  type TPushSubscription,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, pushSubscriptions } from '../../db/schema/index.ts';
import { TASK_NAMES } from '../../jobs/jobs.ts';
import {
  appealBody,
  appealCampaign,
  appealDonor,
  createAppeal,
  settledAppeal,
  vnAt,
} from '../../../test/appeals.ts';
import { loginStaff } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { notificationRows } from '../../../test/notifications.ts';
import { startPushService, type PushService } from '../../../test/push-service.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { appealNotificationTitle } from '../appeals/appeals.mails.ts';

type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof appealDonor>>;

const on = { PORTAL: true, EMAIL: true, PUSH: true };
const allOn = (): TNotificationPreferences => ({
  channels: { REMINDER: on, APPEAL: on, JOURNEY: on, NEWS: on, ACCOUNT: on },
  quietHours: { ...DEFAULT_QUIET_HOURS },
});

// The dispatcher (ADR 33) with a real SMTP server and a local push service that decrypts what it
// receives (test/push-service.ts), under the fixed clock. The clock only moves forward.
describe.each(DB_KINDS)('preferences, quiet hours and Web Push on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let pushService: PushService;

  const subscribe = async (donor: { auth: Auth }, sub = pushService.subscribe()) => {
    const res = await t.request({
      method: 'POST',
      url: PUSH_API.subscriptions,
      headers: {
        ...donor.auth,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
      },
      payload: sub,
    });
    return { res, endpoint: sub.endpoint, device: res.body.data as TPushSubscription };
  };
  const pushesTo = (endpoint: string) =>
    pushService.received.filter((p) => endpoint.endsWith(`/push/${p.subscriptionId}`));
  const mailsTo = (d: Donor, subject: string) =>
    smtp.mails.filter((m) => m.to.includes(d.user.email.toLowerCase()) && m.subject === subject);
  const savePreferences = (d: Donor, prefs: TNotificationPreferences) =>
    t.request({ method: 'PUT', url: NOTIFICATION_PREFERENCES_API.mine, headers: d.auth, payload: prefs });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    pushService = await startPushService();
    t = await createTestContext(kind, {
      env: { SMTP_URL: smtp.url, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await pushService?.close();
  });

  it('devices: each donor lists and removes only their own; the VAPID key is public', async () => {
    const key = await t.request({ method: 'GET', url: PUSH_API.key });
    expect(key.body.data).toEqual({ publicKey: t.config.push.vapidPublicKey });
    const [a, b] = [await appealDonor(t), await appealDonor(t)];
    const phone = await subscribe(a);
    expect([phone.res.status, phone.res.body.message]).toEqual([201, PUSH_TEXTS.added]);
    expect(phone.device).toMatchObject({
      label: 'Chrome trên Android',
      service: new URL(pushService.origin).host,
    });
    const laptop = await subscribe(a);
    const other = await subscribe(b);
    const list = (d: Donor) => t.request({ method: 'GET', url: PUSH_API.subscriptions, headers: d.auth });
    expect((await list(a)).body.data.map((s: TPushSubscription) => s.id)).toEqual([
      phone.device.id,
      laptop.device.id,
    ]);
    expect((await list(b)).body.data.map((s: TPushSubscription) => s.id)).toEqual([other.device.id]);
    // Another donor's device reads as missing and stays.
    const theirs = await t.request({
      method: 'DELETE',
      url: PUSH_API.subscription(other.device.id),
      headers: a.auth,
    });
    expect([theirs.status, theirs.body.message]).toEqual([404, PUSH_TEXTS.notFound]);
    expect((await list(b)).body.data).toHaveLength(1);
    const mine = await t.request({
      method: 'DELETE',
      url: PUSH_API.subscription(laptop.device.id),
      headers: a.auth,
    });
    expect([mine.status, mine.body.message]).toEqual([200, PUSH_TEXTS.removed]);
    expect((await list(a)).body.data.map((s: TPushSubscription) => s.id)).toEqual([phone.device.id]);
    expect((await t.request({ method: 'GET', url: PUSH_API.subscriptions })).status).toBe(401);
  });

  it('refuses endpoints that are not https on a public address', async () => {
    const donor = await appealDonor(t);
    const keys = pushService.subscribe().keys;
    for (const endpoint of [
      'http://example.com/push/1',
      'https://10.0.0.1/push/1',
      'https://[fd00::1]/push/1',
    ]) {
      const { res } = await subscribe(donor, { endpoint, keys });
      expect([endpoint, res.status, res.body.message]).toEqual([endpoint, 400, PUSH_TEXTS.badEndpoint]);
    }
  });

  it('a CRITICAL appeal at 22:00 is in the portal at once, its e-mail and push at 07:00; the push decrypts and its VAPID signature checks', async () => {
    const campaign = await appealCampaign(t, 10);
    const donor = await appealDonor(t, { lab: 'AB-' });
    const { endpoint } = await subscribe(donor);
    t.clock.set(vnAt(t, 0, '22:00'));
    const staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const appeal = await createAppeal(
      t,
      staff,
      appealBody(campaign, { groups: ['AB-'], urgency: 'CRITICAL' }),
    );
    expect((await settledAppeal(t, staff, appeal.id)).delivery).toMatchObject({ status: 'DONE', sent: 1 });
    await t.app.dispatcher.idle();
    await t.app.dispatcher.run();
    const title = appealNotificationTitle({ groups: ['AB-'] });
    expect((await notificationRows(t, donor.user.id)).map((n) => n.title)).toEqual([title]);
    expect(mailsTo(donor, title)).toEqual([]);
    expect(pushesTo(endpoint)).toEqual([]);

    t.clock.set(vnAt(t, 1, '06:59'));
    expect(await t.app.dispatcher.run()).toEqual({ email: 0, push: 0 });
    t.clock.set(vnAt(t, 1, '07:00'));
    expect(await t.app.scheduler.tick()).toContain(TASK_NAMES.dispatch);
    await smtp.waitFor((m) => m.to.includes(donor.user.email.toLowerCase()) && m.subject === title);
    const [push] = pushesTo(endpoint);
    expect(push!.payload).toEqual({
      title,
      body: expect.stringContaining('Cần gấp nhóm máu O−'),
      url: `http://portal.test${APPEAL_PAGES.appeal(appeal.id)}`,
    });
    expect(push!.vapidKey).toBe(t.config.push.vapidPublicKey);
    expect(push!.claims).toMatchObject({ aud: pushService.origin, sub: t.config.push.vapidSubject });
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
    expect(pushService.refused).toEqual([]);
    // Once only: another run sends nothing more.
    expect(await t.app.dispatcher.run()).toEqual({ email: 0, push: 0 });
    expect(pushesTo(endpoint)).toHaveLength(1);
    expect(mailsTo(donor, title)).toHaveLength(1);
  });

  it('an account-security mail at 22:00 goes at once', async () => {
    t.clock.set(vnAt(t, 0, '22:00'));
    const donor = await appealDonor(t);
    const res = await t.request({
      method: 'POST',
      url: DATA_RIGHTS_API.deletion,
      headers: donor.auth,
      payload: { password: donor.user.password },
    });
    expect(res.status).toBe(200);
    // Without running the dispatcher's task: sent within the request, not held for the morning.
    await smtp.waitFor(
      (m) =>
        m.to.includes(donor.user.email.toLowerCase()) &&
        m.subject === DATA_RIGHTS_MAIL_SUBJECTS.deletionConfirm,
    );
    expect(
      (await t.app.dispatcher.deliveriesOf(donor.user.id)).map((d) => [d.kind, d.channel, d.sentAt]),
    ).toEqual([['ACCOUNT', 'EMAIL', vnAt(t, 0, '22:00')]]);
  });

  it('news with e-mail switched off: the portal row, no mail; a push service answering 410 removes the device', async () => {
    t.clock.set(vnAt(t, 1, '10:00'));
    const quiet = await appealDonor(t, { lab: 'B+', declared: 'B+' });
    const keen = await appealDonor(t, { lab: 'B+', declared: 'B+' });
    for (const d of [quiet, keen])
      await t.database.db.insert(consents).values({
        userId: d.user.id,
        purpose: 'CAMPAIGN_EMAILS',
        version: CONSENT_VERSIONS.CAMPAIGN_EMAILS,
        givenAt: t.clock.now(),
      });
    const off = allOn();
    off.channels.NEWS = { PORTAL: true, EMAIL: false, PUSH: true };
    const saved = await savePreferences(quiet, off);
    expect(saved.body.data).toEqual(off);
    const { endpoint, device } = await subscribe(keen);
    pushService.answer(endpoint, 410);

    const staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const title = `Tin tức nhóm máu B+ ${randomUUID().slice(0, 4)}`;
    const created = await t.request({
      method: 'POST',
      url: ADMIN_BROADCAST_API.broadcasts,
      headers: staff,
      payload: {
        idempotencyKey: randomUUID(),
        type: 3,
        title,
        content: '<p>Mời bạn đến ngày hội hiến máu.</p>',
        sendEmail: true,
        audience: { kind: 'BLOOD_GROUP', bloodGroup: 'B+' },
      },
    });
    expect(created.status, created.body.message).toBe(200);
    await t.app.broadcasts.idle();
    await t.app.broadcasts.sendPending();
    await t.app.dispatcher.idle();
    await t.app.dispatcher.run();
    for (const d of [quiet, keen])
      expect((await notificationRows(t, d.user.id)).map((n) => n.title)).toEqual([title]);
    await smtp.waitFor((m) => m.to.includes(keen.user.email.toLowerCase()) && m.subject === title);
    expect(mailsTo(quiet, title)).toEqual([]);
    expect(pushService.refused.map((r) => r.reason)).toEqual(['told to answer 410']);
    const left = await t.database.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions);
    expect(left.map((r) => r.id)).not.toContain(device.id);
  });
});
