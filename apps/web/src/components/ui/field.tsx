import type { ReactNode } from 'react';

/*
 * The portal's form fields (donor pages and the staff console): a label above the control, an
 * optional hint and the error below, linked to the control for screen readers.
 */

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
