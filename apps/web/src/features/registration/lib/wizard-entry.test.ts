import { describe, expect, it } from 'vitest';
import { entryFromQuery, entryFromStored, resolveEntryCampaign } from './wizard-entry';

const campaign = {
  id: 7,
  name: 'Ngày hội Chủ nhật Đỏ 2026',
  location: 'Hà Nội',
  organizeTime: '2026-11-25T00:00:00.000Z',
  startReceiveTime: '2026-11-25T00:00:00.000Z',
  endReceiveTime: '2026-11-25T04:30:00.000Z',
  description: 'Mô tả',
  appointmentCount: 3,
  targetBloodUnits: 500,
  questionSetId: 2,
  imageUrl: null,
};

describe('entryFromQuery', () => {
  it('takes the numeric id (share links) with the question set', () => {
    expect(entryFromQuery(new URLSearchParams('campaignId=7&questionset=2'))).toEqual({
      campaignId: 7,
      questionSetId: 2,
      campaign: undefined,
    });
  });
  it('takes the JSON of the campaign (the spec reading)', () => {
    const q = new URLSearchParams({ campaignId: JSON.stringify(campaign), questionset: '2' });
    expect(entryFromQuery(q)).toMatchObject({
      campaignId: 7,
      questionSetId: 2,
      campaign: { name: 'Ngày hội Chủ nhật Đỏ 2026' },
    });
  });
  it('needs both parameters and a usable id', () => {
    expect(entryFromQuery(new URLSearchParams('campaignId=7'))).toBeUndefined();
    expect(entryFromQuery(new URLSearchParams('questionset=2'))).toBeUndefined();
    expect(entryFromQuery(new URLSearchParams('campaignId=abc&questionset=2'))).toBeUndefined();
    expect(
      entryFromQuery(new URLSearchParams('campaignId=%7B%22id%22%3A-1%7D&questionset=2')),
    ).toBeUndefined();
    expect(entryFromQuery(new URLSearchParams('campaignId=%7Bbroken&questionset=2'))).toBeUndefined();
  });
});

describe('entryFromStored', () => {
  it('reads the selectedCampaign JSON', () => {
    expect(entryFromStored(JSON.stringify(campaign))).toMatchObject({ campaignId: 7, questionSetId: 2 });
  });
  it('ignores nothing or garbage', () => {
    expect(entryFromStored(null)).toBeUndefined();
    expect(entryFromStored('not json')).toBeUndefined();
    expect(entryFromStored('{"name":"no id"}')).toBeUndefined();
  });
});

describe('resolveEntryCampaign', () => {
  it('prefers the live campaign from the list', () => {
    const live = { ...campaign, questionSetId: 3, appointmentCount: 9 };
    expect(resolveEntryCampaign({ campaignId: 7, questionSetId: 2 }, [live])).toBe(live);
  });
  it('falls back to what the entry carried when the campaign is not listed', () => {
    expect(resolveEntryCampaign({ campaignId: 7, questionSetId: 2 }, [])).toEqual({
      id: 7,
      questionSetId: 2,
    });
    expect(resolveEntryCampaign({ campaignId: 7, campaign }, null)).toMatchObject({
      id: 7,
      name: campaign.name,
      questionSetId: 2,
    });
  });
});
