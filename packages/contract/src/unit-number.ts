import { z } from 'zod';

/**
 * The number on a blood bag's label (mã túi máu), recorded with a DONE.
 *
 * Bags labelled to ISBT 128 carry a Donation Identification Number: a 5-character facility code
 * (five letters or digits: a letter and four digits in most), a 2-digit year and
 * a 6-digit sequence; the label prints a check character after it, computed with ISO/IEC 7064
 * MOD 37-2 over those 13 characters. When a typed or scanned number has that shape, its check
 * character is verified, so a misread digit is caught at the desk. Other facilities' local numbers
 * are taken as they are (letters, digits and '-', 4–32 characters).
 */
export const UNIT_NUMBER_MESSAGES = {
  required: 'Vui lòng nhập mã túi máu',
  invalid: 'Mã túi máu chỉ gồm chữ, số và dấu gạch ngang (4–32 ký tự)',
  badCheck: 'Ký tự kiểm tra của mã túi máu ISBT 128 không đúng. Vui lòng quét hoặc nhập lại',
  duplicate: 'Mã túi máu này đã được ghi cho một lần hiến khác',
} as const;

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*';

/** ISO/IEC 7064 MOD 37-2: the check character of an alphanumeric string (0–9, A–Z, or '*'). */
export function mod37_2(input: string): string {
  let p = 0;
  for (const ch of input.toUpperCase()) {
    const v = CHARSET.indexOf(ch);
    if (v < 0 || v > 35) throw new Error('MOD 37-2 takes digits and letters only');
    p = ((p + v) * 2) % 37;
  }
  return CHARSET[(38 - p) % 37]!;
}

/** A DIN's 13 characters, optionally spaced as printed, then its check character. */
const DIN = /^([A-Z0-9]{5})\s?(\d{2})\s?(\d{6})\s?([0-9A-Z*])?$/;

/** Upper case, no surrounding blanks; the printed spaces of an ISBT 128 number are dropped. */
export function normaliseUnitNumber(raw: string): string {
  const t = raw.trim().toUpperCase();
  const m = DIN.exec(t);
  return m ? `${m[1]}${m[2]}${m[3]}${m[4] ?? ''}` : t;
}

export type TUnitNumberCheck = { ok: true; value: string; isbt: boolean } | { ok: false; message: string };

/**
 * Checks a unit number: an ISBT 128 DIN with its check character must match it (one without the
 * check character, as some scanners return the barcode's 13 data characters alone, is taken);
 * anything else of letters, digits and '-' is a local number.
 */
export function checkUnitNumber(raw: string): TUnitNumberCheck {
  const value = normaliseUnitNumber(raw);
  if (!value) return { ok: false, message: UNIT_NUMBER_MESSAGES.required };
  const m = /^([A-Z0-9]{5}\d{8})([0-9A-Z*])?$/.exec(value);
  if (m) {
    if (m[2] !== undefined && mod37_2(m[1]!) !== m[2])
      return { ok: false, message: UNIT_NUMBER_MESSAGES.badCheck };
    return { ok: true, value, isbt: true };
  }
  if (!/^[A-Z0-9][A-Z0-9-]{2,30}[A-Z0-9]$/.test(value))
    return { ok: false, message: UNIT_NUMBER_MESSAGES.invalid };
  return { ok: true, value, isbt: false };
}

/** The request's field: normalised, checked, with the words above. */
export const ZUnitNumber = z.string({ error: UNIT_NUMBER_MESSAGES.required }).transform((raw, ctx) => {
  const r = checkUnitNumber(raw);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }
  return r.value;
});

/** What the donor's record shows of a unit number: its last four characters. */
export const unitNumberTail = (value: string) => `…${value.slice(-4)}`;
