/** The portal's button looks (mobile first: at least 44 px tall; visible focus comes from styles.css). */
export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600';
export const buttonSecondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400';
export const buttonDanger =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500';
