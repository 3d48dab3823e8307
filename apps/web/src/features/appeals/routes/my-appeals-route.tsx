import { APPEAL_STATUS_LABELS, APPEAL_TEXTS as T, APPEAL_URGENCY_LABELS } from '@giot-hong/contract';
import { Megaphone } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useMyAppeals } from '../api/get-my-appeals';
import { BloodGroupBadges } from '../../../components/ui/blood-group-badges';
import { appealState } from '../lib/appeal-answer';

const STATE_WORDS = {
  BOOKED: T.booked,
  COMING: T.answeredComing,
  DECLINED: T.answeredDeclined,
} as const;

/** /loi-keu-goi (login required): the appeals that reached the donor, newest first. */
export function Component() {
  usePageTitle(T.mineTitle);
  const appeals = useMyAppeals();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{T.mineTitle}</h1>
      {appeals.isPending ? (
        <LoadingView />
      ) : appeals.isError ? (
        <p role="alert">{errorMessage(appeals.error, T.loadFailed)}</p>
      ) : appeals.data.length === 0 ? (
        <EmptyView title={T.mineEmpty} icon={Megaphone} />
      ) : (
        <ul className="grid gap-4">
          {appeals.data.map((a) => {
            const state = appealState(a);
            return (
              <li key={a.id} className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-red-800">{APPEAL_URGENCY_LABELS[a.urgency]}</span>
                  {a.status === 'ENDED' && ` · ${APPEAL_STATUS_LABELS.ENDED}`} ·{' '}
                  {formatVnDateTime(a.reachedAt)}
                </p>
                <Link
                  to={paths.appeal(a.id)}
                  className="text-lg font-semibold break-words text-brand-700 underline"
                >
                  {a.title}
                </Link>
                <BloodGroupBadges groups={a.groups} label={T.groupsNeeded} />
                <p className="text-sm text-slate-700">
                  {a.campaign.place} · {formatVnDateTime(a.campaign.startsAt)}
                </p>
                {state in STATE_WORDS && (
                  <p className="text-sm text-slate-800">{STATE_WORDS[state as keyof typeof STATE_WORDS]}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
