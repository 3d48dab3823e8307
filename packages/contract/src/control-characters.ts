// Zod-free, so the server's input guard and the landing page can use it without loading zod.

/** The message of a text holding a control character (NUL, escape, a line break in a one-line field …). */
export const TEXT_MESSAGES = {
  controlCharacters: 'Nội dung chứa ký tự không hợp lệ',
} as const;

/**
 * Text of a one-line field: no C0 control (U+0000–U+001F, tab and line breaks included), no DEL,
 * no C1 control (U+0080–U+009F). PostgreSQL refuses U+0000 outright; the others are never typed
 * by a person and only hide text from whoever reads it later.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** Text of a multi-line field: like {@link SINGLE_LINE_TEXT}, but tab, line feed and carriage return are kept. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** True when `value` holds a character no text field takes, even a multi-line one. */
export function hasControlCharacters(value: string): boolean {
  return !MULTI_LINE_TEXT.test(value);
}
