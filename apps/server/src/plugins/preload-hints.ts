import { APP_PRELOADS_ID, CONSOLE_PAGES, PAGES } from '@giot-hong/contract';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};
export type Manifest = Record<string, ManifestChunk>;

/**
 * The route modules of each page a visitor lands on (as named in the web build's manifest). The
 * browser would find these chunks only after the entry script ran and the router chose the page;
 * named in the HTML they download beside the entry instead of after it.
 *
 * The pages behind a login too: a donor's or a staff member's session lives in the browser's
 * storage, so the server answers them their frame (ADR 43), and the page itself comes only once the
 * application has started, the account has loaded (in the console) and the page's chunks are there.
 * Named here, they arrive with the application, and with them `src/app/route-data.ts` (the console's
 * pages: `console-route-data.ts` and their page's module in `console-route-data/`), which requests the page's first data as the
 * application starts (ADR 39). A visitor without a session
 * fetches them for nothing before the login page: a few kilobytes, on a page they rarely open.
 */
const ROUTE_DATA = 'src/app/route-data.ts';
const CONSOLE_FRAME = 'src/features/console/routes/console-frame-route.tsx';
/**
 * A console page: the frame, the page, and the module of the page's own first data (ADR 51; one
 * for each page, ADR 82: the overview loads none of the other pages' requests).
 */
const consoleRoute = (name: string, data: string) => [
  CONSOLE_FRAME,
  `src/features/console/routes/${name}.tsx`,
  'src/app/console-route-data.ts',
  `src/app/console-route-data/${data}.ts`,
];
/**
 * A page behind the login shows only its frame until the application runs: the application's
 * chunks are named too, in a `<template>` (`APP_PRELOADS_ID`) that the entry moves into `<head>`
 * once the frame is painted. Named as `<link>`s in `<head>` they started with the stylesheet, and a
 * phone's connection (and Lighthouse's simulation, which counts a script preload at high priority
 * started before the first paint as render-blocking) carried about 90 chunks before the frame's
 * first paint (ADR 47). The stylesheet of a lazy chunk (the console's) is linked, not only preloaded: the console's
 * frame is painted with it, and does not change when the chunk's own link would apply it.
 */
const behindLogin = (modules: string[]) => ({ modules, application: true });
/**
 * The lazy parts of the donor's layout a logged-in page renders at once (the header's bell,
 * account menu and picture, the verification probe, the footer). Lazy, they came one round trip
 * after the application had run; named with the page, they download beside it.
 * The footer's module may share a chunk with modules only it imports (chunkKeyOf).
 */
const DONOR_LAYOUT_PARTS = [
  'src/features/notifications/components/notification-bell.tsx',
  'src/components/layout/account-menu.tsx',
  'src/features/profile/components/header-avatar.tsx',
  'src/app/layouts/verification-status-probe.tsx',
  'src/components/layout/site-footer.tsx',
];
const donorPage = (route: string) => behindLogin([route, ROUTE_DATA, ...DONOR_LAYOUT_PARTS]);
const CAMPAIGN_DAY = new RegExp(`^${CONSOLE_PAGES.campaignDay('\\d+')}$`);
const PAGE_MODULES: {
  match: (pathname: string) => boolean;
  modules: string[];
  image?: string;
  application?: boolean;
}[] = [
  {
    match: (p) => p === PAGES.home,
    modules: ['src/features/landing/routes/landing-route.tsx'],
    // The hero picture is the landing page's largest paint.
    image: '/images/hero.webp',
  },
  { match: (p) => p === PAGES.news, modules: ['src/features/news/routes/news-list-route.tsx'] },
  { match: (p) => /^\/tin-tuc\/\d+$/.test(p), modules: ['src/features/news/routes/news-detail-route.tsx'] },
  { match: (p) => p === PAGES.faq, modules: ['src/features/faq/routes/faq-route.tsx'] },
  { match: (p) => p === PAGES.contact, modules: ['src/features/contact/routes/contact-route.tsx'] },
  { match: (p) => p === PAGES.terms, modules: ['src/features/terms/routes/terms-route.tsx'] },
  { match: (p) => p === PAGES.profile, ...donorPage('src/app/routes/profile-route.tsx') },
  {
    match: (p) => p === PAGES.donationRegistration,
    ...donorPage('src/features/registration/routes/registration-route.tsx'),
  },
  {
    match: (p) => p === PAGES.notifications,
    ...donorPage('src/features/notifications/routes/notifications-route.tsx'),
  },
  { match: (p) => p === CONSOLE_PAGES.home, ...behindLogin(consoleRoute('dashboard-route', 'overview')) },
  {
    match: (p) => p === CONSOLE_PAGES.campaigns,
    ...behindLogin(consoleRoute('campaign-list-route', 'campaigns')),
  },
  {
    match: (p) => CAMPAIGN_DAY.test(p),
    // The slots' panel renders with the page (a lazy part of it).
    ...behindLogin([
      ...consoleRoute('campaign-day-route', 'day'),
      'src/features/console/components/day-slots.tsx',
    ]),
  },
  { match: (p) => p === CONSOLE_PAGES.today, ...behindLogin(consoleRoute('today-route', 'campaigns')) },
  { match: (p) => p === CONSOLE_PAGES.donors, ...behindLogin(consoleRoute('donor-search-route', 'donors')) },
];

