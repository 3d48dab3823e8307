import { Outlet, useLocation } from 'react-router';
import { LoadingView } from '../components/ui/loading-view';
import { useMe } from '../features/auth/api/get-me';
import { ConsoleErrorView } from '../features/console/components/console-error-view';
import { ForbiddenView } from '../features/console/components/forbidden-view';

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
 * this only decides what to show.
 */
export function RoleGuard({ role }: { role: TRequiredRole }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingView />;
  if (me.isError) return <ConsoleErrorView onRetry={() => me.refetch()} />;
  if (!hasRole(me.data.role, role)) {
    return <ForbiddenView from={`${location.pathname}${location.search}${location.hash}`} />;
  }
  return <Outlet />;
}
