import { Outlet } from 'react-router';
import { Suspense } from 'react';
import { LoadingView } from '../../components/ui/loading-view';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
