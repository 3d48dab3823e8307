import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { OutputChunk, RolldownOutput } from 'rolldown';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/**
 * Writes `file.br` and `file.gz` beside every compressible build file (≥ 1 kB) so the server
 * sends them by Accept-Encoding without compressing per request (@fastify/static `preCompressed`).
 * Maximum settings: this runs once per build.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'giothong-precompress',
    // The server-rendering bundle (dist-ssr) is read from disk by the server, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !/\.(js|css|svg|json|webmanifest|txt|xml)$/.test(entry.name)) continue;
        if (file.includes(`${path.sep}.vite${path.sep}`) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}

/** The staff console's modules, and the modules that ask for its pages' first data (src/app, beside the donor's). */
const isConsoleModule = (module: string) =>
  module.startsWith('src/features/console/') || module.startsWith('src/app/console-route-data');

/**
 * The files of the chunks whose application modules are all the console's, as the bundle writes them (read by
 * `donorSideOnly`). Found from the chunks' modules, not from the manifest's keys: a lazy page whose
 * chunk other modules joined is named in the manifest by the chunk, not by the page's module.
 */
const consoleChunkFiles = new Set<string>();
function findConsoleChunks(): Plugin {
  let root = '';
  return {
    name: 'giothong-console-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    // Added to, never cleared: the service worker's own build (vite-plugin-pwa) runs this plugin too.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.moduleIds.length === 0) continue;
        const modules = chunk.moduleIds.map((id) => path.relative(root, id).split(path.sep).join('/'));
        // Console code and no other part of the app (the contract and packages belong to no side).
        const app = modules.filter((m) => m.startsWith('src/'));
        if (app.length > 0 && app.every(isConsoleModule)) consoleChunkFiles.add(chunk.fileName);
      }
    },
  };
}

/**
 * Drops from the service worker's precache the chunks only the staff console reaches (its editor,
 * charts, barcode decoder: most of the build's bytes). A donor's phone fetches the donor side once;
 * staff, online at a desk, fetch the console's chunks when they open it. Read from the build's own
 * manifest (dist/.vite/manifest.json): what index.html reaches without entering the console's chunks.
 */
function donorSideOnly(outDir: string): ManifestTransform {
  return async (entries) => {
    type Chunk = {
      file: string;
      css?: string[];
      assets?: string[];
      imports?: string[];
      dynamicImports?: string[];
    };
    const chunks = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >;
    const reached = new Set<string>();
    const visit = (key: string) => {
      const chunk = chunks[key];
      if (!chunk || reached.has(chunk.file) || consoleChunkFiles.has(chunk.file)) return;
      reached.add(chunk.file);
      for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) reached.add(f);
      for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
    };
    visit('index.html');
    const manifest = entries.filter((e) => !e.url.startsWith('assets/') || reached.has(e.url));
    return { manifest, warnings: [] };
  };
}

/**
 * Fewer, larger chunks (ADR 51). Left to itself the bundler gives every set of lazy parts sharing
 * a module a chunk of its own: 229 files, of which a page behind the login named 70–100, most under
 * 1 kB, each a request (six at a time on HTTP/1.1) and a dependency the preload helper checks.
 * The build therefore runs twice: first as the bundler splits it, which tells, after the unused
 * code has been dropped, which lazy parts load each shared chunk; then with those chunks' modules
 * grouped by who loads them:
 * - what the application (`src/main.tsx`) imports statically is one chunk beside it: every lazy
 *   part is imported after it, so nothing ever needs a part of it alone;
 * - a chunk public pages load: their small leaf chunks (under 4 kB, importing nothing but the
 *   application and each other) together, the others by the exact set of public pages, and of
 *   kinds of other lazy parts, that load them. A public page names its chunks before its first
 *   paint (its HTML is the page): it loads nothing another page alone needs, only fewer files.
 *   The kinds count too: grouped by public pages alone, the console's pages loaded the news
 *   page's share menu and its positioning library (Floating UI) with the dialog parts they share
 *   with it: 17–31 kB gzip of the about 250 kB of JavaScript each console page's HTML names (ADR 62);
 * - a chunk only lazy parts of one kind load (the staff console's; the donor's pages behind the
 *   login with the layout's parts; the login and account pages) goes to that kind's chunk, and one
 *   several kinds share to the chunk of those kinds: console code never reaches a donor page's
 *   chunks, nor the donor's pages the login's;
 * - a group the console's pages load is split further by which of the pages a staff member lands
 *   on (CONSOLE_LANDINGS: the overview, the campaign list, the day page, today's campaigns, the
 *   donor search) load its chunks: a landing page loads only groups all of whose code it runs.
 *   As one group, every console page loaded and evaluated all of the console's shared code, the
 *   contract's schemas of every console page among it: the overview's longest task after its
 *   first paint (ADR 82). What every landing page loads keeps the group's name, what some load
 *   is named after them (`-at-overview-today`), what none loads is the `-elsewhere` part; a small
 *   chunk that imports only what every landing page loads joins the first instead of a request of
 *   its own.
 * A module only one lazy part reaches stays in that part's chunk, and so do the entry's own
 * modules (`src/boot.ts`, before the first paint) and the chunks a dynamic import points into.
 * The price: a page behind the login loads some shared code of its kind it does not run (a
 * console page a staff member does not land on, and the donor's pages).
 */
