import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsLoggedIn } from '../lib/auth-store';
import { withQuery } from '../lib/paths';

/**
 * The route guard: when token presence does not match `requireToken`, it
 * replaces history with `to`, carrying the current path in `redirect`.
 */
export function RouteGuard({ requireToken, to }: { requireToken: boolean; to: string }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (loggedIn !== requireToken) {
    const current = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withQuery(to, { redirect: current })} replace />;
  }
  return <Outlet />;
}
