import {
  COUNSELLING_TEXTS as C,
  CONSOLE_TASK_TEXTS as T,
  formatExportDay,
  type TCounsellingCase,
} from '@giot-hong/contract';
import { Phone, PhoneCall } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { consolePaths } from '../../../lib/paths';
import { formatVnDateTime, vnToday } from '../../../lib/vn-time';
import { isOverdue, sortCases } from '../lib/task-rules';
import { caseName, CounsellingCloseDialog } from './counselling-close-dialog';
import { cardClass } from './console-ui';

/**
 * Cases to call, earliest deadline first: who, their phone (a link that dials), the day they gave
 * and the chapter's deadline, marked 'Quá hạn' in words once past (Vietnam days). An open case is
 * closed after the call with a note; a closed one shows when, by whom and the note.
 */
export function CounsellingCaseList({ cases, empty }: { cases: TCounsellingCase[]; empty: string }) {
  const [closing, setClosing] = useState<TCounsellingCase | null>(null);
  const today = vnToday();
  // The empty view is drawn here, beside the dialog: closing the last case empties the list while
  // its dialog is still open, and the dialog must stay mounted to say it was closed.
  return (
    <>
      {cases.length === 0 ? (
        <EmptyView title={empty} icon={PhoneCall} />
      ) : (
        <ul className="grid gap-3">
          {sortCases(cases).map((c) => {
            const overdue = isOverdue(c, today);
            return (
              <li
                key={c.id}
                data-counselling-case={c.unitNumber}
                className={`${cardClass} grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start ${
                  overdue ? 'border-l-4 border-l-brand-600' : ''
                }`}
              >
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-slate-900">
                    {c.donorId !== null ? (
                      <Link to={consolePaths.donor(c.donorId)} className="underline-offset-2 hover:underline">
                        {caseName(c)}
                      </Link>
                    ) : (
                      caseName(c)
                    )}
                  </h2>
                  <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                    <dt className="font-medium text-slate-800">{T.phone}</dt>
                    <dd>
                      {c.phone ? (
                        <a
                          href={`tel:${c.phone.replace(/\s+/g, '')}`}
                          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2"
                        >
                          <Phone aria-hidden className="size-4" />
                          {c.phone}
                        </a>
                      ) : (
                        T.noPhone
                      )}
                    </dd>
                    <dt className="font-medium text-slate-800">{T.donatedOn}</dt>
                    <dd>{formatExportDay(c.donatedOn)}</dd>
                    <dt className="font-medium text-slate-800">{T.unitNumber}</dt>
                    <dd className="font-mono break-all">{c.unitNumber}</dd>
                    <dt className="font-medium text-slate-800">{C.deadline}</dt>
                    <dd data-call-by>
                      {formatExportDay(c.callBy)}
                      {overdue && (
                        <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-800">
                          {C.overdue}
                        </span>
                      )}
                    </dd>
                  </dl>
                  {c.status === 'CLOSED' && (
                    <div className="mt-2 text-sm text-slate-700">
                      <p>{T.closedBy(c.closedBy ?? '—', formatVnDateTime(c.closedAt))}</p>
                      {c.note && (
                        <p className="mt-1 whitespace-pre-line text-slate-900">
                          <span className="font-medium">{C.noteLabel}:</span> {c.note}
                        </p>
                      )}
                    </div>
                  )}
                </div>
                {c.status === 'OPEN' && (
                  // The visible words first, then whose case it is (one button per case on the page).
                  <button
                    type="button"
                    className={buttonPrimary}
                    aria-label={`${C.close}: ${caseName(c)}`}
                    onClick={() => setClosing(c)}
                  >
                    {C.close}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <CounsellingCloseDialog counsellingCase={closing} onClose={() => setClosing(null)} />
    </>
  );
}
