// ID cards (issue 32), part of `npm run bench`; alone: `BENCH_ONLY=idcard npx tsx scripts/bench.ts`.
// 20 donors upload both sides of their card at once (each its front, then its back) to the portal
// in its own process as production runs it (embedded database, IDCARD_WORKERS default), while
// /healthz is asked 50 times a second. Beside it, the bare loop: the same 40 sides read by the
// same pool (idcard/pool.ts, as many threads as the portal's) in this process, without HTTP, the
// database or encryption, 20 cards at once (front, then back). The sides per second of the two
// give the ratio. The cards are the synthetic ones the identity tests render.
// Each side is read once before measuring on both sides (threads and OCR workers started).
import { API, CURRENT_DONOR_TERMS_VERSION } from '@giot-hong/contract';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { authSessions, donorProfiles, users } from '../apps/server/src/db/schema/index.ts';
import type { FrontExtraction } from '../apps/server/src/idcard/extract-fields.ts';
import { createIdCardPool, defaultIdCardWorkers } from '../apps/server/src/idcard/pool.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-token.ts';
import { seedDemoData } from '../apps/server/src/seed/seed.ts';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCard, type RenderedCard } from '../apps/server/test/idcard/render-card.ts';
import { multipart } from '../apps/server/test/multipart.ts';
import { processSecrets } from '../apps/server/test/server-process.ts';
import { healthLine, startBenchPortal, withHealthSampled, type HealthSample } from './bench-portal.ts';

export const IDCARD_TARGETS = { healthP99Ms: 50 } as const;
const DONORS = 20;

export type IdCardBench = {
  workers: number;
  cores: number;
  portal: { sidesPerSecond: number; seconds: number; busy: number; failed: number; read: number };
  bare: { sidesPerSecond: number; seconds: number };
  ratio: number;
  health: HealthSample;
  healthIdleP99: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Donors who accepted the terms, each with a session and an access token signed with the portal's secret. */
async function seedDonors(dataDir: string, accessSecret: string, count: number): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemoData(database.db, systemClock);
  const now = new Date();
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `cccd_bench_${i}`,
        email: `cccd_bench_${i}@bench.test`,
        passwordHash: 'x', // never used: the sessions below are made directly
        emailVerifiedAt: now,
      })),
    )
    .returning({ id: users.id });
  const sessions = created.map((u) => ({ id: randomUUID(), userId: u.id }));
  await database.db.insert(authSessions).values(sessions);
  await database.db
    .insert(donorProfiles)
    .values(
      created.map((u) => ({ userId: u.id, termsVersion: CURRENT_DONOR_TERMS_VERSION, termsAcceptedAt: now })),
    );
  await database.close();
  const tokens = createAccessTokens(accessSecret, () => new Date());
  return Promise.all(sessions.map((s) => tokens.sign({ userId: s.userId, sessionId: s.id, role: 'DONOR' })));
}

type UploadOutcome = { read: number; busy: number; failed: number };

/**
 * One donor: the front, then the back with the front's extract id. A 503 (queue full) is sent
 * again after its Retry-After, as a donor would; anything else that is not 200 counts as failed.
 */
