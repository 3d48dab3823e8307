import { SLOT_RULES } from '@giot-hong/contract';
import { capacityFor, slotRepository } from '../modules/slots/slots.repository.ts';
import { DEMO_PASSWORDS, type DemoPasswords } from '@giot-hong/contract/demo-passwords';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, campaigns, jobs, news, organizations, secondFactors, users } from '../db/schema/index.ts';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/auth.crypto.ts';
import { createSealedBox } from '../lib/sealed-box.ts';
import { TOTP_SECRET_PURPOSE } from '../modules/second-factor/second-factor.service.ts';
import { fromBase32 } from '../modules/second-factor/totp.ts';
import { vnTimeOnDay } from '../lib/vn-time.ts';
import { prepareNews } from '../modules/news/news.service.ts';
import { DEMO_CAMPAIGNS, DEMO_JOBS, DEMO_NEWS, DEMO_ORGANIZATIONS } from './demo-catalog.ts';
import { STANDARD_QUESTION_SET } from './question-set.ts';
import { insertQuestionSetVersion } from '../modules/question-sets/question-set.repository.ts';
import { seedDemoRegistrations } from './demo-registrations.ts';
import { seedDemoDonorProfile } from './demo-donor-profile.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const SEED_KEY = 'demo_seeded_at';
const ACCOUNTS_SEED_KEY = 'demo_accounts_seeded_at';
const SECOND_FACTOR_SEED_KEY = 'demo_second_factor_seeded_at';
/** Any constant: serialises concurrent seeders (several processes starting on one PostgreSQL). */
const SEED_LOCK_ID = 727_001;

/** Inserts the standard questionnaire and returns its id. */
export async function insertStandardQuestionSet(
  db: Db,
  name = 'Phiếu đăng ký hiến máu tiêu chuẩn',
  now = new Date(),
): Promise<number> {
  const sections = STANDARD_QUESTION_SET.map((section) => ({
    name: section.name,
    questions: section.questions.map((q) => ({ content: q.content, hasDetail: q.hasDetail ?? false })),
  }));
  return insertQuestionSetVersion(db, { name, version: 1, sections }, now);
}

/**
 * Seeds the demo catalogue once per database: campaigns over the coming weeks, the standard
 * questionnaire, news, jobs and organizations. Safe to call on every start and from several
 * processes at once. Returns whether it seeded.
 */
export async function seedDemoData(db: Db, clock: Clock): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
    if (done.length > 0) return false;
    const now = clock.now();

    await tx.insert(jobs).values(DEMO_JOBS.map((job, i) => ({ job, sortOrder: i })));
    await tx.insert(organizations).values(DEMO_ORGANIZATIONS);
    const questionSetId = await insertStandardQuestionSet(tx as unknown as Db, undefined, now);

    const inserted = await tx
      .insert(campaigns)
      .values(
        DEMO_CAMPAIGNS.map((c) => {
          const startReceiveTime = vnTimeOnDay(now, c.dayOffset, c.startHour);
          const endReceiveTime = vnTimeOnDay(now, c.dayOffset, c.endHour);
          return {
            name: c.name,
            location: c.location,
            description: c.description,
            organizeTime: startReceiveTime,
            startReceiveTime,
            endReceiveTime,
            targetBloodUnits: c.target,
            questionSetId,
            imageUrl: c.image,
            // 30-minute slots sharing the target between them.
            slotMinutes: SLOT_RULES.defaultMinutes,
            slotCapacity: capacityFor(
              { startReceiveTime, endReceiveTime, targetBloodUnits: c.target },
              SLOT_RULES.defaultMinutes,
            ),
          };
        }),
      )
      .returning();
    for (const c of inserted) await slotRepository.ensure(tx, c);

    await tx.insert(news).values(
      DEMO_NEWS.map((n) => ({
        title: n.title,
        ...prepareNews(n),
        thumbnailUrl: n.thumbnail,
        createdBy: 'Admin',
        createdAt: new Date(now.getTime() - n.daysAgo * 86_400_000 - 3 * 3_600_000),
      })),
    );

    await tx.insert(appMeta).values({ key: SEED_KEY, value: now.toISOString() });
    return true;
  });
  // Accounts have their own marker: databases seeded before accounts existed get them too.
  await seedDemoAccounts(db, clock);
  await seedDemoRegistrations(db, clock);
  await seedDemoDonorProfile(db, clock);
  return seeded;
}

export type { DemoPasswords };

export { DEMO_ACCOUNTS };

