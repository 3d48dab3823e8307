import { addDays, DASHBOARD_DEFAULT_DAYS, ZDashboardQuery } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { FieldError, fieldAria } from '../../../components/ui/field';
import { useDashboard } from '../api/get-dashboard';
import { ConsoleErrorView } from '../components/console-error-view';
import { inputClass, PageHeading } from '../components/console-ui';
import { DashboardCharts } from '../components/dashboard-charts';
import { TodayCampaigns } from '../components/today-campaigns';
import { vnToday } from '../lib/vn-local';

/** /quan-tri: today's campaigns first (the desk's work), then the figures of a chosen period. */
export function Component() {
  usePageTitle('Tổng quan');
  const id = useId();
  const today = vnToday();
  const [from, setFrom] = useState(addDays(today, -(DASHBOARD_DEFAULT_DAYS - 1)));
  const [to, setTo] = useState(today);
  const check = ZDashboardQuery.safeParse({ from, to });
  const error = check.success ? undefined : check.error.issues[0]?.message;
  const dashboard = useDashboard(from, to, check.success);

  return (
    <>
      <PageHeading title="Tổng quan" sub="Chiến dịch hôm nay và số liệu theo khoảng thời gian." />
      <TodayCampaigns />
      <section aria-labelledby={`${id}-figures`} className="mt-8">
        <h2 id={`${id}-figures`} className="mb-3 text-xl font-bold text-slate-900">
          Số liệu
        </h2>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium text-slate-700">
              Từ ngày
            </label>
            <input
              type="date"
              {...fieldAria(`${id}-from`, error)}
              aria-describedby={error ? `${id}-period-error` : undefined}
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium text-slate-700">
              Đến ngày
            </label>
            <input
              type="date"
              {...fieldAria(`${id}-to`, error)}
              aria-describedby={error ? `${id}-period-error` : undefined}
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
        <FieldError id={`${id}-period-error`} message={error} />
        {dashboard.isPending ? (
          check.success && <LoadingView />
        ) : dashboard.isError ? (
          <ConsoleErrorView onRetry={() => dashboard.refetch()} />
        ) : (
          <DashboardCharts data={dashboard.data} />
        )}
      </section>
    </>
  );
}
