import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingView } from '../components/ui/loading-view';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Wraps the pages of a layout that lives in a feature (the console's frame): a page that throws
 * shows the error view inside the frame, and the next navigation (a new location key) clears it;
 * a page's chunk loading shows the loading view, the frame staying in place.
 */
export function PageBoundary() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={<LoadingView />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
