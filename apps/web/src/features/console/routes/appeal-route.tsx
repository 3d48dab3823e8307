import {
  APPEAL_END_REASON_LABELS,
  APPEAL_STATUS_LABELS,
  APPEAL_TEXTS as T,
  APPEAL_URGENCY_LABELS,
  appealGroupsLabel,
  type TAdminAppeal,
} from '@giot-hong/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonDanger } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage, isNotFound } from '../../../lib/api-errors';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useAppeal } from '../api/get-appeal';
import { useEndAppeal } from '../api/end-appeal';
import { AppealCounts, AppealDelivery } from '../components/appeal-counts';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { Component as NotFound } from './console-not-found-route';

/** /quan-tri/loi-keu-goi/{id}: one appeal, its sending and live counts (polled), and ending it. */
export function Component() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <AppealPage id={id} />;
}

function AppealPage({ id }: { id: number }) {
  const appeal = useAppeal(id);
  usePageTitle(appeal.data ? `${T.consoleTitle}: ${appeal.data.title}` : T.consoleTitle);
  if (appeal.isPending) return <LoadingView />;
  if (isNotFound(appeal.error))
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-lg font-semibold text-slate-900">{T.notFound}</p>
        <Link to={consolePaths.appeals} className="font-medium text-brand-700 underline">
          {T.consoleTitle}
        </Link>
      </div>
    );
  if (appeal.isError)
    return (
      <ConsoleErrorView message={errorMessage(appeal.error, T.loadFailed)} onRetry={() => appeal.refetch()} />
    );
  const a = appeal.data;
  return (
    <>
      <PageHeading title={a.title} sub={APPEAL_STATUS_LABELS[a.status]}>
        {a.status === 'OPEN' && <EndAppealButton appeal={a} />}
      </PageHeading>
      <div className="grid gap-4">
        <section aria-labelledby="appeal-counts" className={cardClass}>
          <h2 id="appeal-counts" className="mb-2 text-lg font-semibold text-slate-900">
            {T.countsTitle}
          </h2>
          <AppealCounts counts={a.counts} />
          <p className="mt-2 text-sm text-slate-700">{T.targetProgress(a.counts.booked, a.target)}</p>
        </section>
        <section aria-labelledby="appeal-delivery" className={cardClass}>
          <h2 id="appeal-delivery" className="mb-2 text-lg font-semibold text-slate-900">
            {T.delivery}
          </h2>
          <AppealDelivery delivery={a.delivery} />
        </section>
        <section aria-label={T.consoleTitle} className={cardClass}>
          <DetailList
            items={[
              [T.groupsNeeded, appealGroupsLabel(a.groups)],
              [T.urgencyLabel, APPEAL_URGENCY_LABELS[a.urgency]],
              [T.campaignLabel, a.campaign.name],
              [T.place, a.campaign.place],
              [T.time, `${formatVnDateTime(a.campaign.startsAt)} – ${formatVnDateTime(a.campaign.endsAt)}`],
              [
                T.slotsLabel,
                a.slotStarts.length ? a.slotStarts.map(formatVnDateTime).join(', ') : T.allSlots,
              ],
              [T.endsAt, formatVnDateTime(a.endsAt)],
              [T.targetLabel, String(a.target)],
              ...(a.endReason
                ? ([
                    [
                      APPEAL_STATUS_LABELS.ENDED,
                      `${APPEAL_END_REASON_LABELS[a.endReason]} · ${formatVnDateTime(a.endedAt)}`,
                    ],
                  ] as const)
                : []),
            ]}
          />
          <h2 className="mt-4 text-sm font-medium text-slate-600">{T.messageLabel}</h2>
          {/* Plain text as staff typed it: React escapes it, the line breaks are kept by CSS. */}
          <p className="mt-1 break-words whitespace-pre-line text-slate-900">{a.message}</p>
        </section>
      </div>
    </>
  );
}

function EndAppealButton({ appeal }: { appeal: TAdminAppeal }) {
  const [asking, setAsking] = useState(false);
  const end = useEndAppeal();
  return (
    <>
      <button type="button" className={buttonDanger} onClick={() => setAsking(true)}>
        {T.end}
      </button>
      <ConfirmDialog
        open={asking}
        title={T.endConfirm}
        description={appeal.title}
        confirmLabel={T.end}
        cancelLabel="Không"
        pendingLabel="Đang kết thúc..."
        pending={end.isPending}
        tone="danger"
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          end.mutate(appeal.id, {
            onSuccess: () => {
              toast.success(T.endedToast);
              setAsking(false);
            },
            onError: (err) => {
              setAsking(false);
              toast.error(T.end, { description: errorMessage(err) });
            },
          })
        }
      />
    </>
  );
}
