import { describe, expect, it } from 'vitest';
import { entryFromQuery, entryFromStored, preselectedSlot, resolveEntryCampaign } from './wizard-entry';

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

describe("an appeal's link: slot and appeal", () => {
  const slot = (start: string, available: number, end = '2026-11-25T02:00:00.000Z') => ({
    start,
    end,
    label: '08:00 – 09:00',
    capacity: 10,
    booked: 10 - available,
    available,
  });
  it('carries the slot instant and the appeal id; a malformed one is dropped, not guessed', () => {
    const q = (s: string) => entryFromQuery(new URLSearchParams(`campaignId=7&questionset=2&${s}`));
    expect(q('slot=2026-11-25T01:00:00.000Z&appeal=4')).toEqual({
      campaignId: 7,
      questionSetId: 2,
      campaign: undefined,
      slotStart: '2026-11-25T01:00:00.000Z',
      appealId: 4,
    });
    expect(q('slot=tomorrow&appeal=-4')).toEqual({ campaignId: 7, questionSetId: 2, campaign: undefined });
  });
  it("preselects the slot only when it is one of the campaign's and can still be booked", () => {
    const now = Date.parse('2026-11-25T00:00:00.000Z');
    const slots = [slot('2026-11-25T01:00:00.000Z', 3), slot('2026-11-25T01:30:00.000Z', 0)];
    // The same instant written with an offset still names the slot.
    expect(preselectedSlot(slots, '2026-11-25T08:00:00+07:00', now)).toBe(slots[0]);
    expect(preselectedSlot(slots, '2026-11-25T01:30:00.000Z', now)).toBeUndefined();
    expect(preselectedSlot(slots, '2026-11-25T05:00:00.000Z', now)).toBeUndefined();
    expect(
      preselectedSlot(slots, '2026-11-25T01:00:00.000Z', Date.parse('2026-11-25T03:00:00Z')),
    ).toBeUndefined();
    expect(preselectedSlot(undefined, '2026-11-25T01:00:00.000Z', now)).toBeUndefined();
  });
});
