import {
  ADMIN_CAMPAIGN_API,
  API,
  AUTH_SERVER_MESSAGES as M,
  CONSENT_VERSIONS,
  REGISTRATION_CONSENTS,
} from '@giot-hong/contract';
import { sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf, type Database } from './db/client.ts';
import {
  appointments,
  campaignSlots,
  consents,
  donorProfiles,
  scheduledTasks,
  users,
} from './db/schema/index.ts';
import { TASK_NAMES } from './jobs/jobs.ts';
import { systemClock } from './lib/clock.ts';
import { MAIL_SUBJECTS } from './modules/auth/auth.mails.ts';
import { codeOfStep, fromBase32, timeStep } from './modules/second-factor/totp.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORDS,
  DEMO_TOTP_SECRET,
  seedDemoAccounts,
  seedDemoData,
  seedDemoSecondFactors,
} from './seed/seed.ts';
import { auditBookings, runBookingClients, seedBookingLoad, type BookingLoad } from '../test/booking-load.ts';
import { createPostgresDatabase, DB_KINDS } from '../test/helper.ts';
import { parsePrometheusText, samplesOf } from '../test/prometheus-text.ts';
import { freePort, processSecrets, startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink.ts';

type Answer = { status: number; body: any; headers: Headers };

/** One request to a process, as a browser or the load balancer would send it. */
async function call(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Polls `read` until `check` passes, for at most a second (what "at once" means here). */
const withinASecond = <T>(read: () => Promise<T>, check: (value: T) => void) =>
  vi.waitFor(async () => check(await read()), { timeout: 1_000, interval: 20 });

const STRONG = 'Hien-Mau@2026x';
/** The donor who signs up with both processes up. */
const HAI = { email: 'hai.tran.hai@example.vn', username: 'tran_thi_hai' };

/**
 * Two real portal processes (`main.ts`) on one PostgreSQL, as behind a load balancer: bookings
 * spread over both stay exact, a change made through one is seen by the other at once (ADR 35),
 * scheduled tasks run once, and an account, its tokens, its one-time link and code, its rate
 * limits and its booking work whichever process answers — even when one stops halfway.
 * PostgreSQL only by nature: the embedded database belongs to one process (its directory is
 * locked). The processes start once for the file, on a database of its own.
 */
describe.runIf(DB_KINDS.includes('postgres'))('two portal processes on one PostgreSQL', () => {
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'giothong-two-')));
  const secrets = processSecrets();
  let drop: () => Promise<void>;
  let database: Database;
  let smtp: SmtpSink;
  let p1: ServerProcess;
  let p2: ServerProcess;
  let load: BookingLoad;
  /** When the first process was started: every scheduled task's first period begins after it. */
  let startedAt: number;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 2 });
    await database.migrate();
    // The demo data and accounts (the staff's development authenticator secret), then a small
    // booking load: straight into the database before the processes open it.
    await seedDemoAccounts(database.db, systemClock, DEMO_PASSWORDS);
    await seedDemoData(database.db, systemClock);
    await seedDemoSecondFactors(database.db, systemClock, secrets.DATA_ENCRYPTION_KEY);
    load = await seedBookingLoad(database.db, {
      donors: 160,
      campaigns: 2,
      accessSecret: secrets.ACCESS_TOKEN_SECRET,
      prefix: 'two',
    });
    smtp = await startSmtpSink();
    const start = async (dataDir: string) =>
      startServerProcess({
        dataDir,
        port: await freePort(),
        databaseUrl: created.url,
        // The scheduler on in both, as in production.
        env: {
          ...secrets,
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'info',
          SMTP_URL: smtp.url,
          SCHEDULER_ENABLED: 'true',
        },
      });
    startedAt = Date.now();
    [p1, p2] = await Promise.all([start(dataDirs[0]!), start(dataDirs[1]!)]);
  }, 120_000);

  afterAll(async () => {
    p1?.child.kill('SIGKILL');
    p2?.child.kill('SIGKILL');
    await Promise.all([p1?.exited, p2?.exited]);
    await database?.close();
    await smtp?.close();
    await drop?.();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  it('runs each scheduled task once per period with both processes up', async () => {
    const tasks = Object.values(TASK_NAMES);
    // Both processes tick at start; every task is due at once on a new database.
    await vi.waitFor(
      async () => {
        const rows = await database.db
          .select({ name: scheduledTasks.name, lastRunAt: scheduledTasks.lastRunAt })
          .from(scheduledTasks);
        expect(
          rows
            .filter((r) => r.lastRunAt !== null)
            .map((r) => r.name)
            .sort(),
        ).toEqual([...tasks].sort());
      },
      { timeout: 30_000, interval: 100 },
    );
    const runs = async (p: ServerProcess) => {
      const families = parsePrometheusText((await call(p.base, 'GET', '/metrics')).body as string);
      return new Map(
        tasks.map((task) => [task, samplesOf(families, 'giothong_task_runs_total', { task })[0]?.value ?? 0]),
      );
    };
    const [r1, r2] = await Promise.all([runs(p1), runs(p2)]);
    const elapsed = Date.now() - startedAt;
    const intervals: Record<string, number> = {
      [TASK_NAMES.erasure]: 15 * 60_000,
      [TASK_NAMES.donateAgain]: 15 * 60_000,
    };
    for (const task of tasks) {
      const total = r1.get(task)! + r2.get(task)!;
      // Periods begun since the first process started: one for the quarter-hour tasks; the
      // one-minute tasks may have begun a second by now, never a second run within one.
      const periods = 1 + Math.floor(elapsed / (intervals[task] ?? 60_000));
      expect(total, task).toBeGreaterThanOrEqual(1);
      expect(total, task).toBeLessThanOrEqual(periods);
    }
    expect(r1.get(TASK_NAMES.erasure)! + r2.get(TASK_NAMES.erasure)!).toBe(1);
    expect(r1.get(TASK_NAMES.donateAgain)! + r2.get(TASK_NAMES.donateAgain)!).toBe(1);
  });

  it('a campaign edited by staff through one process is listed by the other within a second', async () => {
    // The staff login with its second factor, on process 1.
    const first = await call(p1.base, 'POST', API.authLogin, {
      body: { username: DEMO_ACCOUNTS.staff.username, password: DEMO_PASSWORDS.staff },
    });
    expect(first.status, first.body.message).toBe(200);
    const code = codeOfStep(fromBase32(DEMO_TOTP_SECRET), timeStep(new Date()));
    const second = await call(p1.base, 'POST', API.authSecondFactor, {
      body: { challenge: first.body.data.secondFactor.challenge, code },
    });
    expect(second.status, second.body.message).toBe(200);
    const staff = second.body.accessToken as string;

    const listed = async () =>
      (await call(p2.base, 'GET', API.campaigns)).body.data as { id: number; name: string }[];
    const target = (await listed())[0]!;
    const c = (await call(p1.base, 'GET', ADMIN_CAMPAIGN_API.campaign(target.id), { token: staff })).body
      .data;
    const renamed = `${c.name} — đổi giờ`;
    const put = await call(p1.base, 'PUT', ADMIN_CAMPAIGN_API.campaign(target.id), {
      token: staff,
      body: {
        name: renamed,
        location: c.location,
        organizeTime: c.organizeTime,
        startReceiveTime: c.startReceiveTime,
        endReceiveTime: c.endReceiveTime,
        description: c.description,
        targetBloodUnits: c.targetBloodUnits,
        questionSetId: c.questionSetId,
      },
    });
    expect(put.status, put.body.message).toBe(200);
    await withinASecond(listed, (list) => expect(list.map((x) => x.name)).toContain(renamed));
  });

  it('bookings alternated between the processes stay exact: counts equal the rows, none twice', async () => {
    // Most donors book once, every other one through the other process.
    const spread = load.donors.slice(0, 120);
    const [o1, o2] = await Promise.all([
      runBookingClients(p1.base, load, { clients: 8, donors: spread.filter((_, i) => i % 2 === 0) }),
      runBookingClients(p2.base, load, { clients: 8, donors: spread.filter((_, i) => i % 2 === 1) }),
    ]);
    expect([...o1.refused, ...o2.refused]).toEqual([]);
    expect(o1.unanswered.length + o2.unanswered.length).toBe(0);
    // The others send the same booking to both processes at the same moment: one appointment each.
    const twice = load.donors.slice(120);
    const both = await Promise.all(
      twice.flatMap((d, i) =>
        [p1, p2].map((p) =>
          call(p.base, 'POST', API.answer, {
            token: d.token,
            body: { campaignId: load.campaignIds[i % 2], answers: load.answers },
          }).then((r) => ({ userId: d.userId, campaignId: load.campaignIds[i % 2]!, r })),
        ),
      ),
    );
    const won = both.filter((b) => b.r.status === 200);
    expect(won).toHaveLength(twice.length);
    expect(both.filter((b) => b.r.status !== 200).map((b) => b.r.status)).toEqual(twice.map(() => 409));

    const acknowledged = [
      ...o1.acknowledged,
      ...o2.acknowledged,
      ...won.map((b) => ({
        userId: b.userId,
        campaignId: b.campaignId,
        appointmentId: b.r.body.data.appointmentId,
      })),
    ];
    const audit = await auditBookings(database.db, load, acknowledged);
    expect(audit).toMatchObject({ duplicates: 0, incomplete: 0, missing: [], total: load.donors.length });
    // The slots' booked places (the counters a booking takes a place with) equal the rows.
    const booked = rowsOf<{ campaign_id: number; booked: number }>(
      await database.db.execute(sql`
        select campaign_id, sum(booked)::int as booked from ${campaignSlots}
        where campaign_id in (${sql.join(
          load.campaignIds.map((id) => sql`${id}`),
          sql`, `,
        )}) group by campaign_id`),
    );
    expect(new Map(booked.map((r) => [r.campaign_id, r.booked]))).toEqual(audit.perCampaign);
    // Both processes list the exact counts (each heard the other's bookings).
    for (const p of [p1, p2])
      await withinASecond(
        async () =>
          (await call(p.base, 'GET', API.campaigns)).body.data as { id: number; appointmentCount: number }[],
        (list) => {
          for (const id of load.campaignIds)
            expect(list.find((c) => c.id === id)?.appointmentCount, `${p.base} campaign ${id}`).toBe(
              audit.perCampaign.get(id),
            );
        },
      );
  });

  /** A donor's e-mail of this file, the mails it received, the link and code in them. */
  const mailsTo = (email: string, subject: string) =>
    smtp.mails.filter((m) => m.to.includes(email) && m.subject === subject);
  const linkOf = (mail: ReceivedMail) => {
    const m = /https?:\/\/[^\s/]+(\/auth\/verify-email\?token=[\w-]+)/.exec(mail.text);
    if (!m) throw new Error('no verification link in the mail');
    return m[1]!;
  };
  type Donor = { email: string; username: string };
  /** A sign-up on one process: answered, its verification mail on its way. */
  async function signUp(base: string, donor: Donor) {
    const res = await call(base, 'POST', API.authRegister, { body: { ...donor, password: STRONG } });
    expect(res.status, res.body.message).toBe(200);
  }
  const verificationMail = (donor: Donor) =>
    smtp.waitFor((m) => m.to.includes(donor.email) && m.subject === MAIL_SUBJECTS.verification);
  /** The mail's one-time link opened on one process: where it sends the browser. */
  const openLink = async (base: string, mail: ReceivedMail) =>
    (await call(base, 'GET', linkOf(mail))).headers.get('location');
  /** A login on one process: its body (tokens). */
  async function logIn(base: string, donor: Donor) {
    const res = await call(base, 'POST', API.authLogin, {
      body: { username: donor.username, password: STRONG },
    });
    expect(res.status, res.body.message).toBe(200);
    return res.body as { accessToken: string; refreshToken: string };
  }
  /** A booking of one of the load's campaigns with the full questionnaire. */
  const book = (base: string, token: string, campaignId: number) =>
    call(base, 'POST', API.answer, { token, body: { campaignId, answers: load.answers } });
  /** What identity verification gives a donor (not under test here): a verified profile and the consents. */
  async function verifyIdentity(userId: number) {
    await database.db.insert(donorProfiles).values({
      userId,
      status: 'EXTRACTED',
      cardId: String(randomInt(10 ** 11, 10 ** 12 - 1)),
      fullName: 'Trần Thị Hai',
      dob: '02/09/1994',
      gender: 'Nữ',
      nationality: 'Việt Nam',
      mobile: '0987654321',
      addressContact: 'Phường Cửa Nam, Hà Nội',
      verifiedAt: new Date(),
    });
    await database.db
      .insert(consents)
      .values(
        REGISTRATION_CONSENTS.map((purpose) => ({
          userId,
          purpose,
          version: CONSENT_VERSIONS[purpose],
          givenAt: new Date(),
        })),
      )
      .onConflictDoNothing();
  }
  const userIdOf = async (username: string) =>
    rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from ${users} where username = ${username}`),
    )[0]!.id;
  const liveAppointments = async (userId: number) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from ${appointments} where user_id = ${userId} and status <> 'CANCELLED'`,
      ),
    )[0]!.n;

  it('a donor signs up on one, confirms on the other, logs in, refreshes and books across both; limits count across both', async () => {
    const donor = HAI;
    const { email, username } = donor;
    await signUp(p1.base, donor);
    const mail = await verificationMail(donor);
    // The one-time link, opened on process 2: once, not twice.
    const confirmed = await call(p2.base, 'GET', linkOf(mail));
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/verification?status=success');
    expect(await openLink(p1.base, mail)).toBe('/verification?status=failed');

    const loggedIn = await logIn(p1.base, donor);
    const refreshed = await call(p2.base, 'GET', API.authRefreshToken, { token: loggedIn.refreshToken });
    expect(refreshed.status, refreshed.body.message).toBe(200);
    // Rotated by process 2, in the database both read.
    expect(refreshed.body.refresh_token).not.toBe(loggedIn.refreshToken);
    const userId = await userIdOf(username);
    await verifyIdentity(userId);
    const booked = await book(p1.base, refreshed.body.access_token, load.campaignIds[0]!);
    expect(booked.status, booked.body.message).toBe(200);
    expect(await liveAppointments(userId)).toBe(1);

    // The one-time code of a forgotten password: asked on 1, checked on 2.
    expect((await call(p1.base, 'POST', API.authForgotPassword, { body: { email } })).status).toBe(200);
    const codeMail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === MAIL_SUBJECTS.resetCode);
    const otp = /Mã xác nhận của bạn là: (\d{6})/.exec(codeMail.text)![1]!;
    const verified = await call(p2.base, 'POST', API.authVerifyOtp, { body: { email, otp } });
    expect(verified.status, verified.body.message).toBe(200);
    expect(mailsTo(email, MAIL_SUBJECTS.resetCode)).toHaveLength(1);

    // Five wrong passwords, alternating between the processes; the sixth attempt, on the other
    // process than the fifth, is refused (login failures are counted in the database).
    for (let i = 0; i < 5; i++) {
      const wrong = await call(i % 2 === 0 ? p1.base : p2.base, 'POST', API.authLogin, {
        body: { username, password: `${STRONG}-sai` },
      });
      expect(wrong.status, `attempt ${i + 1}`).toBe(401);
    }
    const sixth = await call(p2.base, 'POST', API.authLogin, { body: { username, password: STRONG } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(M.tooManyLogins('1 giây'));
  });

  it('a process stopped in the middle of a sign-up and a booking loses nothing: the other finishes them', async () => {
    // A donor with a session on process 1, about to book there.
    const booker = { email: 'ba.le.ba@example.vn', username: 'le_van_ba' };
    await signUp(p1.base, booker);
    expect(await openLink(p1.base, await verificationMail(booker))).toBe('/verification?status=success');
    const session = await logIn(p1.base, booker);
    const bookerId = await userIdOf(booker.username);
    await verifyIdentity(bookerId);

    // Another signs up on process 1, which is told to stop straight after answering, while the
    // first one's booking is on its way to it (answered, or refused with 503, or cut off).
    const newcomer = { email: 'bon.pham.bon@example.vn', username: 'pham_thi_bon' };
    await signUp(p1.base, newcomer);
    const inFlight = book(p1.base, session.accessToken, load.campaignIds[1]!).catch(
      () => ({ status: 0, body: null, headers: new Headers() }) as Answer,
    );
    p1.child.kill('SIGTERM');
    expect(await p1.exited).toBe(0);
    const first = await inFlight;
    expect([200, 503, 0]).toContain(first.status);

    // Process 2 finishes the sign-up from the mail process 1 sent before it stopped ...
    expect(await openLink(p2.base, await verificationMail(newcomer))).toBe('/verification?status=success');
    const loggedIn = await logIn(p2.base, newcomer);
    const newcomerId = await userIdOf(newcomer.username);
    await verifyIdentity(newcomerId);
    const newcomerBooked = await book(p2.base, loggedIn.accessToken, load.campaignIds[0]!);
    expect(newcomerBooked.status, newcomerBooked.body.message).toBe(200);
    expect(await liveAppointments(newcomerId)).toBe(1);

    // ... and the first one's session and booking: refreshed there, booked once whatever 1 answered.
    const refreshed = await call(p2.base, 'GET', API.authRefreshToken, { token: session.refreshToken });
    expect(refreshed.status, refreshed.body.message).toBe(200);
    const again = await book(p2.base, refreshed.body.access_token, load.campaignIds[1]!);
    expect(again.status, again.body.message).toBe(first.status === 200 ? 409 : 200);
    expect(await liveAppointments(bookerId)).toBe(1);

    // Neither process logged who they were (request logs at 'info' included), nor a token.
    for (const p of [p1, p2]) {
      expect(p.output()).toContain('"msg":"request"');
      for (const secret of [
        HAI.email,
        HAI.username,
        booker.email,
        booker.username,
        newcomer.email,
        newcomer.username,
        session.refreshToken,
        loggedIn.accessToken,
      ])
        expect(p.output()).not.toContain(secret);
    }
  });
});
