import { HONOURS_PAGE_TEXTS as T, formatExportDay, type THonourRow } from '@giot-hong/contract';
import { Award } from 'lucide-react';
import { EmptyView } from '../../../components/ui/empty-view';

/**
 * The period's honours, one card per donor and milestone (a list rather than a table, so a phone
 * of 360 px reads it without scrolling sideways): name, the milestone's badge, the day it was
 * reached, the total count and the emergency donations.
 */
export function HonoursList({ rows }: { rows: THonourRow[] }) {
  if (rows.length === 0) return <EmptyView icon={Award} title={T.empty} />;
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label={T.listLabel}>
      {rows.map((r) => (
        <li
          key={`${r.userId}-${r.milestone}`}
          className="rounded-xl border border-slate-200 bg-white p-4"
          data-honour={r.username}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-slate-900">{r.fullName ?? r.username}</h3>
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
              {T.badge(r.milestone)}
            </span>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">{T.reachedOn}</dt>
            <dd className="text-slate-900">{formatExportDay(r.reachedOn)}</dd>
            <dt className="text-slate-700">{T.count}</dt>
            <dd className="text-slate-900">{r.count}</dd>
            <dt className="text-slate-700">{T.emergency}</dt>
            <dd className="text-slate-900">{r.emergencyCount}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
