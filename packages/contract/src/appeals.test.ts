import { describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES, appealGroupsLabel, isAppealQuietTime } from './appeal-texts.ts';
import { ZAppealRequest } from './appeals.ts';
import { describeAuditDetail } from './audit-trail.ts';

/** An instant at hh:mm Vietnam time (UTC+7) on 22/11/2026. */
const vn = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00+07:00`);

describe('appeals', () => {
  it('keeps quiet from 21:00 to 07:00 Vietnam time, edges included at 21:00 and excluded at 07:00', () => {
    expect(isAppealQuietTime(vn('20:59'))).toBe(false);
    expect(isAppealQuietTime(vn('21:00'))).toBe(true);
    expect(isAppealQuietTime(vn('23:30'))).toBe(true);
    expect(isAppealQuietTime(vn('00:00'))).toBe(true);
    expect(isAppealQuietTime(vn('06:59'))).toBe(true);
    expect(isAppealQuietTime(vn('07:00'))).toBe(false);
    expect(isAppealQuietTime(vn('12:00'))).toBe(false);
  });

  it('refuses a request without groups or with target 0 in the contract’s words', () => {
    const base = {
      idempotencyKey: 'a1b2c3d4e5f6a7b8c9d0',
      title: 'Cần gấp',
      message: 'Nội dung',
      groups: ['O-'],
      urgency: 'URGENT',
      campaignId: 1,
      endsAt: '2026-12-01T10:00:00+07:00',
      target: 1,
    };
    expect(ZAppealRequest.safeParse(base).success).toBe(true);
    const messages = (v: object) =>
      ZAppealRequest.safeParse({ ...base, ...v }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ groups: [] })).toEqual([APPEAL_MESSAGES.groupsRequired]);
    expect(messages({ groups: ['O-', 'O-'] })).toEqual([APPEAL_MESSAGES.groupInvalid]);
    expect(messages({ target: 0 })).toEqual([APPEAL_MESSAGES.targetRange]);
  });

  it('says groups and the audit details in words', () => {
    expect(appealGroupsLabel(['O-', 'AB+'])).toBe('O−, AB+');
    expect(describeAuditDetail({ groups: 'O-,A-', urgency: 'CRITICAL', target: 30, total: 12 })).toBe(
      'Nhóm máu cần: O−, A− · Mức độ: Nguy cấp · Số người cần: 30 · 12 người nhận',
    );
    expect(describeAuditDetail({ endReason: 'STAFF' })).toBe('Lý do kết thúc: Cán bộ kết thúc');
  });
});
