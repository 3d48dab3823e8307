import { TIMING } from '@giot-hong/contract';
import { Suspense, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths, profileTabHref, profileTabs } from '../../lib/paths';
import { BellIcon, HistoryIcon, MenuIcon, UserPlusIcon } from '../icons';
import { LazyAccountMenu, loadDrawer } from './lazy-parts';
import { Logo } from './logo';
import { DRAWER_ID, NAV_LINKS } from './nav-items';
import { useScrolledPast } from './use-scrolled-past';

type Props = {
  isLoggedIn: boolean;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onLogout: () => void;
  /** The bell with its panel (the notifications feature, loaded lazily by the app's layout). */
  notificationBell?: ReactNode;
  /** Verification status is NONE: offer to create the donor profile. */
  canCreateProfile?: boolean;
  /** The donor's picture in the account button (the profile feature, loaded lazily by the layout). */
  accountPicture?: (fallback: ReactNode) => ReactNode;
};

/**
 * Sticky header: opaque at the top, translucent with a blur once the page has
 * scrolled past the threshold. Below `lg` the menu lives in the drawer opened by the menu button.
 */
export function SiteHeader({
  isLoggedIn,
  drawerOpen,
  onOpenDrawer,
  onLogout,
  notificationBell,
  canCreateProfile = false,
  accountPicture,
}: Props) {
  const scrolled = useScrolledPast(TIMING.headerScrollThresholdPx);
  const bellLink = (
    <Link
      to={paths.notifications}
      className="grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <BellIcon />
      <span className="sr-only">Thông báo</span>
    </Link>
  );
  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 border-b transition-colors duration-200 ${
        scrolled
          ? 'border-slate-200/70 bg-white/80 shadow-sm backdrop-blur-md'
          : 'border-transparent bg-white'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />

        <nav aria-label="Menu chính" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-0.5 whitespace-nowrap">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end
                  className={({ isActive }) =>
                    `rounded-lg px-2.5 py-2 text-sm font-medium transition-colors xl:px-3 ${
                      isActive
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-brand-700'
                    }`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          {isLoggedIn ? (
            <>
              <Link
                to={profileTabHref(profileTabs.history)}
                className="hidden items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-brand-700 lg:flex"
              >
                <HistoryIcon className="size-5 xl:size-4" />
                {/* Icon only between lg and xl, where the menu leaves no room for the words. */}
                <span className="sr-only xl:not-sr-only">Lịch sử hiến máu</span>
              </Link>
              {canCreateProfile && (
                <Link
                  to={profileTabHref(profileTabs.createDonorProfile)}
                  className="hidden items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 lg:flex"
                >
                  <UserPlusIcon className="size-5 xl:size-4" />
                  <span className="sr-only xl:not-sr-only">Tạo hồ sơ hiến máu</span>
                </Link>
              )}
              {/* Until the bell's chunk has arrived (or without one), the bell opens the page. */}
              {notificationBell ? <Suspense fallback={bellLink}>{notificationBell}</Suspense> : bellLink}
              <div className="hidden lg:block">
                <Suspense fallback={<span className="block size-10 rounded-full bg-brand-100" />}>
                  <LazyAccountMenu onLogout={onLogout} picture={accountPicture} />
                </Suspense>
              </div>
            </>
          ) : (
            <div className="hidden items-center gap-2 whitespace-nowrap lg:flex">
              <Link
                to={paths.register}
                className="rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                Đăng ký
              </Link>
              <Link
                to={paths.login}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Đăng nhập
              </Link>
            </div>
          )}
          <button
            type="button"
            onClick={onOpenDrawer}
            // Fetch the drawer's chunk as soon as the finger or pointer is on the button.
            onPointerDown={() => void loadDrawer()}
            aria-expanded={drawerOpen}
            // Only point at the drawer while it exists in the page.
            aria-controls={drawerOpen ? DRAWER_ID : undefined}
            className="grid size-10 place-items-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
          >
            <MenuIcon className="size-6" />
            <span className="sr-only">Mở menu</span>
          </button>
        </div>
      </div>
    </header>
  );
}
