import {
  COUNSELLING_TEXTS as C,
  CONSOLE_TASK_TEXTS as T,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
} from '@giot-hong/contract';
import { useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCounsellingCases } from '../api/get-counselling-cases';
import { useCanCounsel } from '../api/get-my-permissions';
import { ConsoleErrorView } from '../components/console-error-view';
import { FilterButtons, PageHeading } from '../components/console-ui';
import { CounsellingCaseList } from '../components/counselling-case-list';
import { InboxTabs } from '../components/inbox-tabs';
import type { TTaskStatus } from '../lib/task-rules';

/**
 * /quan-tri/hop-thu/tu-van-ket-qua: reactive screening results to give by phone, for an ADMIN or
 * a staff member with the permission. Anyone else is told so and nothing is asked of the server
 * (each read of the list is audited).
 */
export function Component() {
  usePageTitle(C.title);
  const allowed = useCanCounsel();
  const [status, setStatus] = useState<TTaskStatus>('OPEN');
  const cases = useCounsellingCases(status, allowed === true);
  return (
    <>
      <PageHeading title={C.title} sub={allowed ? T.counsellingSub : undefined} />
      <InboxTabs />
      {allowed === undefined ? (
        <LoadingView />
      ) : !allowed ? (
        <p role="alert" className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          {T.counsellingForbidden}
        </p>
      ) : (
        <>
          <div className="mb-4">
            <FilterButtons
              label={T.status}
              value={status}
              onChange={setStatus}
              options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
            />
          </div>
          {cases.isPending ? (
            <LoadingView />
          ) : cases.isError ? (
            <ConsoleErrorView message={errorMessage(cases.error)} onRetry={() => cases.refetch()} />
          ) : (
            <CounsellingCaseList cases={cases.data} empty={status === 'OPEN' ? C.empty : T.noneClosed} />
          )}
        </>
      )}
    </>
  );
}