async function donorUploads(base: string, token: string, card: RenderedCard, outcome: UploadOutcome) {
  const send = async (fields: Record<string, string>, image: Buffer) => {
    for (;;) {
      const body = multipart([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { name: 'image', value: image, filename: 'cccd.png', type: 'image/png' },
      ]);
      const res = await fetch(`${base}${API.recognitionId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        body: body.payload,
      });
      const json = (await res.json()) as { data?: { extract_id?: string } };
      if (res.status === 503) {
        outcome.busy++;
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      if (res.status !== 200) {
        outcome.failed++;
        return undefined;
      }
      outcome.read++;
      return json.data;
    }
  };
  const front = await send({ type: 'front' }, card.front);
  if (front?.extract_id) await send({ type: 'back', extract_id: front.extract_id }, card.back);
}

export async function benchIdCards(): Promise<IdCardBench> {
  const workers = defaultIdCardWorkers();
  const people = generateIdentities(DONORS + 1, 32_032);
  const cards = await Promise.all(people.map((p, i) => renderCard(p, 'clean', i + 1)));
  const warmCard = cards.pop()!;

  // --- bare loop: the same pool in this process, no HTTP ---------------------------------------
  const pool = createIdCardPool({ workers, queueMax: 2 * DONORS });
  const bareCard = async (card: RenderedCard) => {
    const front = await pool.read({ side: 'front', image: card.front });
    if (!front.ok) throw new Error(`bare loop: front refused (${front.code})`);
    const back = await pool.read({
      side: 'back',
      image: card.back,
      front: front.extraction as FrontExtraction,
      now: new Date(),
    });
    if (!back.ok) throw new Error(`bare loop: back refused (${back.code})`);
  };
  await bareCard(warmCard);
  const started = performance.now();
  await Promise.all(cards.map(bareCard));
  const bareSeconds = (performance.now() - started) / 1000;
  await pool.close();

  // --- the portal --------------------------------------------------------------------------------
  const work = mkdtempSync(path.join(tmpdir(), 'giothong-bench-idcard-'));
  const secrets = processSecrets();
  let child: ChildProcess | undefined;
  try {
    const tokens = await seedDonors(work, secrets.ACCESS_TOKEN_SECRET, DONORS + 1);
    const portal = await startBenchPortal({
      // Each donor sends two sides: the per-account upload limit is not what is measured.
      env: { DATA_DIR: work, RATE_LIMIT_SCALE: '100', ...secrets },
      // BENCH_CPU_PROF=<dir> writes the portal's CPU profiles there (summary: cpu-profile-summary.mjs).
      nodeArgs: process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
        : [],
    });
    child = portal.child;
    const base = portal.base;
    const outcome: UploadOutcome = { read: 0, busy: 0, failed: 0 };
    await donorUploads(base, tokens.pop()!, warmCard, { read: 0, busy: 0, failed: 0 });

    const sampled = await withHealthSampled(base, async () => {
      const uploadsStarted = performance.now();
      await Promise.all(cards.map((card, i) => donorUploads(base, tokens[i]!, card, outcome)));
      return (performance.now() - uploadsStarted) / 1000;
    });
    const portalSeconds = sampled.result;

    const sides = 2 * cards.length;
    const portalRate = outcome.read / portalSeconds;
    const bareRate = sides / bareSeconds;
    return {
      workers,
      cores: availableParallelism(),
      portal: { sidesPerSecond: portalRate, seconds: portalSeconds, ...outcome },
      bare: { sidesPerSecond: bareRate, seconds: bareSeconds },
      ratio: portalRate / bareRate,
      health: sampled.health,
      healthIdleP99: sampled.healthIdleP99,
    };
  } finally {
    child?.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Prints the section; true when every side was read and /healthz p99 met its target. */
export function printIdCardBench(b: IdCardBench): boolean {
  const healthOk = b.health.p99 <= IDCARD_TARGETS.healthP99Ms;
  const allRead = b.portal.failed === 0 && b.portal.read === 2 * DONORS;
  console.log(
    `\nID cards: ${DONORS} donors uploading both sides at once (front, then back), ${b.workers} reading thread(s) on ${b.cores} cores:`,
  );
  console.log(
    `  bare loop (the same pool in one process, no HTTP/database/encryption, ${DONORS} cards at once): ` +
      `${b.bare.sidesPerSecond.toFixed(2)} sides/s (${2 * DONORS} sides in ${b.bare.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  portal POST ${API.recognitionId}: ${b.portal.sidesPerSecond.toFixed(2)} sides/s ` +
      `(${b.portal.read} read in ${b.portal.seconds.toFixed(1)} s; ${b.portal.busy} answers 503 sent again after Retry-After; ${b.portal.failed} failed)`,
  );
  console.log(`  ratio portal/bare: ${b.ratio.toFixed(2)}`);
  console.log(healthLine(b.health, b.healthIdleP99, IDCARD_TARGETS.healthP99Ms));
  return healthOk && allRead;
}
