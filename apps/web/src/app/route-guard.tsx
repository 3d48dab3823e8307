import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsLoggedIn } from '../lib/auth-store';
import { withQuery } from '../lib/paths';
import { useIsFrame } from '../lib/frame';

/**
 * The route guard: when token presence does not match `requireToken`, it
 * replaces history with `to`, carrying the current path in `redirect`. The server's frame of a page
 * behind the login renders the page (without its data): the browser decides where the visitor goes.
 */
export function RouteGuard({ requireToken, to }: { requireToken: boolean; to: string }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const frame = useIsFrame();
  if (frame && requireToken) return <Outlet />;
  if (loggedIn !== requireToken) {
    const current = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withQuery(to, { redirect: current })} replace />;
  }
  return <Outlet />;
}