/**
 * Development passwords: known, so a newcomer and the tests can log in. Written once in the
 * contract, whose strength estimate refuses them for every other account.
 */
export { DEMO_PASSWORDS };

/**
 * Production never gets the well-known passwords: fresh random ones, printed nowhere (the accounts
 * get a password through 'Quên mật khẩu' at their e-mail address).
 */
export function randomDemoPasswords(): DemoPasswords {
  const make = () => `Gh@${randomBytes(12).toString('base64url')}1a`;
  return { staff: make(), admin: make(), donor: make() };
}

/**
 * Creates the staff account and the verified demo donor once per database (e-mail verified,
 * so both can log in at once). Returns whether it created them now.
 */
export async function seedDemoAccounts(
  db: Db,
  clock: Clock,
  passwords: DemoPasswords = DEMO_PASSWORDS,
): Promise<boolean> {
  const seededBefore = await db.select().from(appMeta).where(eq(appMeta.key, ACCOUNTS_SEED_KEY)).limit(1);
  if (seededBefore.length > 0) return false;
  const [staffHash, adminHash, donorHash] = await Promise.all([
    hashPassword(passwords.staff),
    hashPassword(passwords.admin),
    hashPassword(passwords.donor),
  ]);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, ACCOUNTS_SEED_KEY)).limit(1);
    if (done.length > 0) return false;
    const now = clock.now();
    await tx
      .insert(users)
      .values([
        {
          ...DEMO_ACCOUNTS.staff,
          passwordHash: staffHash,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        {
          ...DEMO_ACCOUNTS.admin,
          passwordHash: adminHash,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        {
          ...DEMO_ACCOUNTS.donor,
          passwordHash: donorHash,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      ])
      .onConflictDoNothing();
    await tx.insert(appMeta).values({ key: ACCOUNTS_SEED_KEY, value: now.toISOString() });
    return true;
  });
}

/**
 * The authenticator secret of the demo staff accounts `canbo` and `quantri` (base32, README
 * 'Tài khoản mẫu'): known, so a newcomer adds it to an app by hand and the tests compute codes.
 * Development and tests only: a production server never seeds it (its demo staff enrol like anyone).
 */
export const DEMO_TOTP_SECRET = 'GIOTHONGDEMOTOTPKHONGDUNGTHAT234';

/**
 * Gives the demo staff accounts the development authenticator secret, once per database (a database
 * whose accounts were seeded before the second factor existed gets it too). Never call this in
 * production: main.ts and run-seed.ts check. `dataEncryptionKey` seals it as the server would.
 */
export async function seedDemoSecondFactors(
  db: Db,
  clock: Clock,
  dataEncryptionKey: string,
): Promise<boolean> {
  const box = createSealedBox(dataEncryptionKey, TOTP_SECRET_PURPOSE);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const done = await tx.select().from(appMeta).where(eq(appMeta.key, SECOND_FACTOR_SEED_KEY)).limit(1);
    if (done.length > 0) return false;
    const now = clock.now();
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} in (${DEMO_ACCOUNTS.staff.username}, ${DEMO_ACCOUNTS.admin.username})`);
    if (staff.length > 0) {
      await tx
        .insert(secondFactors)
        .values(
          staff.map((u) => ({
            userId: u.id,
            secretSealed: box.seal(Buffer.from(fromBase32(DEMO_TOTP_SECRET))),
            confirmedAt: now,
          })),
        )
        // An account that enrolled an app of its own keeps it.
        .onConflictDoNothing();
    }
    await tx.insert(appMeta).values({ key: SECOND_FACTOR_SEED_KEY, value: now.toISOString() });
    return true;
  });
}

/** The lines printed at start: which demo accounts exist (never their passwords). */
export function describeDemoAccounts(production: boolean): string {
  return [
    'Tài khoản mẫu:',
    `  Người hiến máu: ${DEMO_ACCOUNTS.donor.username}`,
    `  Cán bộ:         ${DEMO_ACCOUNTS.staff.username}`,
    `  Quản trị:       ${DEMO_ACCOUNTS.admin.username}`,
    production
      ? 'Mật khẩu của tài khoản mẫu là ngẫu nhiên và không được in ra: dùng "Quên mật khẩu" để đặt mật khẩu. Tài khoản cán bộ thiết lập xác thực hai lớp ở lần đăng nhập đầu.'
      : 'Mật khẩu và mã xác thực hai lớp của tài khoản cán bộ: xem mục "Tài khoản mẫu" trong README.md.',
  ].join('\n');
}
