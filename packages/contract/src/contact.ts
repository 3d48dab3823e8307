import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';
import { multiLineText, singleLineText } from './text-field.ts';

/** Vietnamese messages of the contact form, written once for the form and the server. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Họ và tên là bắt buộc.',
  nameTooLong: 'Họ và tên không quá 100 ký tự.',
  emailRequired: 'Email là bắt buộc.',
  emailInvalid: 'Email không hợp lệ.',
  emailTooLong: 'Email không quá 254 ký tự.',
  messageRequired: 'Tin nhắn là bắt buộc.',
  messageTooLong: 'Tin nhắn không quá 5000 ký tự.',
  /** The success toast and its description. */
  sentTitle: 'Thành công!',
  sentDescription: 'Tin nhắn của bạn đã được gửi. Chúng tôi sẽ phản hồi sớm nhất có thể.',
  rateLimited: (wait: string) => `Bạn đã gửi quá nhiều tin nhắn. Vui lòng thử lại sau ${wait}.`,
} as const;

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMax: 5000,
  /** Messages one address (IP) may send per window; the form is public, so it is a spam target. */
  perIpMax: 5,
  perIpWindowSeconds: 60 * 60,
} as const;

/** A simple x@y.z e-mail check: something, @, something, a dot, something; no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const M = CONTACT_MESSAGES;

/** Trimmed text that must not be empty; a missing field gets the same message as an empty one. */
const requiredText = (required: string, max: number, tooLong: string, multiLine = false) =>
  (multiLine ? multiLineText : singleLineText)({ error: required }, { trim: true })
    .min(1, { error: required, abort: true })
    .max(max, tooLong);

/** The contact form and the body of POST /api/contact. Whitespace-only counts as empty. */
export const ZContactRequest = z.object({
  name: requiredText(M.nameRequired, CONTACT_LIMITS.nameMax, M.nameTooLong),
  email: requiredText(M.emailRequired, CONTACT_LIMITS.emailMax, M.emailTooLong).regex(
    SIMPLE_EMAIL,
    M.emailInvalid,
  ),
  message: requiredText(M.messageRequired, CONTACT_LIMITS.messageMax, M.messageTooLong, true),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactResponse = ZEnvelope(z.object({ id: z.number().int() }));
export type TContactResponse = z.infer<typeof ZContactResponse>;

// The chapter's contact details live in a zod-free module (see chapter.ts) so the footer stays light.
export {
  CHAPTER_CONTACT_META,
  CHAPTER_LINKS,
  CHAPTER_NAME,
  DEMO_CHAPTER_CONTACT,
  DEMO_CHAPTER_NAME,
  phoneHref,
  type TChapterContact,
} from './chapter.ts';

/** GET /api/chapter/contact: the chapter's public contact details, as configured. */
export const ZChapterContact = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  openingHours: z.string(),
  map: z.object({ lat: z.number(), lon: z.number() }),
});
export const ZChapterContactResponse = ZEnvelope(ZChapterContact);
