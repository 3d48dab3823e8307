import { API, CONSENT_VERSIONS, REGISTRATION_CONSENTS } from '@giot-hong/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { rowsOf, type Db } from '../src/db/client.ts';
import {
  authSessions,
  campaigns,
  consents,
  donorProfiles,
  questions,
  questionSections,
  questionSets,
  users,
} from '../src/db/schema/index.ts';
import { createAccessTokens } from '../src/modules/auth/access-token.ts';

/**
 * Booking load, shared by the crash test and the benchmark: donors seeded straight into the
 * database (verified, logged in), open campaigns on the standard questionnaire, and clients that
 * book with `POST /answer` and the full questionnaire, remembering every acknowledged booking.
 */

export type LoadDonor = { userId: number; token: string };
export type BookingLoad = {
  campaignIds: number[];
  donors: LoadDonor[];
  /** The full questionnaire's answers (every question answered 'false'). */
  answers: { questionId: number; answer: 'true' | 'false' }[];
};

const DAY = 86_400_000;

/**
 * Seeds `donors` verified donors, each with a session and a 15-minute access token signed with
 * `accessSecret` (the server's), and `campaigns` open campaigns using the demo question set.
 * The donors' rows go in in batches of 1,000 (one statement each).
 */
export async function seedBookingLoad(
  db: Db,
  opts: { donors: number; campaigns: number; accessSecret: string; prefix: string },
): Promise<BookingLoad> {
  const now = new Date();
  const [set] = await db.select().from(questionSets).orderBy(asc(questionSets.id)).limit(1);
  if (!set) throw new Error('no question set: seed the demo data first');
  const qs = await db
    .select({ id: questions.id })
    .from(questions)
    .innerJoin(questionSections, eq(questionSections.id, questions.sectionId))
    .where(eq(questionSections.questionSetId, set.id))
    .orderBy(asc(questions.id));
  const campaignRows = await db
    .insert(campaigns)
    .values(
      Array.from({ length: opts.campaigns }, (_, i) => ({
        name: `Ngày hội hiến máu tải thử ${opts.prefix} ${i + 1}`,
        location: 'Nhà văn hóa Thanh niên, Quận 1, TP. Hồ Chí Minh',
        description: 'Chiến dịch tải thử.',
        organizeTime: new Date(now.getTime() + 10 * DAY),
        startReceiveTime: new Date(now.getTime() - DAY),
        endReceiveTime: new Date(now.getTime() + 9 * DAY),
        targetBloodUnits: 100_000,
        questionSetId: set.id,
      })),
    )
    .returning({ id: campaigns.id });

  const tokens = createAccessTokens(opts.accessSecret, () => new Date());
  const donors: LoadDonor[] = [];
  const BATCH = 1_000;
  for (let from = 0; from < opts.donors; from += BATCH) {
    const n = Math.min(BATCH, opts.donors - from);
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, k) => ({
          username: `tai_${opts.prefix}_${from + k}`,
          email: `tai_${opts.prefix}_${from + k}@load.test`,
          // Never used to log in: the sessions below are made directly.
          passwordHash: 'x',
          emailVerifiedAt: now,
        })),
      )
      .returning({ id: users.id });
    const sessions = created.map((u) => ({ id: randomUUID(), userId: u.id }));
    await db.insert(authSessions).values(sessions);
    await db.insert(donorProfiles).values(
      created.map((u) => ({
        userId: u.id,
        status: 'EXTRACTED',
        // A 12-digit number of its own (one number verifies one account).
        cardId: `9${String(u.id).padStart(11, '0')}`,
        fullName: 'Nguyễn Văn Tải',
        dob: '12/03/1995',
        gender: 'Nam',
        nationality: 'Việt Nam',
        mobile: '0912345678',
        addressContact: 'Phường Bến Nghé, Thành phố Hồ Chí Minh',
        verifiedAt: now,
      })),
    );
    // The consents registration needs (terms at sign-up, ID data in the wizard, health answers).
    await db.insert(consents).values(
      created.flatMap((u) =>
        REGISTRATION_CONSENTS.map((purpose) => ({
          userId: u.id,
          purpose,
          version: CONSENT_VERSIONS[purpose],
          givenAt: now,
        })),
      ),
    );
    for (const s of sessions)
      donors.push({
        userId: s.userId,
        token: await tokens.sign({ userId: s.userId, sessionId: s.id, role: 'DONOR' }),
      });
  }
  return {
    campaignIds: campaignRows.map((c) => c.id),
    donors,
    answers: qs.map((q) => ({ questionId: q.id, answer: 'false' as const })),
  };
}

export type Booking = { userId: number; campaignId: number; appointmentId: number };
export type LoadOutcome = {
  /** Bookings the server acknowledged (200 with an appointment id). */
  acknowledged: Booking[];
  /** Requests that got no answer (connection lost): their booking may or may not exist. */
  unanswered: { userId: number; campaignId: number }[];
  /** Requests sent again because their kept-alive connection was closed before any answer. */
  resent: number;
  /** Answers other than 200, by status (none expected). */
  refused: Map<number, number>;
  /** Latency of each acknowledged booking, in ms. */
  latencies: number[];
  elapsedMs: number;
};

/** The campaign a donor books: spread evenly over the campaigns. */
export const campaignOf = (load: BookingLoad, index: number) =>
  load.campaignIds[index % load.campaignIds.length]!;

