import {
  ADMIN_DAY_DESK_API,
  DAY_DESK_MESSAGES,
  DONOR_SEARCH_CARD_HINT,
  type TAdminAppointment,
  type TAdminAppointmentStatusFilter,
} from '@giot-hong/contract';
import { Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorStatus, errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatVnDay } from '../../../lib/vn-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useAdminCampaign, useCampaignLine, type CampaignLine } from '../api/get-admin-campaign';
import { useCampaignAppointments } from '../api/get-campaign-appointments';
import { useCheckInById } from '../api/check-in-by-id';
import { CheckInPanel, checkInLine } from '../components/check-in-panel';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';
import { SearchField } from '../../../components/ui/search-field';
import { inputClass } from '../../../components/ui/input-class';
import { DayAppointmentList } from '../components/day-appointment-list';
import { ExportButtons } from '../components/export-buttons';
import { DayCounters } from '../components/day-counters';
import { DaySlotsHeading } from '../components/day-slots-heading';
import type { AnswersTarget } from '../components/day-dialogs';
import { formatCampaignWindow } from '../lib/console-format';
import { campaignDayState, STATUS_FILTERS } from '../lib/day-rules';
import { Component as NotFound } from './console-not-found-route';

// The dialogs (venue check, outcome, answers) are not part of the first view: a chunk of their own,
// asked for when the browser is idle after the page is drawn, or when one is first opened.
const loadDialogs = () => import('../components/day-dialogs');
const DayDialogs = lazy(loadDialogs);
// The capacities per slot (twenty small forms) come after the list, far below the first screen:
// their chunk, their request and their forms once the person scrolls near them.
const DaySlots = lazy(() => import('../components/day-slots').then((m) => ({ default: m.DaySlots })));

/** The slots' section before it is drawn: its heading and introduction in their place. */
function DaySlotsPlaceholder() {
  return (
    <section aria-labelledby="day-slots-heading" className="mb-4">
      <DaySlotsHeading />
    </section>
  );
}

/** The campaign's name, its window and its place; `children` the heading's actions. */
function DayHeading({ c, children }: { c: CampaignLine; children?: ReactNode }) {
  return (
    <PageHeading
      title={c.name}
      sub={
        <>
          <p>{formatCampaignWindow(c)}</p>
          <p className="break-words">{c.location}</p>
        </>
      }
    >
      {children}
    </PageHeading>
  );
}

/** /quan-tri/chien-dich/{id}/ngay-hien-mau: receiving donors on the day. */
export function Component() {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  return <CampaignDay id={id} />;
}

