import { describe, expect, it } from 'vitest';
import { AUDIT_FILTER_MESSAGES, ZAuditQuery } from './audit-trail-admin.ts';

const messagesOf = (
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the audit page', () => {
  it('accepts the audit filters only in their shapes', () => {
    expect(ZAuditQuery.parse({ target: 'user:12', action: 'identity.', from: '2026-11-01' })).toMatchObject({
      target: 'user:12',
      page: 0,
    });
    expect(ZAuditQuery.safeParse({ target: "user'; drop" }).success).toBe(false);
    expect(messagesOf(ZAuditQuery, { to: '25/11/2026' })).toEqual([
      `to: ${AUDIT_FILTER_MESSAGES.dateFilterInvalid}`,
    ]);
  });
});
