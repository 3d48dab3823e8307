import type { TMe } from '@giot-hong/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  CalendarCheck,
  ChartColumn,
  ClipboardList,
  IdCard,
  ListChecks,
  LogOut,
  Inbox,
  Megaphone,
  Newspaper,
  ScrollText,
  UserCog,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { authStore } from '../../../lib/auth-store';
import { consolePaths, paths } from '../../../lib/paths';

const isDayPage = (path: string) => path === consolePaths.today || path.endsWith('/ngay-hien-mau');
const under = (root: string) => (path: string) => path === root || path.startsWith(`${root}/`);
const NAV = [
  {
    to: consolePaths.home,
    label: 'Tổng quan',
    icon: ChartColumn,
    active: (p: string) => p === consolePaths.home,
  },
  {
    to: consolePaths.campaigns,
    label: 'Chiến dịch',
    icon: ListChecks,
    active: (p: string) => under(consolePaths.campaigns)(p) && !isDayPage(p),
  },
  { to: consolePaths.today, label: 'Ngày hiến máu', icon: CalendarCheck, active: isDayPage },
  {
    to: consolePaths.questionSets,
    label: 'Bộ câu hỏi',
    icon: ClipboardList,
    active: under(consolePaths.questionSets),
  },
  {
    to: consolePaths.identityReviews,
    label: 'Xác thực',
    icon: IdCard,
    active: under(consolePaths.identityReviews),
  },
  { to: consolePaths.donors, label: 'Người hiến máu', icon: Users, active: under(consolePaths.donors) },
  {
    to: consolePaths.audit,
    label: 'Nhật ký',
    icon: ScrollText,
    active: under(consolePaths.audit),
    adminOnly: true,
  },
  { to: consolePaths.news, label: 'Tin tức', icon: Newspaper, active: under(consolePaths.news) },
  { to: consolePaths.inbox, label: 'Hộp thư', icon: Inbox, active: under(consolePaths.inbox) },
  {
    to: consolePaths.broadcasts,
    label: 'Thông báo',
    icon: Megaphone,
    active: under(consolePaths.broadcasts),
  },
  {
    to: consolePaths.staff,
    label: 'Tài khoản',
    icon: UserCog,
    active: under(consolePaths.staff),
    adminOnly: true,
  },
] as const;

/**
 * The console's own frame (mobile first: staff use phones and tablets at the venue): a slim
 * header with the account and logout, the console's sections as tabs, then the page.
 */
export function ConsoleLayout({ me, children }: { me: TMe; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const logout = () => {
    authStore.logout();
    queryClient.clear();
    navigate(paths.login);
  };
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Bỏ qua đến nội dung chính
      </a>
      <AppToaster />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-3 py-2 sm:px-6">
          <Link to={consolePaths.home} className="flex min-h-11 items-center gap-2 rounded-lg">
            <span
              aria-hidden
              className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
            >
              GH
            </span>
            <span className="leading-tight">
              <span className="block font-bold text-brand-700">Giọt Hồng</span>
              <span className="block text-xs font-medium text-slate-600">Trang quản trị</span>
            </span>
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <span className="hidden truncate text-sm text-slate-700 sm:inline" title={me.username}>
              {me.username}
            </span>
            <button
              type="button"
              onClick={logout}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
            >
              <LogOut aria-hidden className="size-5" />
              Đăng xuất
            </button>
          </div>
        </div>
        <nav aria-label="Quản trị" className="mx-auto max-w-6xl px-3 sm:px-6">
          <ul className="-mx-3 flex gap-1 overflow-x-auto px-3">
            {NAV.filter((n) => !('adminOnly' in n) || me.role === 'ADMIN').map(
              ({ to, label, icon: Icon, active }) => {
                const current = active(pathname.replace(/\/$/, ''));
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      aria-current={current ? 'page' : undefined}
                      className={`inline-flex min-h-11 items-center gap-2 border-b-2 px-3 font-semibold whitespace-nowrap ${
                        current
                          ? 'border-brand-600 text-brand-700'
                          : 'border-transparent text-slate-700 hover:text-slate-900'
                      }`}
                    >
                      <Icon aria-hidden className="size-5" />
                      {label}
                    </Link>
                  </li>
                );
              },
            )}
          </ul>
        </nav>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-3 py-4 focus:outline-none sm:px-6 sm:py-6"
      >
        {children}
      </main>
    </div>
  );
}
