import { CONSENT_VERSIONS, CURRENT_DONOR_TERMS_VERSION, DONOR_STATUS } from '@giot-hong/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appMeta, consents, donorProfiles, users } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

const KEY = 'demo_donor_profile_seeded_at';
const LOCK_ID = 727_004;

/**
 * The demo donor's verified identity (status EXTRACTED), so a newcomer can register for a campaign
 * at once. Synthetic data: the ID number is made up and no card image exists.
 */
export const DEMO_DONOR_PROFILE = {
  status: DONOR_STATUS.EXTRACTED,
  cardId: '001095000001',
  fullName: 'Nguyễn Văn An',
  dob: '15/08/1995',
  gender: 'Nam',
  nationality: 'Việt Nam',
  ethnicity: 'Kinh',
  home: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
  address: 'Số 1 phố Tràng Tiền, phường Hoàn Kiếm, Thành phố Hà Nội',
  doe: '15/08/2035',
  issueLoc: 'Cục Cảnh sát quản lý hành chính về trật tự xã hội',
  issueDate: '10/05/2021',
  mobile: '0912000111',
  addressContact: 'Số 1 phố Tràng Tiền, phường Hoàn Kiếm, Thành phố Hà Nội',
  jobName: 'Nhân viên văn phòng',
  bloodGroup: 'O+',
  timeDonation: 0,
} as const;

/** Once per database, like the other demo data; a database seeded earlier gets it on its next start. */
export async function seedDemoDonorProfile(db: Db, clock: Clock): Promise<boolean> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, KEY)).limit(1);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ID})`);
    const again = await tx.select().from(appMeta).where(eq(appMeta.key, KEY)).limit(1);
    if (again.length > 0) return false;
    const now = clock.now();
    const [donor] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, DEMO_ACCOUNTS.donor.username))
      .limit(1);
    if (donor) {
      await tx
        .insert(donorProfiles)
        .values({
          userId: donor.id,
          ...DEMO_DONOR_PROFILE,
          contactEmail: DEMO_ACCOUNTS.donor.email,
          termsVersion: CURRENT_DONOR_TERMS_VERSION,
          termsAcceptedAt: now,
          verifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        // A donor who already made a profile of their own keeps it.
        .onConflictDoNothing();
      // The demo donor has agreed to what registration needs (sign-up, wizard, a first questionnaire).
      await tx.insert(consents).values(
        (['TERMS', 'ID_DATA', 'HEALTH_DATA'] as const).map((purpose) => ({
          userId: donor.id,
          purpose,
          version: CONSENT_VERSIONS[purpose],
          givenAt: now,
        })),
      );
    }
    await tx.insert(appMeta).values({ key: KEY, value: now.toISOString() });
    return true;
  });
}
