import { API, CONSENT_VERSIONS } from '@giot-hong/contract';
import { randomInt } from 'node:crypto';
import { consents, donorProfiles } from '../src/db/schema/index.ts';
import { createLoggedInUser } from './auth.ts';
import type { TestContext } from './helper.ts';

/**
 * A logged-in donor whose identity is verified (status EXTRACTED), as if the ID-card wizard had
 * been completed: registration tests start from here.
 */
export async function createVerifiedDonor(
  t: TestContext,
  status: 'EXTRACTED' | 'PENDING' = 'EXTRACTED',
  opts: { dob?: string } = {},
) {
  const donor = await createLoggedInUser(t);
  await t.database.db.insert(donorProfiles).values({
    userId: donor.user.id,
    status,
    cardId: String(randomInt(10 ** 11, 10 ** 12 - 1)).padStart(12, '0'),
    fullName: 'Nguyễn Thị Thu',
    dob: opts.dob ?? '12/03/1995',
    gender: 'Nữ',
    nationality: 'Việt Nam',
    mobile: '0912345678',
    addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
    verifiedAt: t.clock.now(),
  });
  // As after the wizard and a first questionnaire: the consents registration needs (sign-up gave TERMS).
  await t.database.db.insert(consents).values(
    (['ID_DATA', 'HEALTH_DATA'] as const).map((purpose) => ({
      userId: donor.user.id,
      purpose,
      version: CONSENT_VERSIONS[purpose],
      givenAt: t.clock.now(),
    })),
  );
  return donor;
}

/** The questions of a question set, as a donor reads them (GET /question-set), in order. */
export async function questionsOf(
  t: TestContext,
  auth: Record<string, string>,
  questionSetId: number,
): Promise<{ id: number; hasDetail: boolean }[]> {
  const res = await t.request({
    method: 'GET',
    url: `${API.questionSet}?id=${questionSetId}`,
    headers: auth,
  });
  const set = (res.body as { data: { sections: { questions: { id: number; hasDetail: boolean }[] }[] } })
    .data;
  return set.sections.flatMap((s) => s.questions);
}
