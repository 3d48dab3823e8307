import {
  ADMIN_APPEAL_API,
  APPEAL_API,
  APPEAL_MESSAGES,
  APPEAL_PAGES,
  APPEAL_TEXTS,
  DATA_RIGHTS_API,
  NOTIFICATION_TYPE,
  type TAdminAppeal,
} from '@giot-hong/contract';
import { strFromU8, unzipSync } from 'fflate';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  accountDeletions,
  appealRecipients,
  appointments,
  auditLog,
  notifications,
} from '../../db/schema/index.ts';
import { createSmtpMailer, type Mailer } from '../../mail/mailer.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import {
  appealBody,
  appealCampaign,
  appealDonor,
  createAppeal,
  settledAppeal,
  vnAt,
} from '../../../test/appeals.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createPageData } from '../ssr/page-data.ts';
import { APPEAL_LEASE_MS } from './appeal.service.ts';

type Auth = Record<string, string>;

/** Resolves when `n` calls have been made to `calls`. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!condition()) throw new Error('condition not met in time');
}

// On both databases (test/helper.ts, DB_KINDS): the sending claims appeals and e-mails with FOR
// UPDATE SKIP LOCKED across two app instances, takes an advisory lock, and counts by aggregate SQL.
// The clock moves forward only, test after test (quiet hours, then end times, come last).
describe.each(DB_KINDS)('appeals on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let campaign: Awaited<ReturnType<typeof appealCampaign>>;

  /**
   * Staff's header, logging in again once the clock has moved on (a token lives a quarter of an
   * hour). The clock only moves forward here: the authenticator codes used must stay in the past.
   */
  let login: { auth: Auth; at: number } | undefined;
  async function staff(): Promise<Auth> {
    const now = t.clock.now().getTime();
    if (!login || now - login.at > 5 * 60_000)
      login = {
        auth: { authorization: `Bearer ${(await loginStaff(t)).accessToken}` },
        at: t.clock.now().getTime(),
      };
    return login.auth;
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    campaign = await appealCampaign(t, 10);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A second process on the same database, with its own mailer and batch size. */
  async function otherProcess(mailer: Mailer, batchSize: number) {
    return buildApp({
      config: { ...t.config, appeals: { ...t.config.appeals, batchSize } },
      database: t.database,
      clock: t.clock,
      mailer,
    });
  }
  const notificationsOf = (appealId: number) =>
    t.database.db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.dedupeKey, `appeal:${appealId}`))
      .groupBy(notifications.userId);
  const mailsTo = (email: string, subject: string) =>
    smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject).length;

  it('refuses what is wrong in Vietnamese, and is for staff only', async () => {
    const auth = await staff();
    const post = (payload: unknown, headers: Auth | undefined = auth) =>
      t.request({ method: 'POST', url: ADMIN_APPEAL_API.appeals, headers, payload });
    const past = await post(
      appealBody(campaign, { endsAt: new Date(t.clock.now().getTime() - 60_000).toISOString() }),
    );
    expect([past.status, past.body.message]).toEqual([400, APPEAL_MESSAGES.endsAtPast]);
    const noGroups = await post(appealBody(campaign, { groups: [] }));
    expect([noGroups.status, noGroups.body.message]).toEqual([400, APPEAL_MESSAGES.groupsRequired]);
    const target0 = await post(appealBody(campaign, { target: 0 }));
    expect([target0.status, target0.body.message]).toEqual([400, APPEAL_MESSAGES.targetRange]);
    const late = await post(
      appealBody(campaign, { endsAt: new Date(campaign.endReceiveTime.getTime() + 60_000).toISOString() }),
    );
    expect(late.body.message).toBe(APPEAL_MESSAGES.endsAtAfterCampaign);
    const slot = await post(appealBody(campaign, { slotStarts: [vnAt(t, 10, '07:30').toISOString()] }));
    expect(slot.body.message).toBe(APPEAL_MESSAGES.slotInvalid);
    const missing = await post(appealBody({ ...campaign, id: 999_999 }));
    expect(missing.body.message).toBe(APPEAL_MESSAGES.campaignNotFound);
    // Nobody to reach (no donor of this group has agreed to appeals yet).
    const nobody = await post(appealBody(campaign, { groups: ['AB+'] }));
    expect([nobody.status, nobody.body.message]).toEqual([409, APPEAL_MESSAGES.noRecipients]);

    const donor = (await createLoggedInUser(t)).auth;
    expect((await post(appealBody(campaign), donor)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: ADMIN_APPEAL_API.appeals, headers: donor })).status).toBe(
      403,
    );
    expect((await t.request({ method: 'POST', url: ADMIN_APPEAL_API.end(1), headers: donor })).status).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: ADMIN_APPEAL_API.appeals })).status).toBe(401);
  });

  it('sends once per donor by notification and e-mail, counts live, and lets only the reached donor read and answer it', async () => {
    const auth = await staff();
    const a = await appealDonor(t, { lab: 'O-' });
    const b = await appealDonor(t, { lab: 'A+' });
    const body = appealBody(campaign, {
      groups: ['O-'],
      target: 5,
      slotStarts: [vnAt(t, 10, '08:00').toISOString()],
    });
    // A double click: two requests at once with the same key make one appeal.
    const [first, second] = await Promise.all([createAppeal(t, auth, body), createAppeal(t, auth, body)]);
    expect(second.id).toBe(first.id);
    const id = first.id;
    const sent = await settledAppeal(t, auth, id);
    expect(sent).toMatchObject({
      status: 'OPEN',
      slotStarts: [vnAt(t, 10, '08:00').toISOString()],
      delivery: { status: 'DONE', total: 1, sent: 1, emailed: 1 },
      counts: { reached: 1, opened: 0, answered: 0, coming: 0, declined: 0, booked: 0, donated: 0 },
    });
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `appeal:${id}`));
    expect(note).toMatchObject({
      userId: a.user.id,
      type: NOTIFICATION_TYPE.EVENT,
      title: APPEAL_TEXTS.notificationTitle('O−'),
      link: APPEAL_PAGES.appeal(id),
    });
    expect(note!.content).toContain('Mong bạn đến hiến &lt;ngay&gt;.');
    const mail = await smtp.waitFor((m) => m.to.includes(a.user.email.toLowerCase()));
    expect(mail.subject).toBe(APPEAL_TEXTS.notificationTitle('O−'));
    expect(mail.html).toContain('&lt;ngay&gt;');
    expect(mail.html).not.toContain('<ngay>');
    expect(mail.text).toContain(`http://portal.test${APPEAL_PAGES.appeal(id)}`);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'appeal'), eq(auditLog.targetId, id)));
    expect(audits.map((r) => r.action)).toEqual(['appeal.create']);

    // Donor isolation: B was not reached.
    const one = (auth: Auth) => t.request({ method: 'GET', url: APPEAL_API.appeal(id), headers: auth });
    const notB = await one(b.auth);
    expect([notB.status, notB.body.message]).toEqual([404, APPEAL_MESSAGES.appealNotFound]);
    expect((await t.request({ method: 'GET', url: APPEAL_API.mine, headers: b.auth })).body.data).toEqual([]);
    const answerB = await t.request({
      method: 'POST',
      url: APPEAL_API.responses(id),
      headers: b.auth,
      payload: { answer: 'COMING' },
    });
    expect(answerB.status).toBe(404);
    const readA = await one(a.auth);
    expect(readA.status).toBe(200);
    expect(readA.body.data).toMatchObject({
      id,
      includesSelfDeclared: true,
      answer: null,
      booked: false,
      status: 'OPEN',
    });
    const [opened] = await t.database.db
      .select({ openedAt: appealRecipients.openedAt })
      .from(appealRecipients)
      .where(eq(appealRecipients.appealId, id));
    t.clock.advance(60_000);
    await one(a.auth);
    const [openedAgain] = await t.database.db
      .select({ openedAt: appealRecipients.openedAt })
      .from(appealRecipients)
      .where(eq(appealRecipients.appealId, id));
    expect(openedAgain!.openedAt).toEqual(opened!.openedAt);
    const mine = (await t.request({ method: 'GET', url: APPEAL_API.mine, headers: a.auth })).body.data;
    expect(mine.map((m: { id: number }) => m.id)).toEqual([id]);

    // The answer, changeable while open; then the booking through the usual registration.
    const respond = (answer: string) =>
      t.request({ method: 'POST', url: APPEAL_API.responses(id), headers: a.auth, payload: { answer } });
    const coming = await respond('COMING');
    expect([coming.status, coming.body.message, coming.body.data.answer]).toEqual([
      200,
      APPEAL_MESSAGES.responseSaved,
      'COMING',
    ]);
    expect((await settledAppeal(t, auth, id)).counts).toMatchObject({
      opened: 1,
      answered: 1,
      coming: 1,
      declined: 0,
    });
    await respond('DECLINED');
    const appointmentId = await registerForCampaign(t, a.auth, campaign.id, campaign.questionSetId);
    expect((await settledAppeal(t, auth, id)).counts).toMatchObject({
      answered: 1,
      coming: 0,
      declined: 1,
      booked: 1,
      donated: 0,
    });
    expect((await one(a.auth)).body.data.booked).toBe(true);
    await t.database.db
      .update(appointments)
      .set({ status: 'DONE' })
      .where(eq(appointments.id, appointmentId));
    expect((await settledAppeal(t, auth, id)).counts).toMatchObject({ booked: 1, donated: 1 });

    // The public list: groups, place and time, nothing personal and no counts.
    const open = (await t.request({ method: 'GET', url: APPEAL_API.open })).body.data;
    const listed = open.find((o: { id: number }) => o.id === id);
    expect(Object.keys(listed).sort()).toEqual(['campaign', 'endsAt', 'groups', 'id', 'title', 'urgency']);
    expect(listed.campaign.place).toBe(campaign.location);
    const landing = await createPageData(t.app).page('/', new URLSearchParams());
    expect(landing!.find((q) => q.key.join('/') === 'appeals/open')!.data).toEqual(open);

    // The export holds the appeal and the answer.
    const requested = await t.request({ method: 'POST', url: DATA_RIGHTS_API.exports, headers: a.auth });
    expect(requested.status).toBe(200);
    await t.app.dataRights.processExports();
    const res = await t.app.inject({
      method: 'GET',
      url: DATA_RIGHTS_API.exportDownload(requested.body.data.id),
      headers: a.auth,
    });
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['du-lieu.json']!));
    expect(data.appeals).toMatchObject([{ id, answer: 'DECLINED', groups: ['O-'] }]);

    // Staff end it: no more answers, gone from the public list, audited.
    const ended = await t.request({ method: 'POST', url: ADMIN_APPEAL_API.end(id), headers: auth });
    expect(ended.body.data).toMatchObject({ status: 'ENDED', endReason: 'STAFF' });
    const late = await respond('COMING');
    expect([late.status, late.body.message]).toEqual([409, APPEAL_MESSAGES.appealEnded]);
    expect((await t.request({ method: 'POST', url: ADMIN_APPEAL_API.end(id), headers: auth })).status).toBe(
      409,
    );
    expect(
      (await t.request({ method: 'GET', url: APPEAL_API.open })).body.data.map((o: { id: number }) => o.id),
    ).not.toContain(id);
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'appeal'), eq(auditLog.targetId, id)));
    expect(trail.map((r) => r.action).sort()).toEqual(['appeal.create', 'appeal.end']);

    // Erasing the account removes its recipient rows.
    const now = t.clock.now();
    await t.database.db.insert(accountDeletions).values({
      userId: a.user.id,
      tokenHash: `erase-${a.user.id}`,
      requestedAt: now,
      linkExpiresAt: now,
      confirmedAt: now,
      eraseAfter: now,
    });
    await t.app.dataRights.eraseDue();
    const left = await t.database.db
      .select()
      .from(appealRecipients)
      .where(eq(appealRecipients.userId, a.user.id));
    expect(left).toEqual([]);
  });

  it('sends nothing twice when a sending is cut off mid-way and another process resumes it', async () => {
    const donors: Awaited<ReturnType<typeof appealDonor>>[] = [];
    for (let i = 0; i < 5; i++) donors.push(await appealDonor(t, { lab: 'B+' }));
    // The first process dies while mailing its first batch: the second e-mail reached the SMTP
    // server, then nothing more happened (the process never marked it sent).
    const smtpMailer = createSmtpMailer(smtp.url, t.config.mailFrom);
    let calls = 0;
    const dying: Mailer = {
      send: async (mail) => {
        calls += 1;
        await smtpMailer.send(mail);
        if (calls >= 2) await new Promise(() => {});
      },
      close: () => smtpMailer.close(),
      kind: smtpMailer.kind,
    };
    const crashing = await otherProcess(dying, 2);
    await crashing.ready();
    const res = await crashing.inject({
      method: 'POST',
      url: ADMIN_APPEAL_API.appeals,
      headers: await staff(),
      payload: appealBody(campaign, { groups: ['B+'], urgency: 'CRITICAL' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as TAdminAppeal).id;
    await until(() => calls >= 2);
    const subject = APPEAL_TEXTS.notificationTitle('B+');
    await until(() => donors.filter((d) => mailsTo(d.user.email, subject) === 1).length === 2);
    expect((await settledAppeal(t, await staff(), id)).delivery).toMatchObject({
      status: 'SENDING',
      sent: 2,
    });

    // Its lease runs out; this process takes the appeal over and finishes it.
    t.clock.advance(APPEAL_LEASE_MS + 60_000);
    await t.app.appeals.sendPending();
    const done = await settledAppeal(t, await staff(), id);
    expect(done.delivery).toMatchObject({ status: 'DONE', sent: 5 });
    const notes = await notificationsOf(id);
    expect(notes.map((r) => [r.userId, Number(r.n)]).sort((x, y) => x[0]! - y[0]!)).toEqual(
      donors.map((d) => [d.user.id, 1]).sort((x, y) => x[0]! - y[0]!),
    );
    await until(() => donors.every((d) => mailsTo(d.user.email, subject) >= 1));
    expect(donors.map((d) => mailsTo(d.user.email, subject))).toEqual([1, 1, 1, 1, 1]);
    // Another run, and the periodic task, find nothing left to send.
    await t.app.appeals.tick();
    expect(donors.map((d) => mailsTo(d.user.email, subject))).toEqual([1, 1, 1, 1, 1]);
    await smtpMailer.close();
  });

  it('stops sending when the target is booked, between batches', async () => {
    const donors: Awaited<ReturnType<typeof appealDonor>>[] = [];
    for (let i = 0; i < 4; i++) donors.push(await appealDonor(t, { lab: 'AB+' }));
    // A process whose mailer waits on the second e-mail (the end of its first batch of two) until
    // the test lets it go, so a donor can book in between.
    const smtpMailer = createSmtpMailer(smtp.url, t.config.mailFrom);
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const gated: Mailer = {
      send: async (mail) => {
        calls += 1;
        if (calls === 2) await gate;
        await smtpMailer.send(mail);
      },
      close: () => smtpMailer.close(),
      kind: smtpMailer.kind,
    };
    const sender = await otherProcess(gated, 2);
    await sender.ready();
    try {
      const res = await sender.inject({
        method: 'POST',
        url: ADMIN_APPEAL_API.appeals,
        headers: await staff(),
        payload: appealBody(campaign, { groups: ['AB+'], target: 1 }),
      });
      const id = (res.json().data as TAdminAppeal).id;
      await until(() => calls === 2);
      const [reached] = await t.database.db
        .select({ userId: appealRecipients.userId })
        .from(appealRecipients)
        .where(eq(appealRecipients.appealId, id))
        .limit(1);
      const booker = donors.find((d) => d.user.id === reached!.userId)!;
      await registerForCampaign(t, booker.auth, campaign.id, campaign.questionSetId);
      release();
      await sender.appeals.idle();
      const stopped = await settledAppeal(t, await staff(), id);
      expect(stopped).toMatchObject({
        status: 'ENDED',
        endReason: 'TARGET',
        delivery: { status: 'STOPPED', sent: 2 },
        counts: { reached: 2, booked: 1 },
      });
      expect((await notificationsOf(id)).length).toBe(2);
    } finally {
      release();
      await sender.close();
    }
  });

  it('keeps the quiet hours: URGENT at 20:59 goes, at 21:00 waits for 07:00; CRITICAL at 23:00 goes', async () => {
    const before = await appealDonor(t, { lab: 'A-' });
    const night = await appealDonor(t, { lab: 'B-' });
    const critical = await appealDonor(t, { lab: 'AB-' });
    t.clock.set(vnAt(t, 0, '20:59'));
    const early = await createAppeal(t, await staff(), appealBody(campaign, { groups: ['A-'] }));
    expect((await settledAppeal(t, await staff(), early.id)).delivery).toMatchObject({
      status: 'DONE',
      sent: 1,
    });
    t.clock.set(vnAt(t, 0, '21:00'));
    const waiting = await createAppeal(t, await staff(), appealBody(campaign, { groups: ['B-'] }));
    expect((await settledAppeal(t, await staff(), waiting.id)).delivery).toMatchObject({
      status: 'WAITING',
      sent: 0,
    });
    t.clock.set(vnAt(t, 0, '23:00'));
    const urgentNow = await createAppeal(
      t,
      await staff(),
      appealBody(campaign, { groups: ['AB-'], urgency: 'CRITICAL' }),
    );
    expect((await settledAppeal(t, await staff(), urgentNow.id)).delivery).toMatchObject({
      status: 'DONE',
      sent: 1,
    });
    t.clock.set(vnAt(t, 1, '06:59'));
    await t.app.appeals.tick();
    expect((await settledAppeal(t, await staff(), waiting.id)).delivery.status).toBe('WAITING');
    t.clock.set(vnAt(t, 1, '07:00'));
    await t.app.appeals.tick();
    expect((await settledAppeal(t, await staff(), waiting.id)).delivery).toMatchObject({
      status: 'DONE',
      sent: 1,
    });
    expect((await notificationsOf(waiting.id)).map((r) => r.userId)).toEqual([night.user.id]);
    expect((await notificationsOf(early.id)).map((r) => r.userId)).toEqual([before.user.id]);
    expect((await notificationsOf(urgentNow.id)).map((r) => r.userId)).toEqual([critical.user.id]);
  });

  it('ends an appeal at its end time, on the next read', async () => {
    await appealDonor(t, { lab: 'O+' });
    const auth = await staff();
    const a = await createAppeal(
      t,
      auth,
      appealBody(campaign, { groups: ['O+'], endsAt: vnAt(t, 1, '12:00').toISOString() }),
    );
    expect((await settledAppeal(t, auth, a.id)).status).toBe('OPEN');
    t.clock.set(vnAt(t, 1, '12:00'));
    const later = await settledAppeal(t, await staff(), a.id);
    expect(later).toMatchObject({
      status: 'ENDED',
      endReason: 'TIME',
      endedAt: vnAt(t, 0, '12:00').toISOString(),
    });
  });
});
