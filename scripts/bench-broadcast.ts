// A broadcast to 10,000 donors (issue 32), part of `npm run bench`; alone:
// `BENCH_ONLY=broadcast npx tsx scripts/bench.ts`. A private database on the local PostgreSQL
// (as bench-bookings.ts), 10,000 donors who accepted campaign e-mails, the portal in its own process
// as production runs it (mails to DATA_DIR/outbox), a staff member sending one broadcast to all of
// them with e-mail, and `/healthz` at a steady rate meanwhile: the sending runs in the background
// and must not hold the event loop — every request keeps being answered at once.
import { ADMIN_BROADCAST_API, CONSENT_VERSIONS, TIME_ZONE } from '@giot-hong/contract';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { authSessions, consents, notificationQuietHours, users } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-token.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { processSecrets } from '../apps/server/test/server-process.ts';
import {
  healthLine,
  privateBenchDatabase,
  startBenchPortal,
  withHealthSampled,
  type HealthSample,
} from './bench-portal.ts';

export const BROADCAST_TARGETS = { healthP99Ms: 50 } as const;
const DONORS = 10_000;

export type BroadcastBench =
  | { skipped: string }
  | {
      seconds: number;
      sent: number;
      emailed: number;
      mailsWritten: number;
      health: HealthSample;
      healthIdleP99: number;
    };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An hour of quiet (Vietnam time, 'HH:mm') that starts eleven hours after `now`'s hour. */
function quietHoursAwayFrom(now: Date): { start: string; end: string } {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { start: at(hour + 11), end: at(hour + 12) };
}

export async function benchBroadcast(): Promise<BroadcastBench> {
  const made = await privateBenchDatabase();
  if ('skipped' in made) return made;
  const { url } = made;
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-broadcast-'));
  const secrets = processSecrets();
  let child: ChildProcess | undefined;
  try {
    // The donors, and one staff member with a session, straight into the database.
    const database = await openDatabase({ kind: 'postgres', url: url, poolSize: 4 });
    await database.migrate();
    await seedDemoData(database.db, systemClock);
    const now = new Date();
    for (let from = 0; from < DONORS; from += 1_000) {
      const created = await database.db
        .insert(users)
        .values(
          Array.from({ length: 1_000 }, (_, k) => ({
            username: `tin_${from + k}`,
            email: `tin_${from + k}@bench.test`,
            passwordHash: 'x', // never used to log in
            emailVerifiedAt: now,
          })),
        )
        .returning({ id: users.id });
      await database.db.insert(consents).values(
        created.map((u) => ({
          userId: u.id,
          purpose: 'CAMPAIGN_EMAILS',
          version: CONSENT_VERSIONS.CAMPAIGN_EMAILS,
          givenAt: now,
        })),
      );
      // Their quiet hours half a day away: the e-mails leave now whatever the hour of the run. With
      // the default (21:00–07:00, Vietnam time) a run in those hours had every mail held until
      // 07:00 by the dispatcher, as the donors asked, and the outbox stayed empty.
      await database.db
        .insert(notificationQuietHours)
        .values(created.map((u) => ({ userId: u.id, ...quietHoursAwayFrom(now) })));
    }
    const [staff] = await database.db
      .insert(users)
      .values({
        username: 'canbo_tin',
        email: 'canbo_tin@bench.test',
        passwordHash: 'x',
        role: 'STAFF',
        emailVerifiedAt: now,
      })
      .returning({ id: users.id });
    const sessionId = randomUUID();
    await database.db.insert(authSessions).values({ id: sessionId, userId: staff!.id });
    await database.close();
    const token = await createAccessTokens(secrets.ACCESS_TOKEN_SECRET, () => new Date()).sign({
      userId: staff!.id,
      sessionId,
      role: 'STAFF',
    });

    const portal = await startBenchPortal({
      env: { DATA_DIR: work, DATABASE_URL: url, ...secrets },
    });
    child = portal.child;
    const sampled = await withHealthSampled(portal.base, async () => {
      const started = performance.now();
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const res = await fetch(`${portal.base}${ADMIN_BROADCAST_API.broadcasts}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          idempotencyKey: randomUUID(),
          type: 3,
          title: 'Ngày hội hiến máu tháng 12',
          content: '<p>Mời bạn đến hiến máu tại Nhà văn hóa Thanh niên.</p>',
          sendEmail: true,
          audience: { kind: 'ALL' },
        }),
      });
      if (res.status !== 200) throw new Error(`broadcast refused: ${res.status} ${await res.text()}`);
      const { data: created } = (await res.json()) as { data: { id: number } };
      let last: { status: string; sent: number; emailed: number } | undefined;
      for (;;) {
        const list = (await (
          await fetch(`${portal.base}${ADMIN_BROADCAST_API.broadcasts}`, { headers })
        ).json()) as {
          data: { id: number; status: string; sent: number; emailed: number }[];
        };
        last = list.data.find((b) => b.id === created.id);
        if (last?.status === 'DONE') break;
        if (performance.now() - started > 600_000)
          throw new Error('broadcast not finished within 10 minutes');
        await sleep(250);
      }
      return { seconds: (performance.now() - started) / 1000, sent: last.sent, emailed: last.emailed };
    });
    return {
      ...sampled.result,
      mailsWritten: readdirSync(path.join(work, 'outbox')).length,
      health: sampled.health,
      healthIdleP99: sampled.healthIdleP99,
    };
  } finally {
    child?.kill('SIGKILL');
    await made.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints the section; true when every donor got it and /healthz p99 met its target. */
export function printBroadcastBench(r: BroadcastBench): boolean {
  console.log(
    `\nA broadcast with e-mail to ${DONORS.toLocaleString('en')} donors (PostgreSQL, mails to the outbox):`,
  );
  if ('skipped' in r) {
    console.log(`  skipped: ${r.skipped}`);
    return true;
  }
  // Every donor has the notification (the demo data's donors too); the 10,000 who accepted e-mails have one each.
  const complete = r.sent >= DONORS && r.emailed === DONORS && r.mailsWritten === DONORS;
  const healthOk = r.health.p99 <= BROADCAST_TARGETS.healthP99Ms;
  console.log(
    `  sent in ${r.seconds.toFixed(1)} s (${(DONORS / r.seconds).toFixed(0)} donors/s): ${r.sent} notifications, ${r.emailed} e-mails (${r.mailsWritten} files in the outbox) ${complete ? 'OK' : 'INCOMPLETE'}`,
  );
  console.log(healthLine(r.health, r.healthIdleP99, BROADCAST_TARGETS.healthP99Ms));
  return complete && healthOk;
}
