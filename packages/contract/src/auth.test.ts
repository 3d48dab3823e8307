import { describe, expect, it } from 'vitest';
import { ZRegisterForm, AUTH_MESSAGES as M, formatWait } from './auth.ts';

const valid = { email: 'an@example.com', username: 'an', password: 'Abcdef1@', confirmPassword: 'Abcdef1@' };
const messages = (v: unknown) => {
  const r = ZRegisterForm.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('registration form rules (spec section 5)', () => {
  it('accepts a valid form', () => expect(messages(valid)).toEqual([]));
  it.each([
    [{ email: '' }, M.emailRequired],
    [{ email: 'not-an-email' }, M.emailInvalid],
    [{ email: `${'a'.repeat(45)}@x.com` }, M.emailTooLong],
    [{ username: '   ' }, M.usernameRequired],
    [{ username: 'a'.repeat(51) }, M.usernameTooLong],
    [{ password: 'Ab1@', confirmPassword: 'Ab1@' }, M.passwordMin],
    [{ password: `Ab1@${'a'.repeat(47)}`, confirmPassword: `Ab1@${'a'.repeat(47)}` }, M.passwordMax],
    [{ password: 'ABCDEF1@', confirmPassword: 'ABCDEF1@' }, M.passwordLower],
    [{ password: 'abcdef1@', confirmPassword: 'abcdef1@' }, M.passwordUpper],
    [{ password: 'Abcdefg@', confirmPassword: 'Abcdefg@' }, M.passwordDigit],
    [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, M.passwordSpecial],
    [{ confirmPassword: 'Abcdef1!' }, M.confirmMismatch],
  ])('%j → %s', (patch, message) => {
    expect(messages({ ...valid, ...patch })).toContain(message);
  });
});

describe('formatWait (throttling messages)', () => {
  it.each([
    [1, '1 giây'],
    [0.2, '1 giây'],
    [59, '59 giây'],
    [60, '1 phút'],
    [61, '2 phút'],
    [3599, '60 phút'],
    [3600, '1 giờ'],
    [3601, '2 giờ'],
  ])('%s s → %s', (seconds, text) => expect(formatWait(seconds)).toBe(text));
});
