import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { loadFooter } from '../components/layout/lazy-parts';
import { LoadingView } from '../components/ui/loading-view';
import { meQueryOptions } from '../features/auth/api/get-me';
import { consolePaths, consoleRoot, paths } from '../lib/paths';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { PageBoundary } from './page-boundary';
import { RoleGuard } from './role-guard';
import { RouteGuard } from './route-guard';
import { routePreloadOf, type RoutePreload } from './route-preloads';

// Every page route of the web app is declared here and nowhere else. Each page is its own chunk,
// so the landing route loads only what it needs. The declarative router (not the data router)
// is used on purpose: it is less than half the size, and no page needs loaders (ADR 0003).
const Landing = lazyPage(() => import('../features/landing/routes/landing-route'));
const NotFound = lazyPage(() => import('../features/errors/routes/not-found-route'));
const NewsList = lazyPage(() => import('../features/news/routes/news-list-route'));
const NewsDetail = lazyPage(() => import('../features/news/routes/news-detail-route'));
const Faq = lazyPage(() => import('../features/faq/routes/faq-route'));
const Contact = lazyPage(() => import('../features/contact/routes/contact-route'));
const Terms = lazyPage(() => import('../features/terms/routes/terms-route'));
// The profile page composes three features' tabs (personal information, appointments, privacy), so
// it lives with the app: a feature never imports another feature's components both ways.
const Profile = lazyPage(() => import('./routes/profile-route'));
const DonationRegistration = lazyPage(() => import('../features/registration/routes/registration-route'));
const AuthShell = lazyPage(() => import('../features/auth/routes/auth-shell'));
const Login = lazyPage(() => import('../features/auth/routes/login-route'));
const Register = lazyPage(() => import('../features/auth/routes/register-route'));
const RegisterDone = lazyPage(() => import('../features/auth/routes/register-done-route'));
const Verification = lazyPage(() => import('../features/auth/routes/verification-route'));
const ForgotPassword = lazyPage(() => import('../features/auth/routes/forgot-password-route'));
const Otp = lazyPage(() => import('../features/auth/routes/otp-route'));
const ResetPassword = lazyPage(() => import('../features/auth/routes/reset-password-route'));
const StaffWelcome = lazyPage(() => import('../features/auth/routes/staff-welcome-route'));
const ChangePassword = lazyPage(() => import('../features/auth/routes/change-password-route'));
const DeletionConfirm = lazyPage(() => import('../features/privacy/routes/deletion-confirm-route'));
const Notifications = lazyPage(() => import('../features/notifications/routes/notifications-route'));
const NotificationDetail = lazyPage(
  () => import('../features/notifications/routes/notification-detail-route'),
);
const MyAppeals = lazyPage(() => import('../features/appeals/routes/my-appeals-route'));
const Appeal = lazyPage(() => import('../features/appeals/routes/appeal-route'));
const CertificateVerify = lazyPage(() => import('../features/certificates/routes/verify-route'));
// The staff console: its frame and each of its pages are chunks of their own, so none of its code
// reaches the donor pages' chunks (the camera decoder loads with the day page only, the charting
// library with the dashboard, the rich-text editor with the news editor).
const ConsoleFrame = lazyPage(() => import('../features/console/routes/console-frame-route'));
const Dashboard = lazyPage(() => import('../features/console/routes/dashboard-route'));
const CampaignList = lazyPage(() => import('../features/console/routes/campaign-list-route'));
const CampaignForm = lazyPage(() => import('../features/console/routes/campaign-form-route'));
const CampaignDay = lazyPage(() => import('../features/console/routes/campaign-day-route'));
const Today = lazyPage(() => import('../features/console/routes/today-route'));
const IdentityQueue = lazyPage(() => import('../features/console/routes/identity-queue-route'));
const IdentityReview = lazyPage(() => import('../features/console/routes/identity-review-route'));
const DonorSearch = lazyPage(() => import('../features/console/routes/donor-search-route'));
const Donor = lazyPage(() => import('../features/console/routes/donor-route'));
const Audit = lazyPage(() => import('../features/console/routes/audit-route'));
const QuestionSetList = lazyPage(() => import('../features/console/routes/question-set-list-route'));
const QuestionSetEdit = lazyPage(() => import('../features/console/routes/question-set-route'));
const Honours = lazyPage(() => import('../features/console/routes/honours-route'));
const Stock = lazyPage(() => import('../features/console/routes/stock-route'));
const RareBlood = lazyPage(() => import('../features/console/routes/rare-blood-route'));
const ConsoleNews = lazyPage(() => import('../features/console/routes/news-list-route'));
const NewsEditor = lazyPage(() => import('../features/console/routes/news-editor-route'));
const Inbox = lazyPage(() => import('../features/console/routes/inbox-route'));
const Broadcasts = lazyPage(() => import('../features/console/routes/broadcasts-route'));
const StaffAccounts = lazyPage(() => import('../features/console/routes/staff-route'));
const UnitImport = lazyPage(() => import('../features/console/routes/unit-import-route'));
const BloodGroupTasks = lazyPage(() => import('../features/console/routes/blood-group-tasks-route'));
const Counselling = lazyPage(() => import('../features/console/routes/counselling-route'));
const Appeals = lazyPage(() => import('../features/console/routes/appeals-route'));
const ConsoleAppeal = lazyPage(() => import('../features/console/routes/appeal-route'));
const ApiKeys = lazyPage(() => import('../features/console/routes/api-keys-route'));
const ConsoleNotFound = lazyPage(() => import('../features/console/routes/console-not-found-route'));

