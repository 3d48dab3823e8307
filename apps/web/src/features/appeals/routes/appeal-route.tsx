import { APPEAL_TEXTS as T, APPEAL_URGENCY_LABELS, appealGroupsLabel } from '@giot-hong/contract';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingView } from '../../../components/ui/loading-view';
import { AppToaster } from '../../../components/ui/toaster';
import { errorMessage, isNotFound } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useMyAppeal } from '../api/get-my-appeal';
import { AppealAnswer } from '../components/appeal-answer';
import { BloodGroupBadges } from '../../../components/ui/blood-group-badges';

const backLink =
  'mb-4 inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:underline';

/** /loi-keu-goi/{id} (login required; a notification's link): one appeal that reached the donor. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const appeal = useMyAppeal(id, valid);
  usePageTitle(appeal.data?.title ?? T.mineTitle);

  if (valid && appeal.isPending) return <LoadingView />;
  if (!valid || !appeal.data) {
    const missing = !valid || isNotFound(appeal.error);
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{missing ? T.notFound : T.loadFailed}</h1>
        {!missing && <p className="text-slate-700">{errorMessage(appeal.error)}</p>}
        <Link to={paths.appeals} className={backLink}>
          <ArrowLeft aria-hidden className="size-4" />
          {T.allAppeals}
        </Link>
      </div>
    );
  }
  const a = appeal.data;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <Link to={paths.appeals} className={backLink}>
        <ArrowLeft aria-hidden className="size-4" />
        {T.allAppeals}
      </Link>
      <article className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <header className="grid gap-3">
          <p className="w-fit rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
            {APPEAL_URGENCY_LABELS[a.urgency]}
          </p>
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{a.title}</h1>
          <div>
            <h2 className="mb-1 text-sm font-medium text-slate-600">{T.groupsNeeded}</h2>
            <BloodGroupBadges groups={a.groups} label={T.groupsNeeded} />
          </div>
        </header>
        {/* Plain text as staff wrote it: React escapes it, CSS keeps its line breaks. */}
        <p className="break-words whitespace-pre-line text-slate-900">{a.message}</p>
        <DetailList
          items={[
            [T.place, `${a.campaign.name} · ${a.campaign.place}`],
            [T.time, `${formatVnDateTime(a.campaign.startsAt)} – ${formatVnDateTime(a.campaign.endsAt)}`],
            [T.endsAt, formatVnDateTime(a.endsAt)],
          ]}
        />
        <p className="text-sm text-slate-700">{T.whyYou(appealGroupsLabel(a.groups))}</p>
        {a.includesSelfDeclared && <p className="text-sm text-slate-700">{T.selfDeclaredNote}</p>}
        <AppealAnswer appeal={a} />
      </article>
      <AppToaster />
    </div>
  );
}
