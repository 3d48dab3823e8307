import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppToaster } from '../../../components/ui/toaster';
import { LoadingView } from '../../../components/ui/loading-view';

/**
 * Layout route around every account page. One toast area for all of them, so a toast survives
 * the navigation that follows it (sign-up → /hoan-thanh-dang-ky, reset → /dang-nhap), and it
 * loads with these pages only, never with the landing page.
 */
export function Component() {
  return (
    <>
      <div className={TOAST_CONTRAST}>
        <AppToaster />
      </div>
      <Suspense fallback={<LoadingView />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * sonner's rich colours miss WCAG AA (success text 4.25:1, error 4.3:1 on their tints); darker
 * text keeps the same look at ≥ 4.5:1. sonner declares its variables on the toaster element in
 * an unlayered style sheet, which beats Tailwind's layered utilities unless they are !important.
 * `contents` keeps the wrapper out of the layout.
 */
const TOAST_CONTRAST = [
  'contents',
  '[&_[data-sonner-toaster][data-sonner-theme]]:[--success-text:#006b24]!',
  '[&_[data-sonner-toaster][data-sonner-theme]]:[--error-text:#b3000c]!',
  '[&_[data-sonner-toaster][data-sonner-theme]]:[--warning-text:#8a4500]!',
  '[&_[data-sonner-toaster][data-sonner-theme]]:[--info-text:#0b5394]!',
].join(' ');
