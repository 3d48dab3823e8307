import { API, DONOR_AGE, REGISTRATION_MESSAGES } from '@giot-hong/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, campaigns as campaignsTable } from '../../db/schema/index.ts';
import { insertStandardQuestionSet } from '../../seed/seed.ts';
import { createLoggedInUser } from '../../../test/auth.ts';
import { createVerifiedDonor, questionsOf } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';

type Campaign = {
  id: number;
  name: string;
  questionSetId: number;
  appointmentCount: number;
  organizeTime: string;
};

// On both databases (test/helper.ts, DB_KINDS): the booking statement and concurrent submissions.
describe.each(DB_KINDS)('donation registration on %s', (kind) => {
  let t: TestContext;
  let campaigns: Campaign[];
  let questionIds: number[];
  let detailQuestionId: number;
  let plainQuestionId: number;

  const allAnswers = () => questionIds.map((questionId) => ({ questionId, answer: 'false' as const }));
  const check = async (auth: Record<string, string>, campaignId: number) =>
    (
      await t.request({
        method: 'GET',
        url: `${API.registrationCheck}?campaignId=${campaignId}`,
        headers: auth,
      })
    ).body.data;
  const submit = (auth: Record<string, string>, campaignId: number, answers: unknown = allAnswers()) =>
    t.request({ method: 'POST', url: API.answer, headers: auth, payload: { campaignId, answers } });
  const listCampaigns = async (): Promise<Campaign[]> =>
    (await t.request({ method: 'GET', url: API.campaigns })).body.data;

  beforeAll(async () => {
    t = await createTestContext(kind);
    campaigns = await listCampaigns();
    const { auth } = await createVerifiedDonor(t);
    const qs = await questionsOf(t, auth, campaigns[0]!.questionSetId);
    questionIds = qs.map((q) => q.id);
    detailQuestionId = qs.find((q) => q.hasDetail)!.id;
    plainQuestionId = qs.find((q) => !q.hasDetail)!.id;
  });
  afterAll(() => t.close());

  it('serves the question set with sections and questions in order', async () => {
    const { auth } = await createLoggedInUser(t);
    const res = await t.request({
      method: 'GET',
      url: `${API.questionSet}?id=${campaigns[0]!.questionSetId}`,
      headers: auth,
    });
    expect(res.body.success).toBe(true);
    const sections = res.body.data.sections;
    expect(sections.map((s: { name: string }) => s.name)).toEqual([
      'Tiền sử hiến máu',
      'Tình trạng sức khỏe hiện tại',
      'Tiền sử bệnh',
      'Trong 12 tháng gần đây',
      'Trong 6 tháng gần đây',
      'Trong 1 tháng gần đây',
      'Trong 14 ngày gần đây',
      'Trong 7 ngày gần đây',
      'Câu hỏi dành cho phụ nữ',
    ]);
    expect(sections.flatMap((s: { questions: unknown[] }) => s.questions)).toHaveLength(22);
    expect(sections[1].questions[0]).toMatchObject({
      content: 'Hiện tại, anh/chị có mắc bệnh lý nào không?',
      hasDetail: true,
      order: 1,
    });
    expect(
      (await t.request({ method: 'GET', url: `${API.questionSet}?id=${campaigns[0]!.questionSetId}` }))
        .status,
    ).toBe(401);
  });

  it('NOT_VERIFIED until the identity is EXTRACTED; POST /answer enforces it too', async () => {
    const { auth } = await createLoggedInUser(t);
    expect(await check(auth, campaigns[0]!.id)).toEqual({
      status: 'NOT_VERIFIED',
      message: 'Bạn cần xác thực thông tin cá nhân (căn cước công dân) trước khi đăng ký hiến máu.',
    });
    const pending = await createVerifiedDonor(t, 'PENDING');
    expect((await check(pending.auth, campaigns[0]!.id)).status).toBe('NOT_VERIFIED');
    const res = await submit(auth, campaigns[0]!.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, status: 'NOT_VERIFIED' });
  });

  it('SUCCESS, then a booking with saved answers; then ALREADY_REGISTERED and the count rises by one', async () => {
    const { auth } = await createVerifiedDonor(t);
    const c = campaigns[1]!;
    expect((await check(auth, c.id)).status).toBe('SUCCESS');
    const answers = allAnswers().map((a) =>
      a.questionId === detailQuestionId ? { ...a, answer: 'true' as const, detail: 'Viêm họng nhẹ' } : a,
    );
    const res = await submit(auth, c.id, answers);
    expect(res.body).toMatchObject({ success: true, message: 'Đăng ký hiến máu của bạn đã được ghi nhận' });
    expect((await check(auth, c.id)).status).toBe('ALREADY_REGISTERED');
    const saved = (await t.request({ method: 'GET', url: API.answersOfCampaign(c.id), headers: auth })).body
      .data;
    expect(saved).toHaveLength(22);
    expect(saved.find((a: { questionId: number }) => a.questionId === detailQuestionId)).toMatchObject({
      answer: 'true',
      detail: 'Viêm họng nhẹ',
      questionInfo: { id: detailQuestionId },
    });
    t.clock.advance(10_000); // past the list cache of other processes; this one was invalidated anyway
    const after = (await listCampaigns()).find((x) => x.id === c.id)!;
    expect(after.appointmentCount).toBe(c.appointmentCount + 1);
  });

  it("another donor never sees someone else's saved answers", async () => {
    const a = await createVerifiedDonor(t);
    const b = await createLoggedInUser(t);
    await submit(a.auth, campaigns[2]!.id);
    const theirs = await t.request({
      method: 'GET',
      url: API.answersOfCampaign(campaigns[2]!.id),
      headers: b.auth,
    });
    expect(theirs.body).toMatchObject({ success: true, data: [] });
  });

  it('refuses a second campaign while a booking is upcoming, naming it', async () => {
    const { auth } = await createVerifiedDonor(t);
    await submit(auth, campaigns[3]!.id);
    const verdict = await check(auth, campaigns[4]!.id);
    expect(verdict.status).toBe('HAS_UPCOMING_APPOINTMENT');
    expect(verdict.message).toContain(`"${campaigns[3]!.name}"`);
  });

  it('applies the 12-week rule from the last donation, saying when the donor becomes eligible', async () => {
    const donor = await createVerifiedDonor(t);
    const target = campaigns[0]!; // 25/11/2026
    // Donated on 10/10/2026 (Vietnam) → eligible again from 02/01/2027.
    await t.database.db.insert(appointments).values({
      userId: donor.user.id,
      campaignId: campaigns[5]!.id,
      status: 'DONE',
      donatedAt: new Date('2026-10-10T03:00:00Z'),
    });
    expect(await check(donor.auth, target.id)).toEqual({
      status: 'TOO_SOON_SINCE_LAST_DONATION',
      message:
        'Cần ít nhất 12 tuần giữa hai lần hiến máu toàn phần. Bạn có thể hiến máu lại từ ngày 02/01/2027.',
    });
    const res = await submit(donor.auth, target.id);
    expect(res.status).toBe(409);
    expect(res.body.status).toBe('TOO_SOON_SINCE_LAST_DONATION');
  });

  it('refuses incomplete answers, answers from another set, and details where none is asked', async () => {
    const { auth } = await createVerifiedDonor(t);
    const c = campaigns[0]!;
    const partial = await submit(auth, c.id, allAnswers().slice(0, 20));
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(REGISTRATION_MESSAGES.answerAll(22, 20));

    const otherSet = await insertStandardQuestionSet(t.database.db, 'Bộ câu hỏi khác');
    const other = (
      await t.request({ method: 'GET', url: `${API.questionSet}?id=${otherSet}`, headers: auth })
    ).body.data;
    const foreign = other.sections.flatMap((s: { questions: { id: number }[] }) =>
      s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
    );
    const wrong = await submit(auth, c.id, foreign);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(REGISTRATION_MESSAGES.wrongQuestions);

    const detailOnPlain = allAnswers().map((a) =>
      a.questionId === plainQuestionId ? { ...a, detail: 'x' } : a,
    );
    expect((await submit(auth, c.id, detailOnPlain)).body.message).toBe(
      REGISTRATION_MESSAGES.detailNotAllowed,
    );
    expect((await check(auth, c.id)).status).toBe('SUCCESS');
  });

  it('50 concurrent submissions of one donor for one campaign create exactly one appointment', async () => {
    const donor = await createVerifiedDonor(t);
    const c = campaigns[5]!;
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(donor.auth, c.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.userId, donor.user.id),
          eq(appointments.campaignId, c.id),
          ne(appointments.status, 'CANCELLED'),
        ),
      );
    expect(rows).toHaveLength(1);
  });

  it('donors booking at once are each judged on their own facts and consents, read together', async () => {
    const c = campaigns[6]!;
    const eligible = await Promise.all([createVerifiedDonor(t), createVerifiedDonor(t)]);
    const unverified = await createLoggedInUser(t);
    const tooSoon = await createVerifiedDonor(t);
    await t.database.db.insert(appointments).values({
      userId: tooSoon.user.id,
      campaignId: campaigns[5]!.id,
      status: 'DONE',
      donatedAt: new Date(Date.parse(c.organizeTime) - 14 * 24 * 3_600_000),
    });
    // The verdicts of four donors asked at once: their facts are read together (ADR 65).
    const who = [eligible[0]!, unverified, eligible[1]!, tooSoon];
    const results = await Promise.all([...who, ...who].map((d) => submit(d.auth, c.id)));
    const statuses = results.map((r) => (r.status === 200 ? 'BOOKED' : r.body.status));
    // Each donor's two answers, whichever came first: an eligible donor is booked once (the other
    // answer finds that booking), the others are refused for their own reason both times.
    const pairOf = (i: number) => [statuses[i], statuses[i + 4]].sort();
    expect([0, 1, 2, 3].map(pairOf)).toEqual([
      ['ALREADY_REGISTERED', 'BOOKED'],
      ['NOT_VERIFIED', 'NOT_VERIFIED'],
      ['ALREADY_REGISTERED', 'BOOKED'],
      ['TOO_SOON_SINCE_LAST_DONATION', 'TOO_SOON_SINCE_LAST_DONATION'],
    ]);
  });

  it('OUT_OF_AGE_RANGE outside 18–60 on the campaign date (Vietnam), the birthday counting; POST /answer refuses too', async () => {
    const c = campaigns[0]!;
    expect(new Date(c.organizeTime).toISOString()).toBe('2026-11-25T00:00:00.000Z'); // 07:00 on 25/11/2026 in Vietnam
    const verdictFor = async (dob: string) => {
      const donor = await createVerifiedDonor(t, 'EXTRACTED', { dob });
      return { donor, verdict: await check(donor.auth, c.id) };
    };
    // 17: the 18th birthday is the day after the campaign.
    const young = await verdictFor('26/11/2008');
    expect(young.verdict).toEqual({
      status: 'OUT_OF_AGE_RANGE',
      message:
        'Người hiến máu phải từ đủ 18 tuổi đến 60 tuổi (Thông tư 26/2013/TT-BYT của Bộ Y tế). Vào ngày diễn ra chiến dịch, bạn 17 tuổi nên không thể đăng ký.',
    });
    const refused = await submit(young.donor.auth, c.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      status: 'OUT_OF_AGE_RANGE',
      message: REGISTRATION_MESSAGES.outOfAgeRange(17),
    });
    // 18 on the very day: the birthday counts.
    expect((await verdictFor('25/11/2008')).verdict.status).toBe('SUCCESS');
    // 60 until the day before the 61st birthday.
    const sixty = await verdictFor('26/11/1965');
    expect(sixty.verdict.status).toBe('SUCCESS');
    expect((await submit(sixty.donor.auth, c.id)).status).toBe(200);
    // 61 on the 61st birthday, and a donor born in 1960 (66) likewise.
    expect((await verdictFor('25/11/1965')).verdict).toEqual({
      status: 'OUT_OF_AGE_RANGE',
      message: REGISTRATION_MESSAGES.outOfAgeRange(61),
    });
    expect((await verdictFor('01/01/1960')).verdict.message).toBe(REGISTRATION_MESSAGES.outOfAgeRange(66));
    expect([DONOR_AGE.min, DONOR_AGE.max]).toEqual([18, 60]);
  });

  it('the age is taken on the Vietnam date of the campaign, not the UTC one', async () => {
    // The seeded campaign is on 25/11 in both zones; a campaign at 06:00 Vietnam time on
    // 26/11 is 25/11 23:00 UTC: the donor born on 26/11/2008 is 18 there.
    const c = campaigns[0]!;
    const [row] = await t.database.db
      .select({ organizeTime: campaignsTable.organizeTime })
      .from(campaignsTable)
      .where(eq(campaignsTable.id, c.id));
    await t.database.db
      .update(campaignsTable)
      .set({ organizeTime: new Date('2026-11-25T23:00:00Z') })
      .where(eq(campaignsTable.id, c.id));
    try {
      const donor = await createVerifiedDonor(t, 'EXTRACTED', { dob: '26/11/2008' });
      expect((await check(donor.auth, c.id)).status).toBe('SUCCESS');
    } finally {
      await t.database.db
        .update(campaignsTable)
        .set({ organizeTime: row!.organizeTime })
        .where(eq(campaignsTable.id, c.id));
    }
  });

  it('CAMPAIGN_CLOSED once the receive window has ended', async () => {
    const c = campaigns[0]!;
    t.clock.set('2026-11-25T05:00:00Z'); // 12:00 on the day, after 11:30
    try {
      const { auth } = await createVerifiedDonor(t);
      expect(await check(auth, c.id)).toEqual({
        status: 'CAMPAIGN_CLOSED',
        message: 'Chiến dịch này đã kết thúc hoặc không còn nhận đăng ký.',
      });
    } finally {
      t.clock.set('2026-11-22T02:00:00.000Z');
    }
  });
});
