import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { LoadingView } from '../../../components/ui/loading-view';

/**
 * Layout route around every account page. One toast area for all of them, so a toast survives
 * the navigation that follows it (sign-up → /hoan-thanh-dang-ky, reset → /dang-nhap), and it
 * loads with these pages only, never with the landing page.
 */
export function Component() {
  return (
    <>
      <AppToaster />
      <Suspense fallback={<LoadingView />}>
        <Outlet />
      </Suspense>
    </>
  );
}
