import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M, ZContactRequest } from './contact.ts';

const valid = {
  name: 'Nguyễn Văn An',
  email: 'an@example.com',
  message: 'Tôi muốn đăng ký làm tình nguyện viên.',
};
const messagesOf = (v: unknown) => {
  const r = ZContactRequest.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('contact form rules (spec section 5)', () => {
  it('accepts a valid message and trims it', () => {
    expect(ZContactRequest.parse({ name: ' An ', email: ' an@example.com ', message: ' Xin chào ' })).toEqual(
      {
        name: 'An',
        email: 'an@example.com',
        message: 'Xin chào',
      },
    );
  });

  it('gives one message per empty field, whitespace-only counting as empty', () => {
    expect(messagesOf({ name: '   ', email: ' \t ', message: '\n \n' })).toEqual([
      `name: ${M.nameRequired}`,
      `email: ${M.emailRequired}`,
      `message: ${M.messageRequired}`,
    ]);
    expect(messagesOf({})).toEqual([
      `name: ${M.nameRequired}`,
      `email: ${M.emailRequired}`,
      `message: ${M.messageRequired}`,
    ]);
  });

  it.each(['an', 'an@example', '@example.com', 'an@.', 'an @example.com', 'an@exa mple.com'])(
    '"%s" is not a valid e-mail',
    (email) => {
      expect(messagesOf({ ...valid, email })).toEqual([`email: ${M.emailInvalid}`]);
    },
  );

  it.each(['a@b.c', 'nguyen.van.an+hien-mau@truong.edu.vn'])('"%s" is a valid e-mail', (email) => {
    expect(messagesOf({ ...valid, email })).toEqual([]);
  });

  it('caps the lengths', () => {
    expect(messagesOf({ ...valid, name: 'a'.repeat(101) })).toEqual([`name: ${M.nameTooLong}`]);
    expect(messagesOf({ ...valid, message: 'a'.repeat(5001) })).toEqual([`message: ${M.messageTooLong}`]);
  });
});
