import { APPEAL_MESSAGES, ZAppealRequest, type TAdminAppeal } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_APPEAL,
  appealAudience,
  appealFieldOf,
  appealPollMs,
  defaultEnd,
  isAppealLive,
  previewParts,
  toAppealRequest,
} from './appeal-form';

const KEY = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('toAppealRequest', () => {
  it('turns the inputs into the contract request: numbers, and the Vietnam end as an instant', () => {
    const request = toAppealRequest(
      {
        groups: ['O-', 'A-'],
        title: 'Cần gấp nhóm máu O−',
        message: 'Dòng một\nDòng hai',
        campaignId: '12',
        slotStarts: ['2026-12-01T01:00:00.000Z'],
        urgency: 'CRITICAL',
        endDate: '2026-12-01',
        endTime: '16:30',
        target: '20',
      },
      KEY,
    );
    expect(request).toEqual({
      idempotencyKey: KEY,
      groups: ['O-', 'A-'],
      title: 'Cần gấp nhóm máu O−',
      message: 'Dòng một\nDòng hai',
      campaignId: 12,
      slotStarts: ['2026-12-01T01:00:00.000Z'],
      urgency: 'CRITICAL',
      endsAt: '2026-12-01T09:30:00.000Z',
      target: 20,
    });
    expect(ZAppealRequest.safeParse(request).success).toBe(true);
  });

  it('an empty form fails with the contract words, each under its input', () => {
    const parsed = ZAppealRequest.safeParse(toAppealRequest(EMPTY_APPEAL, KEY));
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(
      parsed.error!.issues.map((i) => [appealFieldOf(i.path), i.message] as const).reverse(),
    );
    expect(byField).toMatchObject({
      groups: APPEAL_MESSAGES.groupsRequired,
      title: APPEAL_MESSAGES.titleRequired,
      message: APPEAL_MESSAGES.messageRequired,
      campaignId: APPEAL_MESSAGES.campaignRequired,
      urgency: APPEAL_MESSAGES.urgencyRequired,
      endDate: APPEAL_MESSAGES.endsAtRequired,
      target: APPEAL_MESSAGES.targetRange,
    });
  });

  it('a target that is not a whole number is refused, not rounded', () => {
    const v = { ...EMPTY_APPEAL, target: '2,5' };
    expect(Number.isNaN(toAppealRequest(v, KEY).target)).toBe(true);
  });
});

describe('appealAudience', () => {
  it('is null until groups, urgency and campaign are all chosen', () => {
    expect(appealAudience({ groups: [], urgency: 'URGENT', campaignId: '3' })).toBeNull();
    expect(appealAudience({ groups: ['O-'], urgency: '', campaignId: '3' })).toBeNull();
    expect(appealAudience({ groups: ['O-'], urgency: 'URGENT', campaignId: '' })).toBeNull();
  });
  it('sorts the groups, so ticking in another order asks for the same count', () => {
    const a = appealAudience({ groups: ['O-', 'A-'], urgency: 'URGENT', campaignId: '3' });
    const b = appealAudience({ groups: ['A-', 'O-'], urgency: 'URGENT', campaignId: '3' });
    expect(a).toEqual({ groups: ['A-', 'O-'], urgency: 'URGENT', campaignId: 3 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('previewParts', () => {
  it('names only the parts with someone in them, in reading order', () => {
    expect(previewParts({ count: 7, confirmed: 5, selfDeclared: 2, onCall: 0, heldByFatigue: 3 })).toEqual([
      'confirmed',
      'selfDeclared',
      'heldByFatigue',
    ]);
    expect(previewParts({ count: 0, confirmed: 0, selfDeclared: 0, onCall: 0, heldByFatigue: 0 })).toEqual(
      [],
    );
  });
});

describe('defaultEnd', () => {
  it("proposes the campaign's end in Vietnam time", () => {
    expect(defaultEnd('2026-12-01T10:00:00.000Z')).toEqual({ endDate: '2026-12-01', endTime: '17:00' });
    expect(defaultEnd(null)).toEqual({ endDate: '', endTime: '' });
  });
});

describe('polling an appeal', () => {
  const appeal = (status: TAdminAppeal['status'], delivery: TAdminAppeal['delivery']['status']) => ({
    status,
    delivery: { status: delivery, total: 10, sent: 3, emailed: 0 },
  });
  it('every second while sending, every 5 s while open, never once ended and sent', () => {
    expect(appealPollMs(appeal('OPEN', 'SENDING'))).toBe(1_000);
    expect(appealPollMs(appeal('OPEN', 'QUEUED'))).toBe(1_000);
    expect(appealPollMs(appeal('OPEN', 'WAITING'))).toBe(5_000);
    expect(appealPollMs(appeal('OPEN', 'DONE'))).toBe(5_000);
    expect(appealPollMs(appeal('ENDED', 'STOPPED'))).toBe(false);
    expect(appealPollMs(appeal('ENDED', 'SENDING'))).toBe(1_000);
    expect(isAppealLive(appeal('ENDED', 'DONE'))).toBe(false);
    expect(isAppealLive(appeal('OPEN', 'DONE'))).toBe(true);
  });
});
