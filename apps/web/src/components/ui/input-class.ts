/**
 * The one look of a text input, select or textarea, on the donor pages and in the console alike
 * (mobile first: 16 px text, so phones do not zoom in; visible focus comes from styles.css).
 * An invalid control (aria-invalid) gets the brand border; a disabled one is greyed. NOTE: no
 * `read-only:` variant here: CSS :read-only also matches <select> and <button> (a picker button
 * uses this look), which would grey them all; a read-only text input adds `readOnlyInputClass`.
 */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-brand-600 disabled:bg-slate-100 disabled:text-slate-500';

/** Added to a read-only text input (a value shown for reference inside a form), so it looks inert. */
export const readOnlyInputClass = 'read-only:bg-slate-100 read-only:text-slate-700';
