import { Search } from 'lucide-react';
import { useIsFrame } from '../../lib/frame';
import { inputClass } from './input-class';

/**
 * A labelled search box in a `role="search"` landmark. The caller debounces the value
 * (lib/use-debounced-value) before it asks the server, so the list follows after a pause in
 * typing rather than at every key.
 */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  hint,
  maxLength = 100,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** A line under the box saying what can be searched (read by screen readers with the box). */
  hint?: string;
  maxLength?: number;
}) {
  // In the server's frame of a page the box takes no typing: the application renders the page in
  // the frame's place, and what was typed there would be lost without a search (lib/frame.ts).
  const frame = useIsFrame();
  return (
    <div role="search" className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={maxLength}
          readOnly={frame || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={`${inputClass} pl-10`}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
    </div>
  );
}