/** One POST with a JSON body on a keep-alive agent: the status and the parsed answer. */
export function postJson(
  agent: http.Agent,
  url: URL,
  token: string,
  body: string,
): Promise<{ status: number; body: { data?: { appointmentId?: number } } }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', (err) => reject(Object.assign(err, { resendable: resendable(req, answered, err) })));
    req.end(body);
  });
}

/**
 * A request sent on a kept-alive connection that the other end closed meanwhile (a proxy reloading
 * closes its idle connections) fails before any answer, without having been read. Browsers send
 * such a request again on a new connection, POSTs too (Chromium's `ShouldResendRequest`); so do
 * the load's clients when asked (`resendOnClosedConnection`).
 */
const RESENDABLE = new Set(['ECONNRESET', 'EPIPE']);

/** Whether `req`, failed with `err` before any answer (`answered` false), may be sent again once. */
export const resendable = (req: http.ClientRequest, answered: boolean, err: Error) =>
  req.reusedSocket && !answered && RESENDABLE.has((err as NodeJS.ErrnoException).code ?? '');

/**
 * `clients` concurrent clients, each booking for the next donor not yet taken, until the donors
 * run out, `stop()` says so, or `durationMs` has passed. Each client keeps one connection open.
 */
export async function runBookingClients(
  baseUrl: string,
  load: BookingLoad,
  opts: {
    clients: number;
    durationMs?: number;
    stop?: () => boolean;
    donors?: LoadDonor[];
    /** Send a request again, once, when its kept-alive connection was closed before any answer (as browsers do). */
    resendOnClosedConnection?: boolean;
    /** Called after each acknowledged booking with how many there are so far. */
    onAcknowledged?: (count: number) => void;
  },
): Promise<LoadOutcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.clients });
  const url = new URL(`${baseUrl}${API.answer}`);
  const donors = opts.donors ?? load.donors;
  const outcome: LoadOutcome = {
    acknowledged: [],
    unanswered: [],
    resent: 0,
    refused: new Map(),
    latencies: [],
    elapsedMs: 0,
  };
  const started = performance.now();
  const until = opts.durationMs === undefined ? Infinity : started + opts.durationMs;
  let next = 0;
  const client = async () => {
    while (next < donors.length && performance.now() < until && !opts.stop?.()) {
      const index = next++;
      const donor = donors[index]!;
      const campaignId = campaignOf(load, index);
      const t0 = performance.now();
      const book = () =>
        postJson(agent, url, donor.token, JSON.stringify({ campaignId, answers: load.answers }));
      try {
        const res = await book().catch((err: Error & { resendable?: boolean }) => {
          if (!opts.resendOnClosedConnection || !err.resendable) throw err;
          outcome.resent++;
          return book();
        });
        const body = res.body;
        if (res.status === 200 && body.data?.appointmentId) {
          outcome.latencies.push(performance.now() - t0);
          outcome.acknowledged.push({
            userId: donor.userId,
            campaignId,
            appointmentId: body.data.appointmentId,
          });
          opts.onAcknowledged?.(outcome.acknowledged.length);
        } else outcome.refused.set(res.status, (outcome.refused.get(res.status) ?? 0) + 1);
      } catch {
        outcome.unanswered.push({ userId: donor.userId, campaignId });
      }
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, client));
  outcome.elapsedMs = performance.now() - started;
  agent.destroy();
  return outcome;
}

export type BookingAudit = {
  /** Live appointments of the load's campaigns, per campaign. */
  perCampaign: Map<number, number>;
  /** (user, campaign) pairs with more than one live appointment, and users with more than one. */
  duplicates: number;
  /** Appointments whose answers are not the full questionnaire. */
  incomplete: number;
  /** Acknowledged bookings not found (same id, user, campaign, BOOKING). */
  missing: Booking[];
  total: number;
};

/** What the database holds for the load's campaigns, checked against the acknowledged bookings. */
export async function auditBookings(
  db: Db,
  load: BookingLoad,
  acknowledged: Booking[],
): Promise<BookingAudit> {
  const ids = sql.join(
    load.campaignIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const appts = rowsOf<{ id: number; user_id: number; campaign_id: number; status: string; n: number }>(
    await db.execute(sql`
      select a.id, a.user_id, a.campaign_id, a.status, count(x.id)::int as n
      from appointments a left join answers x on x.appointment_id = a.id
      where a.campaign_id in (${ids}) and a.status <> 'CANCELLED'
      group by a.id`),
  );
  const perCampaign = new Map(load.campaignIds.map((id) => [id, 0]));
  const byId = new Map<number, (typeof appts)[number]>();
  const pairs = new Map<string, number>();
  const perUser = new Map<number, number>();
  let incomplete = 0;
  for (const a of appts) {
    perCampaign.set(a.campaign_id, (perCampaign.get(a.campaign_id) ?? 0) + 1);
    byId.set(a.id, a);
    const key = `${a.user_id}:${a.campaign_id}`;
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
    perUser.set(a.user_id, (perUser.get(a.user_id) ?? 0) + 1);
    if (a.n !== load.answers.length) incomplete++;
  }
  const duplicates =
    [...pairs.values()].filter((n) => n > 1).length + [...perUser.values()].filter((n) => n > 1).length;
  const missing = acknowledged.filter((b) => {
    const a = byId.get(b.appointmentId);
    return !a || a.user_id !== b.userId || a.campaign_id !== b.campaignId || a.status !== 'BOOKING';
  });
  return { perCampaign, duplicates, incomplete, missing, total: appts.length };
}
