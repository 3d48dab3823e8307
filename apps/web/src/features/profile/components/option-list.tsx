/**
 * A scrollable radio list (native radios: arrow keys move, the legend names the group). A choice is
 * required, which the group says with aria-required.
 */
export function OptionList<T extends string | number>({
  name,
  legend,
  options,
  value,
  onChange,
  describedBy,
}: {
  name: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  describedBy?: string;
}) {
  return (
    <fieldset role="radiogroup" aria-required="true" aria-describedby={describedBy}>
      <legend className="sr-only">{legend}</legend>
      <ul className="max-h-[45dvh] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
        {options.map((o, i) => {
          // By position: a value may be text with spaces (a job's name), which is no valid id.
          const id = `${name}-${i}`;
          return (
            <li key={o.value}>
              <label
                htmlFor={id}
                className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  id={id}
                  name={name}
                  checked={value === o.value}
                  onChange={() => onChange(o.value)}
                  className="size-4 accent-brand-600"
                />
                <span>{o.label}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
