import { CONSOLE_NAV_TEXTS as T, type TAdminWaitingWork } from '@giot-hong/contract';
import {
  Award,
  CalendarCheck,
  Droplet,
  Droplets,
  ChartColumn,
  ClipboardList,
  FileUp,
  HeartHandshake,
  IdCard,
  Inbox,
  KeyRound,
  ListChecks,
  Megaphone,
  Menu,
  Newspaper,
  ScrollText,
  UserCog,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { consolePaths } from '../../../lib/paths';
import { inboxWork } from '../lib/task-rules';

type Section = {
  to: string;
  label: string;
  icon: LucideIcon;
  active: (path: string) => boolean;
  /** Waiting work shown beside the label, and said with it. */
  count?: (w: TAdminWaitingWork) => { n: number; words: string };
};
type Group = { label: string | null; adminOnly?: boolean; sections: Section[] };

const isDayPage = (path: string) => path === consolePaths.today || path.endsWith('/ngay-hien-mau');
const under = (root: string) => (path: string) => path === root || path.startsWith(`${root}/`);

/**
 * Every section of the console, grouped as the chapter's work is: the donation day, the donors,
 * what donors read, and the ADMIN's tools. All of them are always listed (none hides off-screen).
 */
const GROUPS: Group[] = [
  {
    label: null,
    sections: [
      {
        to: consolePaths.home,
        label: T.sections.home,
        icon: ChartColumn,
        active: (p) => p === consolePaths.home,
      },
    ],
  },
  {
    label: T.groups.day,
    sections: [
      { to: consolePaths.today, label: T.sections.today, icon: CalendarCheck, active: isDayPage },
      {
        to: consolePaths.campaigns,
        label: T.sections.campaigns,
        icon: ListChecks,
        active: (p) => under(consolePaths.campaigns)(p) && !isDayPage(p),
      },
      {
        to: consolePaths.questionSets,
        label: T.sections.questionSets,
        icon: ClipboardList,
        active: under(consolePaths.questionSets),
      },
      { to: consolePaths.stock, label: T.sections.stock, icon: Droplet, active: under(consolePaths.stock) },
      {
        to: consolePaths.unitImport,
        label: T.sections.unitImport,
        icon: FileUp,
        active: under(consolePaths.unitImport),
      },
    ],
  },
  {
    label: T.groups.donors,
    sections: [
      { to: consolePaths.donors, label: T.sections.donors, icon: Users, active: under(consolePaths.donors) },
      {
        to: consolePaths.identityReviews,
        label: T.sections.identityReviews,
        icon: IdCard,
        active: under(consolePaths.identityReviews),
        count: (w) => ({ n: w.identityReviews, words: T.reviewsWaiting(w.identityReviews) }),
      },
      {
        to: consolePaths.honours,
        label: T.sections.honours,
        icon: Award,
        active: under(consolePaths.honours),
      },
      {
        to: consolePaths.rareBlood,
        label: T.sections.rareBlood,
        icon: Droplets,
        active: under(consolePaths.rareBlood),
      },
    ],
  },
  {
    label: T.groups.content,
    sections: [
      { to: consolePaths.news, label: T.sections.news, icon: Newspaper, active: under(consolePaths.news) },
      {
        to: consolePaths.inbox,
        label: T.sections.inbox,
        icon: Inbox,
        active: under(consolePaths.inbox),
        count: (w) => {
          const { messages, tasks, total } = inboxWork(w);
          const words = [messages > 0 && T.inboxNew(messages), tasks > 0 && T.tasksOpen(tasks)];
          return { n: total, words: words.filter(Boolean).join(', ') };
        },
      },
      {
        to: consolePaths.broadcasts,
        label: T.sections.broadcasts,
        icon: Megaphone,
        active: under(consolePaths.broadcasts),
      },
      {
        to: consolePaths.appeals,
        label: T.sections.appeals,
        icon: HeartHandshake,
        active: under(consolePaths.appeals),
      },
    ],
  },
  {
    label: T.groups.admin,
    adminOnly: true,
    sections: [
      {
        to: consolePaths.audit,
        label: T.sections.audit,
        icon: ScrollText,
        active: under(consolePaths.audit),
      },
      { to: consolePaths.staff, label: T.sections.staff, icon: UserCog, active: under(consolePaths.staff) },
      {
        to: consolePaths.apiKeys,
        label: T.sections.apiKeys,
        icon: KeyRound,
        active: under(consolePaths.apiKeys),
      },
    ],
  },
];

/** Waiting work in all sections together (the phone's menu button says it). */
export const totalWaiting = (w: TAdminWaitingWork | undefined) =>
  w ? w.identityReviews + inboxWork(w).total : 0;

/** The grouped list of sections; `onNavigate` closes the drawer after a choice. */
function SectionList({
  isAdmin,
  waiting,
  onNavigate,
}: {
  isAdmin: boolean;
  waiting: TAdminWaitingWork | undefined;
  onNavigate?: () => void;
}) {
  const path = useLocation().pathname.replace(/\/$/, '') || '/';
  // On a desktop (lg) the sidebar must hold every section within 768 px of height, so its rows are
  // shorter there (32 px, still well above a mouse's 24-px minimum target, and no shorter: touch
  // screens of that width use them too) and its groups closer (4 px); the phone drawer keeps 44-px
  // touch targets. With 17 sections the last row ends near 750 px (e2e/console-navigation.e2e.ts):
  // an 18th needs fewer headings, not shorter rows.
  return (
    <div className="flex flex-col gap-4 lg:gap-1">
      {GROUPS.filter((g) => !g.adminOnly || isAdmin).map((g) => (
        <div key={g.label ?? 'top'}>
          {g.label && (
            <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {g.label}
            </h2>
          )}
          <ul className="flex flex-col gap-0.5">
            {g.sections.map(({ to, label, icon: Icon, active, count }) => {
              const current = active(path);
              const c = waiting && count ? count(waiting) : null;
              return (
                <li key={to}>
                  <Link
                    to={to}
                    onClick={onNavigate}
                    aria-current={current ? 'page' : undefined}
                    className={`flex min-h-11 items-center gap-3 rounded-lg px-3 font-semibold lg:min-h-8 ${
                      current ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
                    }`}
                  >
                    <Icon aria-hidden className="size-5 shrink-0" />
                    <span className="min-w-0 flex-1">{label}</span>
                    {c && c.n > 0 && (
                      <>
                        <span
                          aria-hidden
                          data-waiting-count
                          className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white"
                        >
                          {c.n}
                        </span>
                        <span className="sr-only">, {c.words}</span>
                      </>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** The desktop's sidebar (from the large breakpoint up): always there, beside the page. */
export function ConsoleSidebar(props: { isAdmin: boolean; waiting: TAdminWaitingWork | undefined }) {
  return (
    <nav aria-label={T.label} className="hidden lg:block">
      <div className="sticky top-4">
        <SectionList {...props} />
      </div>
    </nav>
  );
}

/**
 * The phone's and tablet's menu: a button in the header opens every section in a drawer. Radix's
 * dialog traps the focus inside it, Escape closes it, and the focus returns to the button.
 */
export function ConsoleDrawer({
  isAdmin,
  waiting,
}: {
  isAdmin: boolean;
  waiting: TAdminWaitingWork | undefined;
}) {
  const [open, setOpen] = useState(false);
  const total = totalWaiting(waiting);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold text-slate-800 hover:bg-slate-100 lg:hidden">
        <Menu aria-hidden className="size-5" />
        {T.menu}
        {total > 0 && (
          <>
            <span aria-hidden className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
              {total}
            </span>
            <span className="sr-only">, {T.workWaiting(total)}</span>
          </>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col overflow-y-auto bg-white p-4 shadow-xl lg:hidden"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold text-slate-900">{T.label}</Dialog.Title>
            <Dialog.Close
              aria-label={T.closeMenu}
              className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label={T.label}>
            <SectionList isAdmin={isAdmin} waiting={waiting} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
