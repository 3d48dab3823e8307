import {
  BLOOD_GROUP_TASK_TEXTS as B,
  CONSOLE_TASK_TEXTS as T,
  type TBloodGroupTask,
} from '@giot-hong/contract';
import { Droplet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyView } from '../../../components/ui/empty-view';
import { errorMessage } from '../../../lib/api-errors';
import { consolePaths } from '../../../lib/paths';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useResolveBloodGroupTask } from '../api/resolve-blood-group-task';
import { cardClass } from './console-ui';

type Resolution = 'KEPT' | 'APPLIED';
const ACTIONS: Record<Resolution, string> = { KEPT: B.keep, APPLIED: B.apply };
const nameOf = (t: TBloodGroupTask) => t.fullName ?? T.unknownDonor;

/**
 * A lab group that differs from an earlier lab group: both groups side by side, in words, and the
 * two ways to settle it, each asked first (applying changes the donor's record).
 */
export function BloodGroupTaskList({ tasks }: { tasks: TBloodGroupTask[] }) {
  const [asking, setAsking] = useState<{ task: TBloodGroupTask; resolution: Resolution } | null>(null);
  const resolve = useResolveBloodGroupTask();
  // The empty view is drawn here, beside the question: settling the last task empties the list
  // while the question is still open, and it must stay mounted to say it was done.
  return (
    <>
      {tasks.length === 0 ? (
        <EmptyView title={B.empty} icon={Droplet} />
      ) : (
        <ul className="grid gap-3">
          {tasks.map((t) => (
            <li
              key={t.id}
              data-blood-group-task={t.unitNumber}
              className={`${cardClass} grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start`}
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words text-slate-900">
                  {t.donorId !== null ? (
                    <Link to={consolePaths.donor(t.donorId)} className="underline-offset-2 hover:underline">
                      {nameOf(t)}
                    </Link>
                  ) : (
                    nameOf(t)
                  )}
                </h2>
                <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                  <dt className="font-medium text-slate-800">{B.earlier}</dt>
                  <dd className="font-semibold text-slate-900">{t.earlierGroup}</dd>
                  <dt className="font-medium text-slate-800">{B.reported}</dt>
                  <dd className="font-semibold text-slate-900">{t.reportedGroup}</dd>
                  <dt className="font-medium text-slate-800">{T.unitNumber}</dt>
                  <dd className="font-mono break-all">{t.unitNumber}</dd>
                  <dt className="font-medium text-slate-800">{T.openedAt}</dt>
                  <dd>{formatVnDateTime(t.openedAt)}</dd>
                </dl>
                {t.status === 'CLOSED' && t.resolution && (
                  <p className="mt-2 text-sm text-slate-800">
                    <span className="font-semibold">{T.resolutions[t.resolution]}</span>
                    {t.resolvedBy ? ` · ${T.resolvedBy(t.resolvedBy)}` : ''}
                  </p>
                )}
              </div>
              {t.status === 'OPEN' && (
                <div className="flex flex-wrap gap-2 sm:flex-col">
                  <button
                    type="button"
                    className={buttonSecondary}
                    aria-label={`${B.keep}: ${nameOf(t)}`}
                    onClick={() => setAsking({ task: t, resolution: 'KEPT' })}
                  >
                    {B.keep}
                  </button>
                  <button
                    type="button"
                    className={buttonPrimary}
                    aria-label={`${B.apply}: ${nameOf(t)}`}
                    onClick={() => setAsking({ task: t, resolution: 'APPLIED' })}
                  >
                    {B.apply}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? T.resolveTitle(ACTIONS[asking.resolution], nameOf(asking.task)) : ''}
        description={
          asking
            ? asking.resolution === 'KEPT'
              ? T.keepBody(asking.task.earlierGroup)
              : T.applyBody(asking.task.earlierGroup, asking.task.reportedGroup)
            : undefined
        }
        confirmLabel={asking ? ACTIONS[asking.resolution] : ''}
        pending={resolve.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          resolve.mutate(
            { id: asking.task.id, resolution: asking.resolution },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                setAsking(null);
              },
              onError: (err) => {
                toast.error(errorMessage(err));
                setAsking(null);
              },
            },
          )
        }
      />
    </>
  );
}
