import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { paths, profileTabHref, profileTabs } from '../../lib/paths';
import { DropIcon, HistoryIcon, HomeIcon, LoginIcon, MenuIcon, UserIcon, UserPlusIcon } from '../icons';
import { currentTarget } from './nav-items';

type Item = { to: string; label: string; icon: ComponentType<{ className?: string }> };

const LOGGED_OUT: Item[] = [
  { to: paths.home, label: 'Trang chủ', icon: HomeIcon },
  { to: paths.donationRegistration, label: 'Hiến máu', icon: DropIcon },
  { to: paths.login, label: 'Đăng nhập', icon: LoginIcon },
  { to: paths.register, label: 'Đăng ký', icon: UserPlusIcon },
];
const LOGGED_IN: Item[] = [
  { to: profileTabHref(profileTabs.history), label: 'Lịch sử', icon: HistoryIcon },
  { to: paths.profile, label: 'Cá nhân', icon: UserIcon },
];

const CREATE_PROFILE: Item = {
  to: profileTabHref(profileTabs.createDonorProfile),
  label: 'Tạo hồ sơ',
  icon: UserPlusIcon,
};

const CELL = 'flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium';

/** The mobile bottom bar; the layout leaves it out while the drawer is open. */
export function BottomBar({
  isLoggedIn,
  onOpenDrawer,
  canCreateProfile = false,
}: {
  isLoggedIn: boolean;
  onOpenDrawer: () => void;
  /** Verification status is NONE: a create-profile icon joins the logged-in bar. */
  canCreateProfile?: boolean;
}) {
  const items = isLoggedIn ? (canCreateProfile ? [...LOGGED_IN, CREATE_PROFILE] : LOGGED_IN) : LOGGED_OUT;
  // Path and hash decide: 'Lịch sử', 'Cá nhân' and 'Tạo hồ sơ' are all on the profile page.
  const current = currentTarget(
    items.map((i) => i.to),
    useLocation(),
  );
  return (
    <nav
      aria-label="Thanh điều hướng dưới"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_10px_rgb(0_0_0/0.05)] backdrop-blur lg:hidden"
    >
      <ul className={`grid h-16 ${isLoggedIn && !canCreateProfile ? 'grid-cols-3' : 'grid-cols-4'}`}>
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={to === current ? 'page' : undefined}
              className={`${CELL} ${to === current ? 'text-brand-700' : 'text-slate-600 hover:text-brand-700'}`}
            >
              <Icon className="size-6" />
              {label}
            </Link>
          </li>
        ))}
        {isLoggedIn && (
          <li>
            <button
              type="button"
              onClick={onOpenDrawer}
              aria-haspopup="dialog"
              className={`${CELL} w-full text-slate-600 hover:text-brand-700`}
            >
              <MenuIcon className="size-6" />
              Menu
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
