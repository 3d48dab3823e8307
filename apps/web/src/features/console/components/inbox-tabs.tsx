import {
  BLOOD_GROUP_TASK_TEXTS,
  CONSOLE_NAV_TEXTS as NAV,
  CONSOLE_TASK_TEXTS as T,
  COUNSELLING_TEXTS,
} from '@giot-hong/contract';
import { Link, useLocation } from 'react-router';
import { consolePaths } from '../../../lib/paths';
import { useCanCounsel } from '../api/get-my-permissions';
import { useWaitingWork } from '../api/get-waiting-work';

/**
 * The inbox's parts, as links (each is a page of its own, so a bookmark or a mail can point at
 * one): messages, lab blood groups that disagree and, for those allowed, results to counsel. The
 * sidebar's 'Hộp thư' stays current on all of them, and counts what waits behind all of them.
 */
export function InboxTabs() {
  const path = useLocation().pathname.replace(/\/$/, '');
  const canCounsel = useCanCounsel();
  // The navigation's counts (already asked by the console's frame): what waits behind each tab.
  const w = useWaitingWork().data;
  const tabs = [
    { to: consolePaths.inbox, label: T.messages, n: w?.inboxNew, words: NAV.inboxNew },
    {
      to: consolePaths.bloodGroupTasks,
      label: BLOOD_GROUP_TASK_TEXTS.title,
      n: w?.bloodGroupTasksOpen,
      words: NAV.tasksOpen,
    },
    ...(canCounsel
      ? [
          {
            to: consolePaths.counselling,
            label: COUNSELLING_TEXTS.title,
            n: w?.counsellingOpen ?? undefined,
            words: NAV.tasksOpen,
          },
        ]
      : []),
  ];
  return (
    <nav aria-label={T.tabs} className="mb-4 border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-1">
        {tabs.map((t) => {
          const current = path === t.to;
          return (
            <li key={t.to}>
              <Link
                to={t.to}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px flex min-h-11 items-center border-b-2 px-3 font-semibold whitespace-nowrap ${
                  current
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-700 hover:text-slate-900'
                }`}
              >
                {t.label}
                {t.n !== undefined && t.n > 0 && (
                  <>
                    <span
                      aria-hidden
                      data-tab-count
                      className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white"
                    >
                      {t.n}
                    </span>
                    <span className="sr-only">, {t.words(t.n)}</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
