import type { ReactNode } from 'react';

/** Shared look of the console (mobile first; visible focus comes from styles.css). */
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-4';

/** The page's title row: heading on the left, actions on the right (below it on a phone). */
export function PageHeading({
  title,
  sub,
  children,
}: {
  title: string;
  sub?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
        {sub && <div className="mt-1 text-slate-700">{sub}</div>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

/**
 * Filter buttons (one pressed at a time) with a count each. Plain toggle buttons rather than
 * tabs: the list below is the same region whatever the filter.
 */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  /** `count: null`: a count that is on its way; its place is kept so the buttons do not move (or wrap) when it comes. */
  options: readonly { value: T; label: string; count?: number | null }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((o) => {
        const pressed = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(o.value)}
            className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${
              pressed
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
            }`}
          >
            {o.label}
            {o.count === null && (
              <span aria-hidden className="invisible rounded-full px-2 py-0.5 text-xs">
                0
              </span>
            )}
            {o.count !== undefined && o.count !== null && (
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${pressed ? 'bg-white text-brand-700' : 'bg-slate-100 text-slate-800'}`}
              >
                {o.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
