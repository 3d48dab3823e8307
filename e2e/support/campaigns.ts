import { ADMIN_CAMPAIGN_API, API, CONSENT_VERSIONS } from '@giot-hong/contract';
import { expect } from 'vitest';
import { call, type Session } from './accounts.ts';
import { unique } from './browser.ts';
import { vnDay } from './vn-time.ts';

/**
 * A campaign held today (Vietnam), receiving all day, created through the staff API: check-in,
 * the venue check and outcomes are taken on a campaign's own day only.
 */
export async function createTodayCampaign(
  staff: Session,
  name: string,
  targetBloodUnits = 100,
): Promise<number> {
  const at = (hhmm: string) => new Date(`${vnDay(0)}T${hhmm}:00+07:00`).toISOString();
  const res = await call(ADMIN_CAMPAIGN_API.campaigns, {
    token: staff.accessToken,
    body: {
      name: `${name} ${unique()}`,
      location: 'Trung tâm Hiến máu, 118 Hồng Bàng',
      organizeTime: at('00:00'),
      startReceiveTime: at('00:00'),
      endReceiveTime: at('23:59'),
      description: '',
      targetBloodUnits,
      questionSetId: 1,
    },
  });
  expect(res.status, res.body?.message).toBe(200);
  return res.body.data.id;
}

/**
 * Registers through POST /answer, every answer 'Không' (or, `withYes`, the second one 'Có' with
 * the detail it asks for); the server writes the confirmation. Returns the appointment's id.
 */
export async function registerByApi(token: string, campaignId: number, withYes = false): Promise<number> {
  const campaign = (await call(API.campaigns)).body.data.find((c: { id: number }) => c.id === campaignId);
  const set = (await call(`${API.questionSet}?id=${campaign.questionSetId}`, { token })).body.data;
  const answers = set.sections.flatMap((s: { questions: { id: number }[] }) =>
    s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
  );
  if (withYes) answers[1] = { ...answers[1], answer: 'true', detail: 'Đã hiến máu năm ngoái' };
  const res = await call(API.answer, {
    token,
    body: { campaignId, answers, healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA },
  });
  expect(res.status, res.body?.message).toBe(200);
  return res.body.data.appointmentId;
}