const PLAN_PASS = 'GIOTHONG_CHUNK_PLAN';
/** A shared chunk smaller than this (bytes, minified) joins the others the public pages share. */
const SMALL = 4096;
const KINDS: [(module: string) => boolean, string][] = [
  [isConsoleModule, 'console'],
  [(m) => /^src\/features\/(landing|news|faq|contact|terms|errors|certificates)\//.test(m), 'public'],
  [(m) => m.startsWith('src/features/auth/'), 'account'],
];
const kindOf = (module: string) => KINDS.find(([is]) => is(module))?.[1] ?? 'donor';
/**
 * The console's pages a staff member lands on, by the lazy parts their first view loads at once:
 * the frame, the page and its first data's module (router.tsx's ROUTE_CHUNKS and
 * console-route-data.ts; the server names the same in its preload hints, plugins/preload-hints.ts).
 */
const CONSOLE_FRAME = 'src/features/console/routes/console-frame-route.tsx';
const consoleLanding = (page: string, data: string, ...more: string[]) => [
  CONSOLE_FRAME,
  `src/features/console/routes/${page}-route.tsx`,
  'src/app/console-route-data.ts',
  `src/app/console-route-data/${data}.ts`,
  ...more,
];
const CONSOLE_LANDINGS: Record<string, string[]> = {
  overview: consoleLanding('dashboard', 'overview'),
  campaigns: consoleLanding('campaign-list', 'campaigns'),
  day: consoleLanding('campaign-day', 'day', 'src/features/console/components/day-slots.tsx'),
  today: consoleLanding('today', 'campaigns'),
  donors: consoleLanding('donor-search', 'donors'),
};
/**
 * The kinds of lazy parts other than public pages among a chunk's loaders, in its group's name:
 * nothing when every kind loads it (the common case, and the names the public pages' own imports
 * carry: the landing page's entry lists them), '-for-console-donor' for some, '-only' for none.
 */
const PRIVATE_KINDS = [...new Set(KINDS.map(([, kind]) => kind).filter((k) => k !== 'public')), 'donor'];
const privateKinds = (kinds: Set<string>) => {
  const others = [...kinds].filter((k) => k !== 'public').sort();
  if (others.length === 0) return '-only';
  return others.length === PRIVATE_KINDS.length ? '' : `-for-${others.join('-')}`;
};

async function planChunks(root: string): Promise<Map<string, string>> {
  process.env[PLAN_PASS] = '1';
  let output: RolldownOutput;
  try {
    output = (await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false, manifest: false },
    })) as RolldownOutput;
  } finally {
    delete process.env[PLAN_PASS];
  }
  const chunks = output.output.filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (chunk: OutputChunk, seen = new Set<OutputChunk>()) => {
    if (seen.has(chunk)) return seen;
    seen.add(chunk);
    for (const f of chunk.imports) closure(byFile.get(f)!, seen);
    return seen;
  };
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const entry = closure(chunks.find((c) => c.isEntry)!);
  const application = chunks.find((c) => c.facadeModuleId && relative(c.facadeModuleId) === 'src/main.tsx')!;
  // Each shared chunk's loaders: the lazy parts whose static imports reach it.
  const loaders = new Map<OutputChunk, { kind: string; name: string; module: string }[]>();
  for (const lazy of chunks.filter((c) => c.isDynamicEntry && c !== application)) {
    const module = relative(lazy.facadeModuleId!);
    const loader = {
      kind: kindOf(module),
      name: path.basename(module).replace(/(-route)?\.tsx?$/, ''),
      module,
    };
    for (const c of closure(lazy)) loaders.set(c, [...(loaders.get(c) ?? []), loader]);
  }
  const applicationChunks = closure(application);
  const loadersOf = (chunk: OutputChunk) => loaders.get(chunk) ?? [];
  const publicPagesOf = (chunk: OutputChunk) =>
    [
      ...new Set(
        loadersOf(chunk)
          .filter((l) => l.kind === 'public')
          .map((l) => l.name),
      ),
    ].sort();
  // Not the chunks a dynamic import points into (a lazy module the bundler put in a shared chunk):
  // grouped, the import would load the whole group.
  const imported = new Set(chunks.flatMap((c) => c.dynamicImports));
  const shared = chunks.filter(
    (c) => !entry.has(c) && !c.isEntry && !c.isDynamicEntry && !imported.has(c.fileName),
  );
  // The small chunks public pages share: together, but only those whose own imports are the
  // application's or in the group, else a public page would load what only another one needs.
  const small = new Set(
    shared.filter((c) => !applicationChunks.has(c) && publicPagesOf(c).length > 0 && c.code.length < SMALL),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const c of small)
      if (c.imports.some((f) => !small.has(byFile.get(f)!) && !applicationChunks.has(byFile.get(f)!))) {
        small.delete(c);
        changed = true;
      }
  }
  // The console's landing pages that load a chunk: its group holds only chunks the very same of
  // them load, so a landing page evaluates nothing it does not run (the others load what they share).
  const landingsOf = (chunk: OutputChunk) => {
    const modules = new Set(loadersOf(chunk).map((l) => l.module));
    return Object.keys(CONSOLE_LANDINGS).filter((landing) =>
      CONSOLE_LANDINGS[landing]!.some((m) => modules.has(m)),
    );
  };
  // A small chunk that imports only what every landing page loads goes with that: a few kilobytes
  // more for some of them rather than a request of its own (one importing more would bring it along).
  const everyLanding = Object.keys(CONSOLE_LANDINGS);
  const loadedByEvery = (chunk: OutputChunk) =>
    applicationChunks.has(chunk) || landingsOf(chunk).length === everyLanding.length;
  // The part of a group a chunk goes to, by the landing pages that load it: all of them, some
  // (named after them), or none.
  const partOf = (chunk: OutputChunk, kinds: Set<string>): string | undefined => {
    if (!kinds.has('console')) return undefined;
    const landings = landingsOf(chunk);
    if (landings.length === 0) return 'none';
    const joinsEvery =
      chunk.code.length < SMALL && [...closure(chunk)].every((c) => c === chunk || loadedByEvery(c));
    return joinsEvery || landings.length === everyLanding.length ? 'all' : `-at-${landings.join('-')}`;
  };
  const groups = new Map<OutputChunk, { name: string; part?: string }>();
  for (const chunk of shared) {
    const kinds = new Set(loadersOf(chunk).map((l) => l.kind));
    const publicPages = publicPagesOf(chunk);
    const name = applicationChunks.has(chunk)
      ? 'app'
      : small.has(chunk)
        ? 'common'
        : publicPages.length > 0
          ? `with-${publicPages.join('-')}${privateKinds(kinds)}`
          : kinds.size === 1
            ? `${[...kinds][0]}-shared`
            : `shared-${[...kinds].sort().join('-')}`;
    const split = name !== 'app' && name !== 'common';
    groups.set(chunk, { name, part: split ? partOf(chunk, kinds) : undefined });
  }
  // What every landing page loads keeps the group's name, and so does a group none of them loads:
  // the public pages' chunks keep theirs (the landing page's own imports name them). Where a group
  // holds both, what no landing page loads is its `-elsewhere` part.
  const parts = new Map<string, Set<string | undefined>>();
  for (const { name, part } of groups.values()) parts.set(name, (parts.get(name) ?? new Set()).add(part));
  const plan = new Map<string, string>();
  for (const [chunk, { name, part }] of groups) {
    const suffix =
      part === undefined || part === 'all'
        ? ''
        : part === 'none'
          ? parts.get(name)!.has('all')
            ? '-elsewhere'
            : ''
          : part;
    for (const id of chunk.moduleIds) plan.set(id, `${name}${suffix}`);
  }
  return plan;
}

