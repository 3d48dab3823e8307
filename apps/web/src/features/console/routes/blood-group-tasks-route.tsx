import {
  BLOOD_GROUP_TASK_TEXTS as B,
  CONSOLE_TASK_TEXTS as T,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
} from '@giot-hong/contract';
import { useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBloodGroupTasks } from '../api/get-blood-group-tasks';
import { BloodGroupTaskList } from '../components/blood-group-task-list';
import { ConsoleErrorView } from '../components/console-error-view';
import { FilterButtons, PageHeading } from '../components/console-ui';
import { InboxTabs } from '../components/inbox-tabs';
import type { TTaskStatus } from '../lib/task-rules';

/** /quan-tri/hop-thu/nhom-mau-chenh-lech: lab blood groups that disagree with an earlier lab group. */
export function Component() {
  usePageTitle(B.title);
  const [status, setStatus] = useState<TTaskStatus>('OPEN');
  const tasks = useBloodGroupTasks(status);
  return (
    <>
      <PageHeading title={B.title} sub={T.bloodGroupsSub} />
      <InboxTabs />
      <div className="mb-4">
        <FilterButtons
          label={T.status}
          value={status}
          onChange={setStatus}
          options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        />
      </div>
      {tasks.isPending ? (
        <LoadingView />
      ) : tasks.isError ? (
        <ConsoleErrorView onRetry={() => tasks.refetch()} />
      ) : (
        <BloodGroupTaskList tasks={tasks.data} />
      )}
    </>
  );
}
