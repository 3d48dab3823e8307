import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { appMeta, appointments, campaignSlots, campaigns, users } from '../db/schema/index.ts';
import { slotRepository } from '../modules/slots/slots.repository.ts';
import type { Clock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/auth.crypto.ts';

const KEY = 'demo_registrations_seeded_at';
const LOCK_ID = 727_003;

/** How many demo donors have booked each demo campaign, in campaign order (the last ones are still empty). */
export const DEMO_BOOKINGS_PER_CAMPAIGN = [64, 37, 21, 12, 5, 3, 0];

/**
 * Demo registrations, so the landing page's progress bars mean something on a new database:
 * community donor accounts (verified, with a random password nobody knows — they cannot be used
 * to log in) booked on the upcoming campaigns. Real BOOKING rows, counted like any other.
 */
export async function seedDemoRegistrations(db: Db, clock: Clock): Promise<boolean> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, KEY)).limit(1);
  if (done.length > 0) return false;
  const unusableHash = await hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`);
    const again = await tx.select().from(appMeta).where(eq(appMeta.key, KEY)).limit(1);
    if (again.length > 0) return false;
    const now = clock.now();
    const list = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .orderBy(campaigns.organizeTime, campaigns.id);
    const donorsNeeded = Math.max(...DEMO_BOOKINGS_PER_CAMPAIGN);
    const donors = await tx
      .insert(users)
      .values(
        Array.from({ length: donorsNeeded }, (_, i) => {
          const n = String(i + 1).padStart(3, '0');
          return {
            username: `tinhnguyen${n}`,
            email: `tinhnguyen${n}@demo.giothong.local`,
            passwordHash: unusableHash,
            role: 'DONOR' as const,
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: users.id });
    const slots = await tx
      .select({ campaignId: campaignSlots.campaignId, start: campaignSlots.start })
      .from(campaignSlots)
      .orderBy(campaignSlots.start);
    // Spread over each campaign's slots in turn, so every slot shows some bookings.
    const rows = list.flatMap((c, i) => {
      const own = slots.filter((s) => s.campaignId === c.id);
      return donors.slice(0, DEMO_BOOKINGS_PER_CAMPAIGN[i] ?? 0).map((d, k) => ({
        userId: d.id,
        campaignId: c.id,
        status: 'BOOKING',
        slotStart: own.length ? own[k % own.length]!.start : null,
        createdAt: now,
        updatedAt: now,
      }));
    });
    if (rows.length) await tx.insert(appointments).values(rows);
    for (const c of list) await slotRepository.recount(tx, c.id);
    await tx.insert(appMeta).values({ key: KEY, value: now.toISOString() });
    return true;
  });
}
