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
 * recorded with its line number and why. The table scrolls sideways inside its own box on a phone
 * (focusable, so a keyboard can scroll it too).
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
                    {T.eventId}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {T.outcome}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {T.message}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.line} className="border-t border-slate-200 align-top" data-import-line={r.line}>
                    <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
                      {UNIT_IMPORT_MESSAGES.line(r.line)}
                    </th>
                    <td className="px-3 py-2 break-all text-slate-800">{r.eventId ?? '—'}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-800">{T.outcomes[r.outcome]}</td>
                    <td className="min-w-48 px-3 py-2 text-slate-800">{r.message}</td>
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
