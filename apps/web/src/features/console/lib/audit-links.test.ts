import { describe, expect, it } from 'vitest';
import { auditTargetHref } from './audit-links';

const row = (targetType: string, targetId: number | null, extra: object = {}) => ({
  targetType,
  targetId,
  targetUserRole: null,
  subjectUserId: null,
  ...extra,
});

describe('where an audit row’s target is seen', () => {
  it('leads a donor to their page and a staff member to the staff accounts', () => {
    expect(auditTargetHref(row('user', 68, { targetUserRole: 'DONOR' }))).toBe('/quan-tri/nguoi-hien-mau/68');
    expect(auditTargetHref(row('user', 3, { targetUserRole: 'ADMIN' }))).toBe('/quan-tri/tai-khoan');
    // An erased account (no role known any more) has no page.
    expect(auditTargetHref(row('user', 9))).toBeNull();
  });

  it('leads campaigns, news, questionnaires and appointments to their pages', () => {
    expect(auditTargetHref(row('campaign', 12))).toBe('/quan-tri/chien-dich/12');
    expect(auditTargetHref(row('news', 5))).toBe('/quan-tri/tin-tuc/5');
    expect(auditTargetHref(row('question_set', 4))).toBe('/quan-tri/bo-cau-hoi/4');
    expect(auditTargetHref(row('appointment', 40, { subjectUserId: 68 }))).toBe(
      '/quan-tri/nguoi-hien-mau/68',
    );
    expect(auditTargetHref(row('contact_message', 2))).toBe('/quan-tri/hop-thu');
    expect(auditTargetHref(row('donor-search', null))).toBeNull();
    expect(auditTargetHref(row('audit', null))).toBeNull();
  });
});
