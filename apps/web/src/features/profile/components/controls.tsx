import { inputClass } from '../../../components/ui/input-class';
/**
 * A read-only value that opens a picker dialog: a button labelled by the field's label, its
 * current value and its visible 'Chọn', so a screen reader hears all three and a person using
 * voice control can say the words they see.
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
      aria-labelledby={`${id}-label ${id}-value ${id}-action`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={`${inputClass} flex min-h-11 items-center justify-between gap-2 text-left`}
    >
      <span
        id={`${id}-value`}
        className={`min-w-0 [overflow-wrap:anywhere] ${value ? '' : 'text-slate-500'}`}
      >
        {value || placeholder}
      </span>{' '}
      <span id={`${id}-action`} className="shrink-0 text-sm font-semibold text-brand-700">
        Chọn
      </span>
    </button>
  );
}