/**
 * The chunks a server-rendered public page needs to hydrate (its route module and the footer): the
 * browser entry waits for them before `hydrateRoot`, so hydration never meets an unloaded part.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page =
    pathname === paths.home
      ? Landing
      : pathname === paths.news
        ? NewsList
        : /^\/tin-tuc\/\d+$/.test(pathname)
          ? NewsDetail
          : pathname === paths.faq
            ? Faq
            : pathname === paths.contact
              ? Contact
              : pathname === paths.terms
                ? Terms
                : undefined;
  return Promise.all([page?.preload(), loadFooter()]);
}

/** The chunks of each page the app prepares as it starts (route-preloads.ts). */
const ROUTE_CHUNKS: Record<RoutePreload['route'], { preload(): Promise<unknown> }[]> = {
  profile: [Profile],
  registration: [DonationRegistration],
  notifications: [Notifications],
  'console-overview': [ConsoleFrame, Dashboard],
  'console-campaigns': [ConsoleFrame, CampaignList],
  'console-day': [ConsoleFrame, CampaignDay],
  'console-today': [ConsoleFrame, Today],
  'console-donors': [ConsoleFrame, DonorSearch],
};

/**
 * A logged-in start on a page behind the login: its chunks (the console's frame with its page) and
 * its first data are asked for now, together, rather than each after the part above it has loaded
 * and rendered (the account, then the frame, then the page, then its data). The lazy pages and the
 * query cache are the ones the routes then read. Settles once the page can render without a
 * loading view in place of its frame: its chunks are there and, in the console, the account its
 * role check reads (whether they came or failed).
 */
