import {
  ADMIN_DAY_DESK_API,
  ADMIN_CAMPAIGN_API,
  API,
  ERROR_MESSAGES,
  QUESTION_SET_API,
  QUESTION_SET_MESSAGES as M,
  REGISTRATION_MESSAGES,
  TEXT_MESSAGES,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { registerForCampaign } from '../../../test/notifications.ts';

type Auth = Record<string, string>;

/** Vietnam wall time on a day `days` after the test clock's day, as an ISO instant. */
const vnAt = (t: TestContext, days: number, hhmm: string) => {
  const day = new Date(t.clock.now().getTime() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+07:00`).toISOString();
};

const body = (over: Partial<TQuestionSetRequest> = {}): TQuestionSetRequest => ({
  name: 'Phiếu sức khỏe ngắn',
  sections: [
    {
      name: 'Tiền sử hiến máu',
      questions: [{ content: 'Anh/chị từng hiến máu chưa?', hasDetail: false }],
    },
    {
      name: 'Trong 14 ngày gần đây',
      questions: [
        { content: 'Bị cúm, cảm lạnh, ho, nhức đầu, sốt, đau họng?', hasDetail: true },
        { content: 'Dùng thuốc kháng sinh, kháng viêm, Aspirin, Corticoid?', hasDetail: true },
      ],
    },
  ],
  ...over,
});

const texts = (set: {
  sections: { name: string; questions: { content: string; hasDetail?: boolean }[] }[];
}) =>
  set.sections.map((s) => [s.name, s.questions.map((q) => `${q.content}${q.hasDetail ? ' (detail)' : ''}`)]);

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('staff console: questionnaires with versions on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let donorAuth: Auth;

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donorAuth = (await createLoggedInUser(t)).auth;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a token and 403 to a donor before validating anything', async () => {
    const routes = [
      ['GET', QUESTION_SET_API.list],
      ['POST', QUESTION_SET_API.list],
      ['GET', QUESTION_SET_API.one(1)],
      ['PUT', QUESTION_SET_API.one(1)],
      ['GET', QUESTION_SET_API.campaigns(1)],
      ['POST', QUESTION_SET_API.campaigns(1)],
    ] as const;
    for (const [method, url] of routes) {
      expect((await t.request({ method, url, payload: {} })).status, `${method} ${url}`).toBe(401);
      const donor = await t.request({ method, url, headers: donorAuth, payload: {} });
      expect(donor.status, `${method} ${url}`).toBe(403);
      expect(donor.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
    }
  });

  it('refuses an incomplete questionnaire with Vietnamese messages', async () => {
    const post = (payload: unknown) =>
      t.request({ method: 'POST', url: QUESTION_SET_API.list, headers: staff, payload });
    const empty = await post({ name: '  ', sections: [] });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(M.nameRequired);
    expect(JSON.stringify(empty.body)).toContain(M.sectionsRequired);
    const noQuestions = await post(body({ sections: [{ name: 'Phần trống', questions: [] }] }));
    expect(noQuestions.status).toBe(400);
    expect(JSON.stringify(noQuestions.body)).toContain(M.questionsRequired);
    const blank = await post(
      body({ sections: [{ name: '', questions: [{ content: ' ', hasDetail: false }] }] }),
    );
    expect(JSON.stringify(blank.body)).toContain(M.sectionNameRequired);
    expect(JSON.stringify(blank.body)).toContain(M.questionRequired);
    const control = await post(
      body({ sections: [{ name: 'Phần', questions: [{ content: 'Câu\u0000hỏi', hasDetail: false }] }] }),
    );
    expect(control.status).toBe(400);
    expect(JSON.stringify(control.body)).toContain(TEXT_MESSAGES.controlCharacters);
    const missing = await t.request({ method: 'GET', url: QUESTION_SET_API.one(99_999), headers: staff });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(M.notFound);
  });

  it('a donor sees an edit at once: the questions registration keeps in memory are replaced when staff save', async () => {
    const created = await t.request({
      method: 'POST',
      url: QUESTION_SET_API.list,
      headers: staff,
      payload: body(),
    });
    const setId = created.body.data.id as number;
    const campaign = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaigns,
      headers: staff,
      payload: {
        name: 'Hiến máu phiếu vừa sửa',
        location: 'Nhà văn hóa Thanh niên',
        organizeTime: vnAt(t, 13, '07:00'),
        startReceiveTime: vnAt(t, 13, '07:30'),
        endReceiveTime: vnAt(t, 13, '11:30'),
        description: '',
        targetBloodUnits: 100,
        questionSetId: setId,
      },
    });
    const donor = await createVerifiedDonor(t);
    const questions = async () =>
      (
        await t.request({ method: 'GET', url: `${API.questionSet}?id=${setId}`, headers: donor.auth })
      ).body.data.sections.flatMap((s: { questions: { id: number; content: string }[] }) => s.questions);
    const before = await questions();
    expect(before).toHaveLength(3);
    // Staff add a question to the version nobody has answered yet.
    const edited = body();
    edited.sections[0]!.questions.push({
      content: 'Anh/chị có mang giấy tờ tùy thân không?',
      hasDetail: false,
    });
    expect(
      (await t.request({ method: 'PUT', url: QUESTION_SET_API.one(setId), headers: staff, payload: edited }))
        .status,
    ).toBe(200);
    const after = await questions();
    expect(after.map((q: { content: string }) => q.content)).toContain(
      'Anh/chị có mang giấy tờ tùy thân không?',
    );
    expect(after).toHaveLength(4);
    // The questionnaire as it was is no longer the whole one.
    const stale = await t.request({
      method: 'POST',
      url: API.answer,
      headers: donor.auth,
      payload: {
        campaignId: campaign.body.data.id,
        answers: after.slice(0, 3).map((q: { id: number }) => ({ questionId: q.id, answer: 'false' })),
      },
    });
    expect([stale.status, stale.body.message]).toEqual([400, REGISTRATION_MESSAGES.answerAll(4, 3)]);
    const booked = await t.request({
      method: 'POST',
      url: API.answer,
      headers: donor.auth,
      payload: {
        campaignId: campaign.body.data.id,
        answers: after.map((q: { id: number }) => ({ questionId: q.id, answer: 'false' })),
      },
    });
    expect(booked.status, booked.body.message).toBe(200);
  });

  it('edits an unanswered version in place; an answered one becomes version 2 and the old answers keep their questions', async () => {
    const created = await t.request({
      method: 'POST',
      url: QUESTION_SET_API.list,
      headers: staff,
      payload: body(),
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(M.created);
    const v1 = created.body.data;
    expect(v1).toMatchObject({
      version: 1,
      latest: true,
      answered: false,
      questionCount: 3,
      lineageId: v1.id,
    });
    expect(texts(v1)).toEqual(texts(body()));

    // Nobody answered yet: reordering sections and questions changes version 1 itself.
    const reordered = body({
      sections: [
        {
          name: 'Trong 14 ngày gần đây',
          questions: [
            { content: 'Dùng thuốc kháng sinh, kháng viêm, Aspirin, Corticoid?', hasDetail: true },
            { content: 'Bị cúm, cảm lạnh, ho, nhức đầu, sốt, đau họng?', hasDetail: false },
          ],
        },
        {
          name: 'Tiền sử hiến máu',
          questions: [{ content: 'Anh/chị từng hiến máu chưa?', hasDetail: false }],
        },
      ],
    });
    const inPlace = await t.request({
      method: 'PUT',
      url: QUESTION_SET_API.one(v1.id),
      headers: staff,
      payload: reordered,
    });
    expect(inPlace.status).toBe(200);
    expect(inPlace.body.message).toBe(M.saved);
    expect(inPlace.body.data).toMatchObject({ id: v1.id, version: 1, latest: true });
    expect(texts(inPlace.body.data)).toEqual(texts(reordered));

    // A campaign names version 1; a donor answers it.
    const campaign = await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaigns,
      headers: staff,
      payload: {
        name: 'Hiến máu thử phiếu mới',
        location: 'Nhà văn hóa Thanh niên',
        organizeTime: vnAt(t, 12, '07:00'),
        startReceiveTime: vnAt(t, 12, '07:30'),
        endReceiveTime: vnAt(t, 12, '11:30'),
        description: '',
        targetBloodUnits: 100,
        questionSetId: v1.id,
      },
    });
    expect(campaign.status).toBe(200);
    const campaignId = campaign.body.data.id;
    const first = await createVerifiedDonor(t);
    const oldAppointment = await registerForCampaign(t, first.auth, campaignId, v1.id);

    // Answered: saving stores version 2 and leaves version 1 as it was.
    const changed = body({
      name: 'Phiếu sức khỏe ngắn (sửa)',
      sections: [
        {
          name: 'Tiền sử hiến máu',
          questions: [{ content: 'Anh/chị đã từng hiến máu bao giờ chưa?', hasDetail: false }],
        },
        reordered.sections[0]!,
      ],
    });
    const saved = await t.request({
      method: 'PUT',
      url: QUESTION_SET_API.one(v1.id),
      headers: staff,
      payload: changed,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(M.newVersion(2));
    const v2 = saved.body.data;
    expect(v2.id).not.toBe(v1.id);
    expect(v2).toMatchObject({ version: 2, lineageId: v1.id, latest: true, answered: false });
    expect(texts(v2)).toEqual(texts(changed));
    expect(v2.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const old = (await t.request({ method: 'GET', url: QUESTION_SET_API.one(v1.id), headers: staff })).body
      .data;
    expect(old).toMatchObject({ version: 1, latest: false, answered: true, campaignCount: 1 });
    expect(texts(old)).toEqual(texts(reordered));
    const again = await t.request({
      method: 'PUT',
      url: QUESTION_SET_API.one(v1.id),
      headers: staff,
      payload: changed,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.superseded);

    const list = (await t.request({ method: 'GET', url: QUESTION_SET_API.list, headers: staff })).body.data;
    const mine = list.filter((v: { lineageId: number }) => v.lineageId === v1.id);
    expect(mine.map((v: { version: number; latest: boolean }) => [v.version, v.latest])).toEqual([
      [2, true],
      [1, false],
    ]);

    // The donor's appointment and the staff view still show the questions as answered.
    const view = (
      await t.request({ method: 'GET', url: API.appointmentById(oldAppointment), headers: first.auth })
    ).body.data;
    const answered = view.answer.sections.flatMap((s: { answers: { content: string }[] }) =>
      s.answers.map((a) => a.content),
    );
    expect(answered).toContain('Anh/chị từng hiến máu chưa?');
    expect(answered).not.toContain('Anh/chị đã từng hiến máu bao giờ chưa?');
    const staffView = await t.request({
      method: 'GET',
      url: ADMIN_DAY_DESK_API.appointmentAnswers(oldAppointment),
      headers: staff,
    });
    expect(JSON.stringify(staffView.body.data)).toContain('Anh/chị từng hiến máu chưa?');

    // The campaign now names version 2: the form donors get and new bookings follow it.
    const put = await t.request({
      method: 'PUT',
      url: ADMIN_CAMPAIGN_API.campaign(campaignId),
      headers: staff,
      payload: { ...campaign.body.data, description: '', questionSetId: v2.id },
    });
    expect(put.status).toBe(200);
    const publicCampaign = (await t.request({ method: 'GET', url: API.campaigns })).body.data.find(
      (c: { id: number }) => c.id === campaignId,
    );
    expect(publicCampaign.questionSetId).toBe(v2.id);
    // An answer to version 1 is refused now.
    const second = await createVerifiedDonor(t);
    const v1Questions = old.sections.flatMap((s: { questions: { id: number }[] }) => s.questions);
    const stale = await t.request({
      method: 'POST',
      url: API.answer,
      headers: second.auth,
      payload: {
        campaignId,
        answers: v1Questions.map((q: { id: number }) => ({ questionId: q.id, answer: 'false' })),
      },
    });
    expect(stale.status).toBe(400);
    const newAppointment = await registerForCampaign(t, second.auth, campaignId, v2.id);
    const newView = (
      await t.request({ method: 'GET', url: API.appointmentById(newAppointment), headers: second.auth })
    ).body.data;
    expect(JSON.stringify(newView.answer)).toContain('Anh/chị đã từng hiến máu bao giờ chưa?');
    const oldView = (
      await t.request({ method: 'GET', url: API.appointmentById(oldAppointment), headers: first.auth })
    ).body.data;
    expect(oldView.answer).toEqual(view.answer);
    // One donor never sees the other's appointment.
    const foreign = await t.request({
      method: 'GET',
      url: API.appointmentById(oldAppointment),
      headers: second.auth,
    });
    expect(foreign.status).toBe(404);

    // The trail: creation, the in-place edit, the new version.
    const audit = await t.database.db
      .select({ action: auditLog.action, targetId: auditLog.targetId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'question_set')));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'question_set.create', targetId: v1.id, detail: { version: 1, sections: 2 } },
        { action: 'question_set.update', targetId: v1.id, detail: { version: 1, sections: 2 } },
        {
          action: 'question_set.version',
          targetId: v2.id,
          detail: { previousId: v1.id, version: 2, sections: 2 },
        },
      ]),
    );
  });
  it('after a new version, offers the open campaigns still on the old one and moves those nobody answered', async () => {
    const v1 = (
      await t.request({ method: 'POST', url: QUESTION_SET_API.list, headers: staff, payload: body() })
    ).body.data;
    const campaign = async (name: string, days: number) =>
      (
        await t.request({
          method: 'POST',
          url: ADMIN_CAMPAIGN_API.campaigns,
          headers: staff,
          payload: {
            name,
            location: 'Nhà văn hóa Thanh niên',
            organizeTime: vnAt(t, days, '07:00'),
            startReceiveTime: vnAt(t, days, '07:30'),
            endReceiveTime: vnAt(t, days, '11:30'),
            description: '',
            targetBloodUnits: 80,
            questionSetId: v1.id,
          },
        })
      ).body.data as { id: number; name: string };
    const answered = await campaign('Chiến dịch đã có người đăng ký', 9);
    const quiet = await campaign('Chiến dịch chưa ai đăng ký', 10);
    const cancelled = await campaign('Chiến dịch đã hủy', 11);
    await t.request({
      method: 'POST',
      url: ADMIN_CAMPAIGN_API.campaignCancel(cancelled.id),
      headers: staff,
      payload: { reason: 'Đổi địa điểm' },
    });
    const donor = await createVerifiedDonor(t);
    await registerForCampaign(t, donor.auth, answered.id, v1.id);
    const v2 = (
      await t.request({
        method: 'PUT',
        url: QUESTION_SET_API.one(v1.id),
        headers: staff,
        payload: body({ name: 'Phiếu sức khỏe ngắn (2)' }),
      })
    ).body.data;
    expect(v2.version).toBe(2);

    const older = await t.request({ method: 'GET', url: QUESTION_SET_API.campaigns(v2.id), headers: staff });
    expect(older.status).toBe(200);
    expect(
      older.body.data.map((c: { name: string; answered: boolean; version: number }) => [
        c.name,
        c.answered,
        c.version,
      ]),
    ).toEqual([
      ['Chiến dịch đã có người đăng ký', true, 1],
      ['Chiến dịch chưa ai đăng ký', false, 1],
    ]);
    // Only the latest version takes campaigns.
    const fromOld = await t.request({
      method: 'GET',
      url: QUESTION_SET_API.campaigns(v1.id),
      headers: staff,
    });
    expect([fromOld.status, fromOld.body.message]).toEqual([409, M.notLatest]);

    const moved = await t.request({
      method: 'POST',
      url: QUESTION_SET_API.campaigns(v2.id),
      headers: staff,
      payload: { campaignIds: [quiet.id, answered.id, cancelled.id] },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(M.campaignsMoved(1, 2));
    expect(moved.body.data.moved).toEqual([{ id: quiet.id, name: quiet.name }]);
    expect(moved.body.data.kept.map((k: { id: number }) => k.id).sort()).toEqual(
      [answered.id, cancelled.id].sort(),
    );
    const after = async (id: number) =>
      (await t.request({ method: 'GET', url: ADMIN_CAMPAIGN_API.campaign(id), headers: staff })).body.data
        .questionSetId;
    expect(await after(quiet.id)).toBe(v2.id);
    expect(await after(answered.id)).toBe(v1.id);
    // The moved campaign's donors now answer version 2.
    const next = await createVerifiedDonor(t);
    await registerForCampaign(t, next.auth, quiet.id, v2.id);
    const rows = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'campaign'), eq(auditLog.targetId, quiet.id)));
    expect(rows.map((r) => r.action)).toContain('campaign.question-set');
    expect(
      (await t.request({ method: 'GET', url: QUESTION_SET_API.campaigns(v2.id), headers: staff })).body.data,
    ).toHaveLength(1);

    const none = await t.request({
      method: 'POST',
      url: QUESTION_SET_API.campaigns(v2.id),
      headers: staff,
      payload: { campaignIds: [] },
    });
    expect([none.status, JSON.stringify(none.body).includes(M.campaignsRequired)]).toEqual([400, true]);
  });
});
