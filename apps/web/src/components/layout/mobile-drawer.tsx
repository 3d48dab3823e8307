import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, profileTabHref, profileTabs } from '../../lib/paths';
import {
  BellIcon,
  CloseIcon,
  HistoryIcon,
  KeyIcon,
  LoginIcon,
  LogoutIcon,
  UserIcon,
  UserPlusIcon,
} from '../icons';
import { Logo } from './logo';
import { currentTarget, DRAWER_ID, NAV_LINKS } from './nav-items';
import { useBodyScrollLock } from './use-body-scroll-lock';

type Props = { onClose: () => void; isLoggedIn: boolean; onLogout: () => void; canCreateProfile?: boolean };

const ROW = 'flex items-center gap-3 rounded-lg px-3 py-3 text-[15px] font-medium';
const rowClass = ({ isActive }: { isActive: boolean }) =>
  `${ROW} ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100'}`;

const HISTORY = profileTabHref(profileTabs.history);
const CREATE_PROFILE = profileTabHref(profileTabs.createDonorProfile);

/**
 * The mobile menu: a modal panel from the right, mounted while open. Meanwhile the page does not
 * scroll, Tab stays inside, Escape or the backdrop closes it, and focus goes back to the opener.
 */
export function MobileDrawer({ onClose, isLoggedIn, onLogout, canCreateProfile = false }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);
  // The three profile links differ by their hash only: path and hash decide which one is current.
  const currentProfileLink = currentTarget(
    canCreateProfile ? [HISTORY, paths.profile, CREATE_PROFILE] : [HISTORY, paths.profile],
    useLocation(),
  );
  const profileLink = (to: string) => ({
    to,
    'aria-current': to === currentProfileLink ? ('page' as const) : undefined,
    className: rowClass({ isActive: to === currentProfileLink }),
  });
  useBodyScrollLock(true);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const focusables = () =>
      Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);
    focusables()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab') return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div
        aria-hidden="true"
        onClick={onClose}
        className="absolute inset-0 animate-[fade-in_150ms_ease-out] bg-slate-900/50"
      />
      <div
        ref={panelRef}
        id={DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 right-0 flex w-[min(20rem,86vw)] animate-[drawer-in_200ms_ease-out] flex-col overflow-y-auto bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            className="grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-6" />
            <span className="sr-only">Đóng menu</span>
          </button>
        </div>

        <nav aria-label="Menu di động" className="px-3 py-3">
          <ul className="space-y-1">
            {NAV_LINKS.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} end className={rowClass}>
                  <Icon className="size-5 text-brand-600" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-auto border-t border-slate-100 px-3 py-4">
          {isLoggedIn ? (
            <ul className="space-y-1">
              <li>
                <Link {...profileLink(HISTORY)}>
                  <HistoryIcon className="size-5 text-brand-600" />
                  Lịch sử hiến máu
                </Link>
              </li>
              <li>
                <Link {...profileLink(paths.profile)}>
                  <UserIcon className="size-5 text-brand-600" />
                  Thông tin cá nhân
                </Link>
              </li>
              {canCreateProfile && (
                <li>
                  <Link {...profileLink(CREATE_PROFILE)}>
                    <UserPlusIcon className="size-5 text-brand-600" />
                    Tạo hồ sơ hiến máu
                  </Link>
                </li>
              )}
              <li>
                <NavLink to={paths.changePassword} className={rowClass}>
                  <KeyIcon className="size-5 text-brand-600" />
                  Đổi mật khẩu
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.notifications} className={rowClass}>
                  <BellIcon className="size-5 text-brand-600" />
                  Thông báo
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  onClick={onLogout}
                  className={`${ROW} w-full text-brand-700 hover:bg-brand-50`}
                >
                  <LogoutIcon className="size-5" />
                  Đăng xuất
                </button>
              </li>
            </ul>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link
                to={paths.register}
                className="flex items-center justify-center gap-2 rounded-lg border border-brand-600 px-3 py-2.5 text-sm font-semibold text-brand-700"
              >
                <UserPlusIcon className="size-4" />
                Đăng ký
              </Link>
              <Link
                to={paths.login}
                className="flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-3 py-2.5 text-sm font-semibold text-white"
              >
                <LoginIcon className="size-4" />
                Đăng nhập
              </Link>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
