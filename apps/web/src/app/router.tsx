import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '../lib/paths';
import { lazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { RouteGuard } from './route-guard';

// Every route of spec section 2 is declared here and nowhere else. Each page is its own chunk,
// so the landing route loads only what it needs. The declarative router (not the data router)
// is used on purpose: it is less than half the size, and no page needs loaders (ADR 0003).
const Landing = lazyPage(() => import('../features/landing/routes/landing-route'));
const NotFound = lazyPage(() => import('../features/errors/routes/not-found-route'));
const NewsList = lazyPage(() => import('../features/news/routes/news-list-route'));
const NewsDetail = lazyPage(() => import('../features/news/routes/news-detail-route'));
const Faq = lazyPage(() => import('../features/faq/routes/faq-route'));
const Contact = lazyPage(() => import('../features/contact/routes/contact-route'));
const Terms = lazyPage(() => import('../features/terms/routes/terms-route'));
const Profile = lazyPage(() => import('../features/profile/routes/profile-route'));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path={paths.home} element={<Landing />} />
          <Route path={paths.news} element={<NewsList />} />
          <Route path={paths.newsDetail(':id')} element={<NewsDetail />} />
          <Route path={paths.faq} element={<Faq />} />
          <Route path={paths.contact} element={<Contact />} />
          <Route path={paths.terms} element={<Terms />} />

          {/* Only for visitors without a token (login, sign-up, recovery). */}
          <Route element={<RouteGuard requireToken={false} to={paths.home} />}></Route>

          {/* Only for logged-in donors. */}
          <Route element={<RouteGuard requireToken to={paths.login} />}>
            <Route path={paths.profile} element={<Profile />} />
          </Route>

          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
