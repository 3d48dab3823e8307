import type { ReactNode } from 'react';

/** Shared look of the profile's controls (mobile first, visible focus comes from styles.css). */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-brand-600 disabled:bg-slate-100 disabled:text-slate-500';

/** A field's error, announced when it appears; linked to the input through aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-brand-700">
      {message}
    </p>
  );
}

/**
 * Label above, control, optional hint and error below. `required` adds a visible '*' that screen
 * readers hear as '(bắt buộc)': a picker button cannot carry aria-required, so its name says it.
 */
export function Field({
  id,
  label,
  error,
  hint,
  required = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    // min-w-0: a long value (an e-mail) must wrap inside a grid cell, not widen it.
    <div className="min-w-0">
      <label htmlFor={id} id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <>
            <span aria-hidden> *</span>
            <span className="sr-only"> (bắt buộc)</span>
          </>
        )}
      </label>
      {children}
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria attributes of a control inside <Field id=…>. */
export function fieldAria(id: string, error?: string | null, required = false) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  } as const;
}

/**
 * A read-only value that opens a picker dialog: a button labelled by the field's label and its
 * current value, so a screen reader hears both.
 */
export function PickerButton({
  id,
  value,
  placeholder,
  error,
  onOpen,
  disabled,
}: {
  id: string;
  value: string | null | undefined;
  placeholder: string;
  error?: string | null;
  onOpen: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      id={id}
      onClick={onOpen}
      disabled={disabled}
      aria-haspopup="dialog"
      aria-labelledby={`${id}-label ${id}-value`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={`${inputClass} flex min-h-11 items-center justify-between gap-2 text-left`}
    >
      <span
        id={`${id}-value`}
        className={`min-w-0 [overflow-wrap:anywhere] ${value ? '' : 'text-slate-500'}`}
      >
        {value || placeholder}
      </span>
      <span aria-hidden className="shrink-0 text-sm font-semibold text-brand-700">
        Chọn
      </span>
    </button>
  );
}