/** The application module the entry (`src/boot.ts`) imports once the page is painted. */
export const APPLICATION_MODULE = 'src/main.tsx';

/**
 * The manifest key of the chunk holding `module`: the module's own key when it has a chunk of its
 * own (a lazy page); else the shared chunk named after it (`_<name>-<hash>.js`: the build named the
 * chunk after the module it was made for, which modules only it imports joined).
 */
export function chunkKeyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[cm]?[jt]sx?$/, '');
  return Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k]!.name === name);
}

/**
 * The manifest key of the application's chunk: `src/main.tsx`'s own when the build gave it one;
 * else the chunk the entry imports dynamically: a build may keep the application's module in one
 * chunk with modules others import too (rolldown does with `strictExecutionOrder`), and the manifest
 * then names that chunk, not the module.
 */
export function applicationKeyOf(manifest: Manifest): string | undefined {
  if (manifest[APPLICATION_MODULE]) return APPLICATION_MODULE;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  if (entryKey) visit(entryKey);
  return [...seen].flatMap((k) => manifest[k]!.dynamicImports ?? [])[0];
}

/** A page's `<link>` tags: the hints for `<head>`, and the stylesheets after the page's own. */
export type PageLinks = { hints: string; stylesheets: string };
export const NO_LINKS: PageLinks = { hints: '', stylesheets: '' };

/**
 * Builds `linksFor(pathname)`: the `<link>` tags that let the browser fetch a page's route chunks
 * (with the chunks they import that the entry does not) and its largest image at once, and the
 * stylesheets of the lazy chunks a server-sent frame is painted with. Stylesheets go after the
 * application's own, in the order the app itself would add them (the same cascade).
 * Without a manifest (no build, or a stand-in build in tests) there are no hints.
 */
export function createPreloadHints(dist: string): (pathname: string) => PageLinks {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) return () => NO_LINKS;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;

  const keyOf = (module: string) => chunkKeyOf(manifest, module);
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  // index.html already names the entry's own imports, and the application's chunks (the entry
  // starts `src/main.tsx` after the first paint; the build names its chunks for preloading).
  const entryModules = entryKey ? closure(entryKey) : new Set<string>();
  const application = applicationKeyOf(manifest) ?? APPLICATION_MODULE;
  const loadedByEntry = closure(application, new Set(entryModules));

  const hints = new Map<(typeof PAGE_MODULES)[number], PageLinks>();
  for (const page of PAGE_MODULES) {
    if (!keyOf(page.modules[0]!)) continue;
    const reached = new Set<string>();
    if (page.application) closure(application, reached);
    for (const m of page.modules) {
      const key = keyOf(m);
      if (key) closure(key, reached);
    }
    const modules = [...reached].filter((k) => !(page.application ? entryModules : loadedByEntry).has(k));
    // A lazy chunk's stylesheet (the console's) is otherwise asked for only when the chunk is imported.
    const styles = [...new Set(modules.flatMap((k) => manifest[k]!.css ?? []))];
    const preloads = modules.map(
      (k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`,
    );
    const tags = page.application
      ? [`<template id="${APP_PRELOADS_ID}">${preloads.join('')}</template>`]
      : [
          ...(page.image
            ? [`<link rel="preload" as="image" href="${page.image}" fetchpriority="high">`]
            : []),
          ...preloads,
          ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ];
    const stylesheets = page.application
      ? styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
      : [];
    hints.set(page, { hints: tags.join('\n    '), stylesheets: stylesheets.join('\n    ') });
  }
  return (pathname) => {
    const page = PAGE_MODULES.find((p) => p.match(pathname));
    return (page && hints.get(page)) ?? NO_LINKS;
  };
}
