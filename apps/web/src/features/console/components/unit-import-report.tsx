import {
  UNIT_IMPORT_MESSAGES,
  UNIT_IMPORT_PAGE_TEXTS as T,
  type TUnitEventBatchResult,
} from '@giot-hong/contract';
import { useId } from 'react';
import { problemRows } from '../lib/unit-import';
import { cardClass } from './console-ui';

/**
 * The report of one upload: the counts in one sentence (announced), then every line that was not
 * recorded: its number and outcome, why, and the event's id. On a phone the first two columns fit
 * and the id scrolls sideways inside the table's own box (focusable, so a keyboard can scroll it).
 */
export function UnitImportReport({ fileName, result }: { fileName: string; result: TUnitEventBatchResult }) {
  const id = useId();
  const rows = problemRows(result);
  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} mt-4`} data-import-report>
      <h2 id={`${id}-heading`} className="text-lg font-semibold break-words text-slate-900">
        {T.reportHeading(fileName)}
      </h2>
      <p role="status" className="mt-1 font-medium text-slate-900" data-import-counts>
        {UNIT_IMPORT_MESSAGES.report(result.accepted, result.duplicates, result.refused)}
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">{T.allAccepted}</p>
      ) : (
        <>
          <h3 id={`${id}-problems`} className="mt-4 mb-2 font-semibold text-slate-900">
            {T.problemsHeading}
          </h3>
          <div
            role="region"
            aria-labelledby={`${id}-problems`}
            tabIndex={0}
            className="overflow-x-auto rounded-lg border border-slate-200"
          >
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    {T.line}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {T.message}
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    {T.eventId}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-200 align-top" data-import-line={r.line}>
                    <th scope="row" className="px-3 py-2 text-left whitespace-nowrap">
                      <span className="block font-semibold text-slate-900">
                        {UNIT_IMPORT_MESSAGES.line(r.line)}
                      </span>
                      <span className="block font-normal text-slate-700">{T.outcomes[r.outcome]}</span>
                    </th>
                    <td className="min-w-44 px-3 py-2 text-slate-800">{r.message}</td>
                    <td className="px-3 py-2 font-mono whitespace-nowrap text-slate-800">
                      {r.eventId ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
