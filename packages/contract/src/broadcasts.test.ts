import { describe, expect, it } from 'vitest';
import { BROADCAST_CONTENT_MAX, BROADCAST_MESSAGES, ZBroadcastRequest } from './broadcasts.ts';

const request = (content: string) => ({
  idempotencyKey: 'a'.repeat(16),
  type: 2,
  title: 'Thông báo',
  content,
  audience: { kind: 'ALL' },
});

describe('a broadcast request', () => {
  it('takes content up to its own limit and says that limit beyond it', () => {
    expect(ZBroadcastRequest.safeParse(request('x'.repeat(BROADCAST_CONTENT_MAX))).success).toBe(true);
    const r = ZBroadcastRequest.safeParse(request('x'.repeat(BROADCAST_CONTENT_MAX + 1)));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([BROADCAST_MESSAGES.contentTooLong]);
    expect(BROADCAST_MESSAGES.contentTooLong).toBe('Nội dung quá dài (tối đa 20.000 ký tự)');
  });
});
