import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingView } from '../components/ui/loading-view';
import { useMe } from '../features/auth/api/get-me';
import { useIsFrame } from '../lib/frame';

// Loaded only when shown: this guard sits in the route table every page loads, and the console's
// texts must not reach the donor pages' chunks (the landing page loads no console code).
const ForbiddenView = lazy(() =>
  import('../features/console/components/forbidden-view').then((m) => ({ default: m.ForbiddenView })),
);
const ConsoleErrorView = lazy(() =>
  import('../features/console/components/console-error-view').then((m) => ({
    default: m.ConsoleErrorView,
  })),
);

/** The roles a console route can ask for: any staff role, or an administrator only. */
export type TRequiredRole = 'STAFF' | 'ADMIN';

/** Whether an account's role satisfies `required` (a DONOR is never staff). */
export function hasRole(role: string, required: TRequiredRole): boolean {
  return required === 'ADMIN' ? role === 'ADMIN' : role !== 'DONOR';
}

/**
 * The one role check of the route table: its child routes render only for an account with
 * `role`. It sits inside `<RouteGuard requireToken>`, so the visitor is logged in and only the
 * role is left to ask (GET /api/user/me, cached). A role too low gets the 403 page: outside the
 * console's frame for a donor (STAFF guard, above the frame), inside it for a staff member on an
 * ADMIN page (ADMIN guard, within the frame). The server checks the role on every staff call;
 * this only decides what to show. The server's frame (no account there) renders the console's frame.
 */
export function RoleGuard({ role }: { role: TRequiredRole }) {
  const me = useMe();
  const location = useLocation();
  const frame = useIsFrame();
  if (frame) return <Outlet />;
  if (me.isPending) return <LoadingView />;
  if (me.isError) {
    return (
      <Suspense fallback={<LoadingView />}>
        <ConsoleErrorView onRetry={() => me.refetch()} />
      </Suspense>
    );
  }
  if (!hasRole(me.data.role, role)) {
    return (
      <Suspense fallback={<LoadingView />}>
        <ForbiddenView from={`${location.pathname}${location.search}${location.hash}`} />
      </Suspense>
    );
  }
  return <Outlet />;
}
