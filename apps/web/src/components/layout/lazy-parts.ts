import { lazy } from 'react';

/**
 * Layout parts that are not needed for the first paint of a page, loaded as their own chunks:
 * the drawer (on first open), the avatar menu (logged-in donors only) and the footer (below the
 * fold). Keeping them out of the entry chunk leaves room for the landing page in its budget.
 */
export const loadDrawer = () => import('./mobile-drawer');
export const LazyMobileDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileDrawer })));
export const LazyAccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
let footer: Promise<{ default: typeof import('./site-footer').SiteFooter }> | undefined;
/** The footer's chunk, once (a server-rendered page loads it before hydrating). */
export const loadFooter = () => (footer ??= import('./site-footer').then((m) => ({ default: m.SiteFooter })));
export const LazySiteFooter = lazy(loadFooter);
