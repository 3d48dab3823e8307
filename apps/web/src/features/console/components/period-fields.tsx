import { FieldError, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { useIsFrame } from '../../../lib/frame';

/**
 * A live 'Từ ngày' – 'Đến ngày' pair (yyyy-mm-dd) for pages that refresh as the period changes
 * (the dashboard, the honours list); the page validates with the contract's query schema and
 * passes its first message as `error`, shown once under both fields.
 */
export function PeriodFields({
  id,
  from,
  to,
  onFrom,
  onTo,
  error,
}: {
  id: string;
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  error: string | undefined;
}) {
  // Read-only in the server's frame, whose fields the application replaces (as SearchField).
  const frame = useIsFrame();
  const field = (which: 'from' | 'to', label: string, value: string, onChange: (d: string) => void) => (
    <div>
      <label htmlFor={`${id}-${which}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        type="date"
        {...fieldAria(`${id}-${which}`, error)}
        aria-describedby={error ? `${id}-period-error` : undefined}
        value={value}
        {...(which === 'from' ? { max: to } : { min: from })}
        onChange={(e) => onChange(e.target.value)}
        readOnly={frame || undefined}
        className={inputClass}
      />
    </div>
  );
  return (
    <>
      <div className="mb-2 flex flex-wrap items-end gap-3">
        {field('from', 'Từ ngày', from, onFrom)}
        {field('to', 'Đến ngày', to, onTo)}
      </div>
      <FieldError id={`${id}-period-error`} message={error} />
    </>
  );
}
