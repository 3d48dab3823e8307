import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BottomBar } from '../../components/layout/bottom-bar';
import { OfflineNotice } from '../../components/layout/offline-notice';
import { UpdatePrompt } from '../../components/layout/update-prompt';
import { LazyMobileDrawer, LazySiteFooter } from '../../components/layout/lazy-parts';
import { SiteHeader } from '../../components/layout/site-header';
import { LoadingView } from '../../components/ui/loading-view';
import { authStore, useIsLoggedIn } from '../../lib/auth-store';
import { paths } from '../../lib/paths';
import { useIsFrame } from '../../lib/frame';
import { RouteErrorBoundary } from '../route-error-boundary';
import { DONOR_STATUS } from '@giot-hong/contract';

// Logged-in donors only, and after the first paint: the landing page's first load stays as it is.
const LazyVerificationStatusProbe = lazy(() => import('./verification-status-probe'));
const LazyNotificationBell = lazy(() => import('../../features/notifications/components/notification-bell'));
const LazyHeaderAvatar = lazy(() => import('../../features/profile/components/header-avatar'));
const accountPicture = (fallback: ReactNode) => <LazyHeaderAvatar fallback={fallback} />;

/** Header, drawer, bottom bar and footer around every page. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The server's frame of a page behind the login has the logged-in header (nothing personal in
  // it): the person who lands there is logged in, and sees no logged-out header flash by.
  const frame = useIsFrame();
  const isLoggedIn = useIsLoggedIn() || frame;
  // The create-donor-profile entry shows only for a donor without a profile (status NONE).
  const [verificationStatus, setVerificationStatus] = useState('');
  const canCreateProfile = isLoggedIn && verificationStatus === DONOR_STATUS.NONE;
  // The drawer is open only at the location it was opened at: any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === location.key;
  const openDrawer = useCallback(() => setDrawerAt(location.key), [location.key]);
  const closeDrawer = useCallback(() => setDrawerAt(null), []);

  const logout = useCallback(() => {
    authStore.logout();
    // Nothing of the previous donor's data stays in memory on a shared computer.
    queryClient.clear();
    navigate(paths.login);
  }, [navigate, queryClient]);

  // A new page starts at its top (the declarative router does not restore scroll); in-page
  // anchors (#lich-su-hien-mau …) are left to the page.
  useEffect(() => {
    if (!location.hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location.pathname, location.hash]);

  return (
    <div className="flex min-h-dvh flex-col pb-16 lg:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        Bỏ qua đến nội dung chính
      </a>
      <SiteHeader
        isLoggedIn={isLoggedIn}
        drawerOpen={drawerOpen}
        onOpenDrawer={openDrawer}
        onLogout={logout}
        canCreateProfile={canCreateProfile}
        notificationBell={<LazyNotificationBell />}
        accountPicture={accountPicture}
      />
      {drawerOpen && (
        <Suspense fallback={null}>
          <LazyMobileDrawer
            onClose={closeDrawer}
            isLoggedIn={isLoggedIn}
            onLogout={logout}
            canCreateProfile={canCreateProfile}
          />
        </Suspense>
      )}
      {isLoggedIn && !frame && (
        <Suspense fallback={null}>
          <LazyVerificationStatusProbe onStatus={setVerificationStatus} />
        </Suspense>
      )}
      <OfflineNotice />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteErrorBoundary resetKey={location.key}>
          {/* A screen tall while a page's chunk loads: the footer does not show, then jump down. */}
          <Suspense
            fallback={
              <div className="min-h-dvh">
                <LoadingView />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <LazySiteFooter />
      </Suspense>
      <UpdatePrompt />
      {!drawerOpen && (
        <BottomBar isLoggedIn={isLoggedIn} onOpenDrawer={openDrawer} canCreateProfile={canCreateProfile} />
      )}
    </div>
  );
}
