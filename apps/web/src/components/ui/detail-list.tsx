/** A read-only list of label/value pairs, read as "label: value"; two columns from `sm` up by default. */
export function DetailList({
  items,
  columns = 2,
}: {
  items: readonly (readonly [label: string, value: string])[];
  columns?: 1 | 2;
}) {
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${columns === 2 ? 'sm:grid-cols-2' : ''}`}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd className="break-words font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