/** Brand colours (theme.css): the installed app's title bar and its splash screen. */
const BRAND_600 = '#c8102e';
const WHITE = '#ffffff';

/**
 * The web app manifest and the service worker (src/sw/sw.ts → /sw.js) with the build's file list
 * (ADR 34). The page registers the worker itself, after load (lib/pwa.ts).
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifest: {
      name: 'Giọt Hồng — Hiến máu tình nguyện',
      short_name: 'Giọt Hồng',
      description: 'Tìm chiến dịch hiến máu, đặt lịch hẹn và xem hồ sơ hiến máu của bạn.',
      lang: 'vi',
      dir: 'ltr',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: BRAND_600,
      background_color: WHITE,
      // Drawn from the logo by scripts/generate-pwa-icons.ts, committed in public/icons.
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The whole build: an open page's lazy chunks stay there until the donor takes the new version.
      // Not the precompressed twins (the browser asks for the plain name), nor the news and campaign
      // photos (public/images: fetched when a page shows them).
      // The manifest and its icons are added by the plugin.
      globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      globIgnores: ['**/*.{br,gz}', '.vite/**', 'images/**', 'sw.js'],
      manifestTransforms: [donorSideOnly(path.resolve(import.meta.dirname, 'dist'))],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      minify: true,
      sourcemap: false,
    },
    devOptions: { enabled: false },
  });

export default defineConfig(async ({ isSsrBuild }) => {
  const planPass = Boolean(process.env[PLAN_PASS]);
  const plan = isSsrBuild || planPass ? undefined : await planChunks(import.meta.dirname);
  return {
    plugins: [
      react(),
      tailwindcss(),
      ...(isSsrBuild || planPass ? [] : [findConsoleChunks(), pwa(), precompress()]),
    ],
    build: {
      target: 'es2022',
      // The server injects per-page meta into index.html; keep the marker intact.
      modulePreload: { polyfill: false },
      sourcemap: false,
      // Read by `npm run bench` to measure what the landing route loads before first paint.
      manifest: !isSsrBuild,
      ...(plan && {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The groups' dependencies are in the same group or one shared more widely: nothing to pull in.
              includeDependenciesRecursively: false,
              groups: [{ name: (id: string) => plan.get(id) ?? null }],
            },
          },
        },
      }),
      // `vite build --ssr src/entry-server.tsx`: the public pages' server renderer (ADR 0019), in
      // dist-ssr beside the browser build; its dependencies stay in node_modules, but for the two
      // in `ssr.noExternal` below.
      ...(isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false } : {}),
    },
    // Bundled into the server renderer instead of imported from node_modules:
    // - workbox-window: the notifications page's push settings import it, and Node reads its
    //   package as CommonJS without the named export; nothing of it runs on the server (the renderer
    //   renders that page's frame, ADR 0043);
    // - lucide-react: the pages' icons only. Its package's CommonJS file holds all of its 1,600-odd
    //   icons, which the process kept for its whole life once the renderer loaded (ADR 79).
    ssr: { noExternal: ['workbox-window', 'lucide-react'] },
    server: {
      port: 5173,
      proxy: {
        '^/(api|auth|answer|questionset|recognition-id|extract|status|dev|s)(/|$|\\?)':
          'http://localhost:3000',
      },
    },
  };
});