export function preloadRoute(pathname: string, hash: string, queryClient: QueryClient): Promise<unknown> {
  const preload = routePreloadOf(pathname, hash);
  if (!preload) return Promise.resolve();
  const parts: Promise<unknown>[] = ROUTE_CHUNKS[preload.route].map((page) => page.preload());
  if (preload.route.startsWith('console-')) {
    parts.push(queryClient.fetchQuery(meQueryOptions()));
    // A chunk of its own, as the donor's: the application carries neither side's choice of requests.
    void import('./console-route-data')
      .then((m) =>
        m.isConsolePreload(preload) ? m.prefetchConsoleRouteData(queryClient, preload) : undefined,
      )
      .catch(() => undefined);
  } else {
    void import('./route-data').then((m) => m.prefetchRouteData(queryClient, preload)).catch(() => undefined);
  }
  return Promise.allSettled(parts);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Every route; inside the browser's router, or the server's static one (entry-server.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      {/*
        The staff console, /quan-tri/**: an anonymous visitor goes to the login page (and comes back
        after it), a donor gets the 403 page, staff get the console's frame. ADMIN pages sit under a
        second RoleGuard, inside the frame. Every path comes from the contract's CONSOLE_PAGES,
        which the server also reads to answer deep links with the app.
      */}
      <Route element={<RouteGuard requireToken to={paths.login} />}>
        <Route element={<RoleGuard role="STAFF" />}>
          <Route
            element={
              <Suspense fallback={<LoadingView />}>
                <ConsoleFrame />
              </Suspense>
            }
          >
            <Route element={<PageBoundary />}>
              <Route path={consolePaths.home} element={<Dashboard />} />
              <Route path={consolePaths.campaigns} element={<CampaignList />} />
              <Route path={consolePaths.campaignNew} element={<CampaignForm />} />
              <Route path={consolePaths.campaignEdit(':id')} element={<CampaignForm />} />
              <Route path={consolePaths.campaignDay(':id')} element={<CampaignDay />} />
              <Route path={consolePaths.today} element={<Today />} />
              <Route path={consolePaths.identityReviews} element={<IdentityQueue />} />
              <Route path={consolePaths.identityReview(':extractId')} element={<IdentityReview />} />
              <Route path={consolePaths.donors} element={<DonorSearch />} />
              <Route path={consolePaths.donor(':id')} element={<Donor />} />
              <Route path={consolePaths.honours} element={<Honours />} />
              <Route path={consolePaths.stock} element={<Stock />} />
              <Route path={consolePaths.rareBlood} element={<RareBlood />} />
              <Route path={consolePaths.questionSets} element={<QuestionSetList />} />
              <Route path={consolePaths.questionSetNew} element={<QuestionSetEdit />} />
              <Route path={consolePaths.questionSet(':id')} element={<QuestionSetEdit />} />
              <Route path={consolePaths.news} element={<ConsoleNews />} />
              <Route path={consolePaths.newsNew} element={<NewsEditor />} />
              <Route path={consolePaths.newsEdit(':id')} element={<NewsEditor />} />
              <Route path={consolePaths.inbox} element={<Inbox />} />
              <Route path={consolePaths.bloodGroupTasks} element={<BloodGroupTasks />} />
              {/* ADMIN, or staff with the permission: the page itself tells the others (not a role). */}
              <Route path={consolePaths.counselling} element={<Counselling />} />
              <Route path={consolePaths.unitImport} element={<UnitImport />} />
              <Route path={consolePaths.broadcasts} element={<Broadcasts />} />
              <Route path={consolePaths.appeals} element={<Appeals />} />
              <Route path={consolePaths.appeal(':id')} element={<ConsoleAppeal />} />
              <Route element={<RoleGuard role="ADMIN" />}>
                <Route path={consolePaths.audit} element={<Audit />} />
                <Route path={consolePaths.staff} element={<StaffAccounts />} />
                <Route path={consolePaths.apiKeys} element={<ApiKeys />} />
              </Route>
              <Route path={`${consoleRoot}/*`} element={<ConsoleNotFound />} />
            </Route>
          </Route>
        </Route>
      </Route>
      <Route element={<RootLayout />}>
        <Route path={paths.home} element={<Landing />} />
        <Route path={paths.news} element={<NewsList />} />
        <Route path={paths.newsDetail(':id')} element={<NewsDetail />} />
        <Route path={paths.faq} element={<Faq />} />
        <Route path={paths.contact} element={<Contact />} />
        <Route path={paths.terms} element={<Terms />} />
        <Route path={paths.deletionConfirm} element={<DeletionConfirm />} />
        <Route path={paths.certificateVerify(':serial')} element={<CertificateVerify />} />

        {/* Account pages share one toast area (a toast outlives the navigation after it). */}
        <Route element={<AuthShell />}>
          {/* The login page sends a logged-in visitor on by itself: to its `redirect`, not home. */}
          <Route path={paths.login} element={<Login />} />
          <Route path={paths.registerDone} element={<RegisterDone />} />
          <Route path={paths.verification} element={<Verification />} />
          {/* Only for visitors without a token (sign-up, recovery). */}
          <Route element={<RouteGuard requireToken={false} to={paths.home} />}>
            <Route path={paths.register} element={<Register />} />
            <Route path={paths.forgotPassword} element={<ForgotPassword />} />
            <Route path={paths.otp} element={<Otp />} />
            <Route path={paths.resetPassword} element={<ResetPassword />} />
            <Route path={paths.staffWelcome} element={<StaffWelcome />} />
          </Route>
          <Route element={<RouteGuard requireToken to={paths.login} />}>
            <Route path={paths.changePassword} element={<ChangePassword />} />
          </Route>
        </Route>

        {/* Only for logged-in donors. */}
        <Route element={<RouteGuard requireToken to={paths.login} />}>
          <Route path={paths.profile} element={<Profile />} />
          <Route path={paths.donationRegistration} element={<DonationRegistration />} />
          <Route path={paths.notifications} element={<Notifications />} />
          <Route path={paths.notificationDetail(':id')} element={<NotificationDetail />} />
          <Route path={paths.appeals} element={<MyAppeals />} />
          <Route path={paths.appeal(':id')} element={<Appeal />} />
        </Route>

        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