function CampaignDay({ id }: { id: number }) {
  const campaign = useAdminCampaign(id, { live: true });
  const line = useCampaignLine(id);
  const name = campaign.data?.name ?? line?.name;
  usePageTitle(name ? `Ngày hiến máu: ${name}` : 'Ngày hiến máu');
  const [status, setStatus] = useState<TAdminAppointmentStatusFilter>('ALL');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  // The page chosen, for the filter and search it was chosen with: another one starts at page 1.
  const listKey = `${status}|${debounced}`;
  const [paged, setPaged] = useState({ listKey, page: 0 });
  const page = paged.listKey === listKey ? paged.page : 0;
  const onPageChange = useCallback((p: number) => setPaged({ listKey, page: p }), [listKey]);
  const rows = useCampaignAppointments(id, { status, search: debounced, page });
  const checkIn = useCheckInById();
  const [slotsRef, slotsNear] = useNearViewport<HTMLDivElement>();
  const [outcomeFor, setOutcomeFor] = useState<TAdminAppointment | null>(null);
  const [screeningFor, setScreeningFor] = useState<TAdminAppointment | null>(null);
  const [answersFor, setAnswersFor] = useState<AnswersTarget | null>(null);
  // Mounted from the first opening on, so later ones open and close as one component.
  const dialogsWanted = outcomeFor !== null || screeningFor !== null || answersFor !== null;
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (dialogsWanted && !dialogsMounted) setDialogsMounted(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1000));
    idle(() => void loadDialogs());
  }, []);
  // Stable, so the list draws again only the rows that changed (`mutate` itself is stable).
  const checkInMutate = checkIn.mutate;
  const onCheckIn = useCallback(
    (a: TAdminAppointment) =>
      checkInMutate(a.id, {
        onSuccess: (done) => toast.success(checkInLine(done)),
        onError: (e) => toast.error('Không thể check-in', { description: errorMessage(e) }),
      }),
    [checkInMutate],
  );

  if (campaign.isPending) {
    // The heading from the public line the page's frame carried (a campaign the public list
    // shows), the rest of the page while the campaign comes.
    return line ? (
      <>
        <DayHeading c={line} />
        <LoadingView />
      </>
    ) : (
      <LoadingView />
    );
  }
  if (errorStatus(campaign.error) === 404) return <NotFound />;
  if (campaign.isError) return <ConsoleErrorView onRetry={() => campaign.refetch()} />;
  const c = campaign.data;
  const day = campaignDayState(c.organizeTime);

  return (
    <>
      <DayHeading c={c}>
        <ExportButtons
          what="danh sách người hiến máu"
          xlsx={ADMIN_DAY_DESK_API.campaignAppointmentsXlsx(id)}
          csv={ADMIN_DAY_DESK_API.campaignAppointmentsCsv(id)}
        />
      </DayHeading>
      {day !== 'today' && (
        <p role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {day === 'before'
            ? DAY_DESK_MESSAGES.notCampaignDay(formatVnDay(c.organizeTime))
            : 'Chiến dịch đã qua ngày diễn ra: ghi hoặc sửa kết quả cần ghi lý do.'}
        </p>
      )}
      {/* The desk's main task comes first, focused: then the day's numbers, the list, the capacities. */}
      <CheckInPanel campaignId={id} onAnswers={setAnswersFor} />
      <DayCounters campaign={c} />

      <section aria-labelledby="day-list-heading">
        <h2 id="day-list-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Danh sách người hiến máu
        </h2>
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-56">
            <label htmlFor="day-status" className="mb-1 block text-sm font-medium text-slate-700">
              Trạng thái
            </label>
            <select
              id="day-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as TAdminAppointmentStatusFilter)}
              className={inputClass}
            >
              {STATUS_FILTERS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <SearchField
            id="day-search"
            label="Tìm người hiến máu"
            placeholder="Tên hoặc số điện thoại"
            hint={DONOR_SEARCH_CARD_HINT}
            value={search}
            onChange={setSearch}
          />
        </div>
        <div aria-busy={rows.isFetching}>
          {rows.isPending ? (
            <LoadingView />
          ) : rows.isError ? (
            <ConsoleErrorView onRetry={() => rows.refetch()} />
          ) : rows.data.totalItems === 0 ? (
            <EmptyView title="Không có người hiến máu nào" icon={Users} />
          ) : (
            <DayAppointmentList
              page={rows.data}
              onPageChange={onPageChange}
              busyId={checkIn.isPending ? (checkIn.variables ?? null) : null}
              onCheckIn={onCheckIn}
              onOutcome={setOutcomeFor}
              onScreening={setScreeningFor}
              onAnswers={setAnswersFor}
            />
          )}
        </div>
      </section>

      {/* Far below the first screen on a phone: drawn as the person scrolls towards it (ADR 66). */}
      <div className="mt-8" ref={slotsRef}>
        {slotsNear ? (
          <Suspense fallback={<DaySlotsPlaceholder />}>
            <DaySlots campaignId={id} checkIns={rows.data?.slots} />
          </Suspense>
        ) : (
          <DaySlotsPlaceholder />
        )}
      </div>

      {dialogsMounted && (
        <Suspense fallback={null}>
          <DayDialogs
            campaignName={c.name}
            late={day === 'after'}
            screeningFor={screeningFor}
            outcomeFor={outcomeFor}
            answersFor={answersFor}
            onCloseScreening={() => setScreeningFor(null)}
            onCloseOutcome={() => setOutcomeFor(null)}
            onCloseAnswers={() => setAnswersFor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
