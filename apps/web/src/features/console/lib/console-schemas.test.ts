import { describe, expect, it } from 'vitest';
import {
  DAY_DESK_MESSAGES as M,
  CAMPAIGN_ADMIN_MESSAGES,
  ZAdminCampaignRequest,
  ZAdminCampaignWindow,
  ZAdminOutcomeRequest,
  UNIT_NUMBER_MESSAGES,
} from '@giot-hong/contract';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));

const campaign = {
  name: 'Hiến máu mùa đông',
  location: 'Nhà văn hóa',
  organizeTime: '2026-12-05T00:30:00.000Z',
  startReceiveTime: '2026-12-05T00:30:00.000Z',
  endReceiveTime: '2026-12-05T04:30:00.000Z',
  description: '',
  targetBloodUnits: 150,
  questionSetId: 1,
};

describe('staff request schemas', () => {
  it('accepts a campaign whose receiving window lies on its day', () => {
    expect(ZAdminCampaignRequest.safeParse(campaign).success).toBe(true);
  });
  it('refuses a window past midnight in Vietnam, an end before the start, a target out of range', () => {
    // 17:00 UTC is midnight in Vietnam: the next day.
    expect(
      messages(ZAdminCampaignWindow.safeParse({ ...campaign, endReceiveTime: '2026-12-05T17:30:00.000Z' })),
    ).toEqual({ startReceiveTime: CAMPAIGN_ADMIN_MESSAGES.windowSameDay });
    expect(
      messages(ZAdminCampaignWindow.safeParse({ ...campaign, endReceiveTime: '2026-12-05T00:00:00.000Z' })),
    ).toEqual({ endReceiveTime: CAMPAIGN_ADMIN_MESSAGES.endAfterStart });
    expect(messages(ZAdminCampaignRequest.safeParse({ ...campaign, targetBloodUnits: 100_001 }))).toEqual({
      targetBloodUnits: CAMPAIGN_ADMIN_MESSAGES.targetRange,
    });
    expect(messages(ZAdminCampaignRequest.safeParse({ ...campaign, name: '  ' }))).toEqual({
      name: CAMPAIGN_ADMIN_MESSAGES.nameRequired,
    });
  });
  it('asks each outcome for its own details', () => {
    expect(messages(ZAdminOutcomeRequest.safeParse({}))).toEqual({ result: M.resultRequired });
    expect(messages(ZAdminOutcomeRequest.safeParse({ result: 'DONE' }))).toEqual({
      donationType: M.donationTypeRequired,
      volumeMl: M.volumeRange,
      unitNumber: UNIT_NUMBER_MESSAGES.required,
    });
    expect(
      ZAdminOutcomeRequest.safeParse({
        result: 'DONE',
        donationType: 'WHOLE_BLOOD',
        volumeMl: 350,
        unitNumber: 'A9999 15 000001 M',
      }).success,
    ).toBe(true);
    expect(messages(ZAdminOutcomeRequest.safeParse({ result: 'DEFERRED', reason: 'OTHER' }))).toEqual({
      reasonText: M.deferralTextRequired,
      deferredUntil: M.deferredUntilRequired,
    });
    expect(
      messages(
        ZAdminOutcomeRequest.safeParse({
          result: 'DEFERRED',
          reason: 'LOW_HEMOGLOBIN',
          deferredUntil: '2020-01-01',
        }),
      ),
    ).toEqual({ deferredUntil: M.deferredUntilFuture });
    expect(ZAdminOutcomeRequest.safeParse({ result: 'NO_SHOW' }).success).toBe(true);
  });
});
