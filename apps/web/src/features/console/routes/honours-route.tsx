import { HONOURS_PAGE_TEXTS as T, ZHonoursQuery } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { vnToday } from '../../../lib/vn-time';
import { honoursExportPaths, useHonours } from '../api/get-honours';
import { ConsoleErrorView } from '../components/console-error-view';
import { PeriodFields } from '../components/period-fields';
import { PageHeading } from '../components/console-ui';
import { ExportButtons } from '../components/export-buttons';
import { HonoursList } from '../components/honours-list';

/**
 * /quan-tri/vinh-danh: donors who reached a milestone in a period (by default this calendar year
 * up to today, Vietnam time), and the same list as a spreadsheet for the ceremony.
 */
export function Component() {
  usePageTitle(T.title);
  const id = useId();
  const today = vnToday();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const check = ZHonoursQuery.safeParse({ from, to });
  const error = check.success ? undefined : check.error.issues[0]?.message;
  const honours = useHonours(from, to, check.success);
  const exports = honoursExportPaths(from, to);

  return (
    <>
      <PageHeading title={T.title} sub={T.sub}>
        {check.success && <ExportButtons csv={exports.csv} xlsx={exports.xlsx} what={T.exportWhat} />}
      </PageHeading>
      <PeriodFields id={id} from={from} to={to} onFrom={setFrom} onTo={setTo} error={error} />
      <section aria-labelledby={`${id}-list`} className="mt-4">
        <h2 id={`${id}-list`} className="mb-3 text-xl font-bold text-slate-900">
          {T.listLabel}
        </h2>
        {!check.success ? null : honours.isPending ? (
          <LoadingView />
        ) : honours.isError ? (
          <ConsoleErrorView
            message={errorMessage(honours.error, T.loadFailed)}
            onRetry={() => honours.refetch()}
          />
        ) : (
          <HonoursList rows={honours.data} />
        )}
      </section>
    </>
  );
}
