/** Shared look of the profile's controls (mobile first, visible focus comes from styles.css). */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-brand-600 disabled:bg-slate-100 disabled:text-slate-500';

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
