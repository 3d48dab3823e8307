import { describe, expect, it } from 'vitest';
import { maskCardId, maskDob, maskEmail, maskPhone, maskUsername } from './masking.ts';

describe('masking', () => {
  it('masks ID numbers, birth dates, e-mails, phones and usernames in lists', () => {
    expect(maskCardId('079201001234')).toBe('********1234');
    expect(maskDob('12/03/1995')).toBe('**/**/1995');
    expect(maskEmail('nguyenvana@mail.vn')).toBe('ng***@mail.vn');
    expect(maskPhone('0912345678')).toBe('******5678');
    expect(maskUsername('nguyenvana')).toBe('ng***');
    expect([maskCardId(null), maskDob(null), maskEmail(null), maskPhone(null)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
