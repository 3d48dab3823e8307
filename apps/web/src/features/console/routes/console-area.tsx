import '../console.css';
import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage } from '../../../app/lazy-page';
import { RouteErrorBoundary } from '../../../app/route-error-boundary';
import { LoadingView } from '../../../components/ui/loading-view';
import { isStaffRole, useMe } from '../../auth/api/get-me';
import { useIsLoggedIn } from '../../../lib/auth-store';
import { consolePaths, consoleRoot, paths, withQuery } from '../../../lib/paths';
import { ConsoleErrorView } from '../components/console-error-view';
import { ConsoleLayout } from '../components/console-layout';
import { ForbiddenView } from '../components/forbidden-view';

// Each console page is its own chunk as well: the camera decoder loads with the day page only.
const CampaignList = lazyPage(() => import('./campaign-list-route'));
const CampaignForm = lazyPage(() => import('./campaign-form-route'));
const CampaignDay = lazyPage(() => import('./campaign-day-route'));
const Today = lazyPage(() => import('./today-route'));
const ConsoleNotFound = lazyPage(() => import('./console-not-found-route'));

/** A console page path relative to the console's root, as the nested routes match it. */
const rel = (path: string) => path.slice(consoleRoot.length + 1);

/**
 * /quan-tri/**: anonymous visitors go to the login page (and come back here after it); a
 * logged-in donor sees the 403 page; staff get the console. The server checks the role on
 * every staff call, this only decides what to show.
 */
export function Component() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const current = `${location.pathname}${location.search}${location.hash}`;
  if (!loggedIn) return <Navigate to={withQuery(paths.login, { redirect: current })} replace />;
  return <StaffOnly from={current} />;
}

function StaffOnly({ from }: { from: string }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingView />;
  if (me.isError) return <ConsoleErrorView onRetry={() => me.refetch()} />;
  if (!isStaffRole(me.data.role)) return <ForbiddenView from={from} />;
  return (
    <ConsoleLayout me={me.data}>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<LoadingView />}>
          <Routes>
            <Route index element={<CampaignList />} />
            <Route path={rel(consolePaths.campaignNew)} element={<CampaignForm />} />
            <Route path={rel(consolePaths.campaignEdit(':id'))} element={<CampaignForm />} />
            <Route path={rel(consolePaths.campaignDay(':id'))} element={<CampaignDay />} />
            <Route path={rel(consolePaths.today)} element={<Today />} />
            <Route path="*" element={<ConsoleNotFound />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </ConsoleLayout>
  );
}
