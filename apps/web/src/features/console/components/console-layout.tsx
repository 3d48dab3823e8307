import type { TMe } from '@giot-hong/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { UnsavedChangesProvider, useConfirmLeave } from '../../../components/ui/unsaved-changes';
import { authStore } from '../../../lib/auth-store';
import { consolePaths, paths } from '../../../lib/paths';
import { useWaitingWork } from '../api/get-waiting-work';
import { ConsoleDrawer, ConsoleSidebar } from './console-nav';

/**
 * The console's own frame (mobile first: staff use phones and tablets at the venue): a slim header
 * with the menu (phones and tablets), the account and logout; every section in a sidebar from the
 * large breakpoint up; then the page. Forms inside ask before their unsaved changes are lost.
 * Without `me` (the server's frame, before the session is known) the account's name keeps its place.
 */
export function ConsoleLayout({ me, children }: { me: TMe | undefined; children: ReactNode }) {
  return (
    <UnsavedChangesProvider>
      <ConsoleFrame me={me}>{children}</ConsoleFrame>
    </UnsavedChangesProvider>
  );
}

function ConsoleFrame({ me, children }: { me: TMe | undefined; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirmLeave = useConfirmLeave();
  const waiting = useWaitingWork();
  const isAdmin = me?.role === 'ADMIN';
  // Logging out leaves the page too: a form's unsaved changes are asked about first.
  const logout = () =>
    confirmLeave(() => {
      authStore.logout();
      queryClient.clear();
      navigate(paths.login);
    });
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
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-2 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <ConsoleDrawer isAdmin={isAdmin} waiting={waiting.data} />
            <Link to={consolePaths.home} className="flex min-h-11 items-center gap-2 rounded-lg">
              <span
                aria-hidden
                className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
              >
                GH
              </span>
              <span className="hidden leading-tight min-[400px]:block">
                <span className="block font-bold text-brand-700">Giọt Hồng</span>
                <span className="block text-xs font-medium text-slate-600">Trang quản trị</span>
              </span>
              <span className="sr-only min-[400px]:hidden">Giọt Hồng, trang quản trị</span>
            </Link>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            {me ? (
              <span className="hidden truncate text-sm text-slate-700 sm:inline" title={me.username}>
                {me.username}
              </span>
            ) : (
              <span aria-hidden className="hidden h-4 w-24 rounded bg-slate-100 sm:inline-block" />
            )}
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
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-3 py-4 sm:px-6 sm:py-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <ConsoleSidebar isAdmin={isAdmin} waiting={waiting.data} />
        <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
