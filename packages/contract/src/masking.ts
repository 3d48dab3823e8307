/*
 * Masking of personal data: lists show masked values (the identity review queue, the donor search);
 * the donor page shows the full ones, and that view is audited.
 */

/** '079201001234' → '********1234'. */
export const maskCardId = (v: string | null) =>
  v ? `${'*'.repeat(Math.max(0, v.length - 4))}${v.slice(-4)}` : null;
/** '12/03/1995' → '**‌/**‌/1995'. */
export const maskDob = (v: string | null) => (v ? v.replace(/^\d{2}\/\d{2}\//, '**/**/') : null);
/** 'nguyenvana@mail.vn' → 'ng***@mail.vn'. */
export const maskEmail = (v: string | null) => {
  if (!v) return null;
  const at = v.indexOf('@');
  return at < 0 ? `${v.slice(0, 2)}***` : `${v.slice(0, Math.min(2, at))}***${v.slice(at)}`;
};
/** '0912345678' → '******5678'. */
export const maskPhone = (v: string | null) =>
  v ? `${'*'.repeat(Math.max(0, v.length - 4))}${v.slice(-4)}` : null;
/** 'nguyenvana' → 'ng***'. */
export const maskUsername = (v: string) => `${v.slice(0, 2)}***`;
