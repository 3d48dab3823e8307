import {
  APPEAL_STATUS_LABELS,
  APPEAL_TEXTS as T,
  APPEAL_URGENCY_LABELS,
  appealGroupsLabel,
  type TAdminAppeal,
} from '@giot-hong/contract';
import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { consolePaths } from '../../../lib/paths';
import { formatVnDateTime } from '../../../lib/vn-time';
import { AppealCounts } from './appeal-counts';
import { cardClass } from './console-ui';

/** The appeals, newest first: each one's state, urgency, groups, campaign and live counts. */
export function AppealList({ appeals }: { appeals: TAdminAppeal[] }) {
  if (appeals.length === 0) return <EmptyView title={T.empty} icon={Megaphone} />;
  return (
    <ul aria-label={T.consoleTitle} className="grid gap-3">
      {appeals.map((a) => (
        <li key={a.id} className={cardClass}>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={consolePaths.appeal(a.id)}
              className="min-w-0 font-semibold break-words text-brand-700 underline"
            >
              {a.title}
            </Link>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-800">
              {APPEAL_STATUS_LABELS[a.status]}
            </span>
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-800">
              {APPEAL_URGENCY_LABELS[a.urgency]}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-700">
            {T.groupsNeeded}: <span className="font-semibold">{appealGroupsLabel(a.groups)}</span> ·{' '}
            {a.campaign.name} · {formatVnDateTime(a.campaign.startsAt)} ·{' '}
            {T.targetProgress(a.counts.booked, a.target)}
          </p>
          <div className="mt-2">
            <AppealCounts counts={a.counts} compact />
          </div>
        </li>
      ))}
    </ul>
  );
}
