import {
  UNIT_EVENT_CSV_COLUMN_HINTS,
  UNIT_EVENT_CSV_COLUMNS,
  UNIT_IMPORT_PAGE_TEXTS as T,
} from '@giot-hong/contract';
import { useId } from 'react';
import { cardClass } from './console-ui';

/** What the file must look like: its columns, each with a short explanation, and a header line to copy. */
export function UnitEventColumns() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} mt-4`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {T.columnsHeading}
      </h2>
      <p className="mt-1 text-slate-700">{T.columnsIntro}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {UNIT_EVENT_CSV_COLUMNS.map((c) => (
          <div key={c} className="contents">
            <dt>
              <code className="font-semibold text-slate-900">{c}</code>
            </dt>
            <dd className="text-slate-700">{UNIT_EVENT_CSV_COLUMN_HINTS[c]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-lg bg-slate-100 p-2 text-sm">
        <code className="break-all text-slate-900">{UNIT_EVENT_CSV_COLUMNS.join(',')}</code>
      </p>
    </section>
  );
}
