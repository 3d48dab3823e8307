import { PAGES } from '@giot-hong/contract';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The route module of each public page (as named in the web build's manifest). The browser
 * would find these chunks only after the entry script ran and the router chose the page; named
 * in the HTML they download beside the entry instead of after it.
 */
const PAGE_MODULES: { match: (pathname: string) => boolean; module: string; image?: string }[] = [
  {
    match: (p) => p === PAGES.home,
    module: 'src/features/landing/routes/landing-route.tsx',
    // The hero picture is the landing page's largest paint.
    image: '/images/hero.webp',
  },
  { match: (p) => p === PAGES.news, module: 'src/features/news/routes/news-list-route.tsx' },
  { match: (p) => /^\/tin-tuc\/\d+$/.test(p), module: 'src/features/news/routes/news-detail-route.tsx' },
  { match: (p) => p === PAGES.faq, module: 'src/features/faq/routes/faq-route.tsx' },
  { match: (p) => p === PAGES.contact, module: 'src/features/contact/routes/contact-route.tsx' },
  { match: (p) => p === PAGES.terms, module: 'src/features/terms/routes/terms-route.tsx' },
];

/** The application module the entry (`src/boot.ts`) imports once the page is painted. */
export const APPLICATION_MODULE = 'src/main.tsx';

/**
 * Builds `hintsFor(pathname)`: the `<link>` tags that let the browser fetch a public page's route
 * chunk (with the chunks it imports that the entry does not) and its largest image at once.
 * Without a manifest (no build, or a stand-in build in tests) there are no hints.
 */
export function createPreloadHints(dist: string): (pathname: string) => string {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;

  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  // index.html already names the entry's own imports, and the application's chunks (the entry
  // starts `src/main.tsx` after the first paint; the build names its chunks for preloading).
  const loadedByEntry = entryKey ? closure(entryKey) : new Set<string>();
  closure(APPLICATION_MODULE, loadedByEntry);

  const hints = new Map<string, string>();
  for (const page of PAGE_MODULES) {
    if (!manifest[page.module]) continue;
    const modules = [...closure(page.module)].filter((k) => !loadedByEntry.has(k));
    const tags = [
      ...(page.image ? [`<link rel="preload" as="image" href="${page.image}" fetchpriority="high">`] : []),
      ...modules.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`),
    ];
    hints.set(page.module, tags.join('\n    '));
  }
  return (pathname) => {
    const page = PAGE_MODULES.find((p) => p.match(pathname));
    return (page && hints.get(page.module)) ?? '';
  };
}
