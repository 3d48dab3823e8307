import {
  DASHBOARD_FIGURE_TEXTS as F,
  ZDashboardQuery,
  formatCount,
  type TDashboard,
} from '@giot-hong/contract';
import { Link } from 'react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { usePageTitle } from '../../../lib/use-page-title';
import { consolePaths } from '../../../lib/paths';
import { defaultDashboardPeriod, useDashboard } from '../api/get-dashboard';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import { useWaitingWork } from '../api/get-waiting-work';
import { ConsoleErrorView } from '../components/console-error-view';
import { PeriodFields } from '../components/period-fields';
import { PageHeading } from '../components/console-ui';
import { TodayCampaigns } from '../components/today-campaigns';
import { headlineFigures } from '../lib/dashboard-figures';

// The charting library is most of the console's bytes: the charts come last on the page (below
// the first screen of a phone), so it loads once the period's figures are there and the person
// scrolls towards the charts, never during the page's first view (ADR 39, ADR 58).
const DashboardCharts = lazy(() =>
  import('../components/dashboard-charts').then((m) => ({ default: m.DashboardCharts })),
);

/**
 * /quan-tri: the headline figures of a chosen period first (registrations, donations, units against
 * the target, ID cards waiting), then today's campaigns, then the charts of the period.
 */
export function Component() {
  usePageTitle('Tổng quan');
  const id = useId();
  const [initial] = useState(defaultDashboardPeriod);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const check = ZDashboardQuery.safeParse({ from, to });
  const error = check.success ? undefined : check.error.issues[0]?.message;
  const dashboard = useDashboard(from, to, check.success);
  // Today's campaigns come between the figures and the charts: the charts wait for them, so the
  // list taking its placeholder's place never pushes the charts down (ADR 39).
  const todays = useAdminCampaigns({ filter: 'upcoming', search: '' });
  const [chartsSection, chartsNear] = useNearViewport<HTMLElement>();

  return (
    <>
      <PageHeading title="Tổng quan" sub="Số liệu theo khoảng thời gian, chiến dịch hôm nay và biểu đồ." />
      <section aria-labelledby={`${id}-figures`}>
        <h2 id={`${id}-figures`} className="mb-3 text-xl font-bold text-slate-900">
          {F.heading}
        </h2>
        <PeriodFields id={id} from={from} to={to} onFrom={setFrom} onTo={setTo} error={error} />
        <HeadlineFigures data={dashboard.data} />
      </section>
      <div className="mt-8">
        <TodayCampaigns />
      </div>
      {!todays.isPending && (
        <section ref={chartsSection} aria-labelledby={`${id}-charts`} className="mt-8">
          <h2 id={`${id}-charts`} className="mb-3 text-xl font-bold text-slate-900">
            Biểu đồ
          </h2>
          {!chartsNear ? (
            // Their place, about a chart's height, until the person scrolls towards them.
            <div className="h-80" />
          ) : dashboard.isPending ? (
            check.success && <LoadingView />
          ) : dashboard.isError ? (
            <ConsoleErrorView onRetry={() => dashboard.refetch()} />
          ) : (
            <Suspense fallback={<LoadingView />}>
              <DashboardCharts data={dashboard.data} />
            </Suspense>
          )}
        </section>
      )}
    </>
  );
}

/** Four numbers before any chart: the period's registrations, donations, units; the cards waiting now. */
function HeadlineFigures({ data }: { data: TDashboard | undefined }) {
  const waiting = useWaitingWork();
  const f = data ? headlineFigures(data) : null;
  const items: { key: string; label: string; value: string | null; link?: string }[] = [
    { key: 'registrations', label: F.registrations, value: f && formatCount(f.registrations) },
    { key: 'donations', label: F.donations, value: f && formatCount(f.donations) },
    {
      key: 'units',
      label: F.units,
      value: f && `${formatCount(f.unitsCollected)} / ${formatCount(f.unitsTarget)}`,
    },
    {
      key: 'reviews',
      label: F.reviews,
      value: waiting.data ? formatCount(waiting.data.identityReviews) : null,
      link: consolePaths.identityReviews,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
      {items.map((i) => (
        <div key={i.key} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-sm text-slate-700">{i.label}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-figure={i.key}>
            {i.value ?? '…'}
          </dd>
          {i.link && (
            <dd>
              <Link to={i.link} className="text-sm font-medium text-brand-700 underline">
                {F.openReviews}
              </Link>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
