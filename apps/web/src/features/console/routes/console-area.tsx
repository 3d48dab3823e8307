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
const IdentityQueue = lazyPage(() => import('./identity-queue-route'));
const IdentityReview = lazyPage(() => import('./identity-review-route'));
const DonorSearch = lazyPage(() => import('./donor-search-route'));
const Donor = lazyPage(() => import('./donor-route'));
const Audit = lazyPage(() => import('./audit-route'));
// The dashboard carries the charting library: it loads with the console only, never on donor pages.
const Dashboard = lazyPage(() => import('./dashboard-route'));
const QuestionSetList = lazyPage(() => import('./question-set-list-route'));
const QuestionSetEdit = lazyPage(() => import('./question-set-route'));
const ConsoleNotFound = lazyPage(() => import('./console-not-found-route'));
// The rich-text editor loads with the news editor page alone.
const NewsList = lazyPage(() => import('./news-list-route'));
const NewsEditor = lazyPage(() => import('./news-editor-route'));
const Inbox = lazyPage(() => import('./inbox-route'));
const Broadcasts = lazyPage(() => import('./broadcasts-route'));
const StaffAccounts = lazyPage(() => import('./staff-route'));

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
            <Route index element={<Dashboard />} />
            <Route path={rel(consolePaths.campaigns)} element={<CampaignList />} />
            <Route path={rel(consolePaths.campaignNew)} element={<CampaignForm />} />
            <Route path={rel(consolePaths.campaignEdit(':id'))} element={<CampaignForm />} />
            <Route path={rel(consolePaths.campaignDay(':id'))} element={<CampaignDay />} />
            <Route path={rel(consolePaths.today)} element={<Today />} />
            <Route path={rel(consolePaths.identityReviews)} element={<IdentityQueue />} />
            <Route path={rel(consolePaths.identityReview(':extractId'))} element={<IdentityReview />} />
            <Route path={rel(consolePaths.donors)} element={<DonorSearch />} />
            <Route path={rel(consolePaths.donor(':id'))} element={<Donor />} />
            <Route path={rel(consolePaths.audit)} element={<Audit />} />
            <Route path={rel(consolePaths.questionSets)} element={<QuestionSetList />} />
            <Route path={rel(consolePaths.questionSetNew)} element={<QuestionSetEdit />} />
            <Route path={rel(consolePaths.questionSet(':id'))} element={<QuestionSetEdit />} />
            <Route path={rel(consolePaths.news)} element={<NewsList />} />
            <Route path={rel(consolePaths.newsNew)} element={<NewsEditor />} />
            <Route path={rel(consolePaths.newsEdit(':id'))} element={<NewsEditor />} />
            <Route path={rel(consolePaths.inbox)} element={<Inbox />} />
            <Route path={rel(consolePaths.broadcasts)} element={<Broadcasts />} />
            <Route path={rel(consolePaths.staff)} element={<StaffAccounts />} />
            <Route path="*" element={<ConsoleNotFound />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </ConsoleLayout>
  );
}
