/**
 * Form inputs give '' for "nothing". Run before a contract schema (z.preprocess), this turns blank
 * strings into "not given", so an untouched optional field never fails a minimum-length rule.
 */
export function blanksToUndefined(value: unknown) {
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? undefined : v]),
  );
}
