import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * Drops from the service worker's precache the chunks only the staff console reaches (its editor,
 * charts, barcode decoder: most of the build's bytes). A donor's phone fetches the donor side once;
 * staff, online at a desk, fetch the console's chunks when they open it. Read from the build's own
 * manifest (dist/.vite/manifest.json): what index.html reaches without entering src/features/console.
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
      if (!chunk || reached.has(chunk.file) || key.startsWith('src/features/console/')) return;
      reached.add(chunk.file);
      for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) reached.add(f);
      for (const k of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(k);
    };
    visit('index.html');
    const manifest = entries.filter((e) => !e.url.startsWith('assets/') || reached.has(e.url));
    return { manifest, warnings: [] };
  };
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [pwa()]), precompress()],
  build: {
    target: 'es2022',
    // The server injects per-page meta into index.html; keep the marker intact.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Read by `npm run bench` to measure what the landing route loads before first paint.
    manifest: !isSsrBuild,
    // `vite build --ssr src/entry-server.tsx`: the public pages' server renderer (ADR 0019), in
    // dist-ssr beside the browser build; its dependencies stay in node_modules.
    ...(isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false } : {}),
  },
  // The notifications page's push settings import workbox-window, whose package Node reads as
  // CommonJS without the named export: bundled into the server renderer (which renders that page's
  // frame, ADR 0043) instead of imported from node_modules. Nothing of it runs on the server.
  ssr: { noExternal: ['workbox-window'] },
  server: {
    port: 5173,
    proxy: {
      '^/(api|auth|answer|questionset|recognition-id|extract|status|dev|s)(/|$|\\?)': 'http://localhost:3000',
    },
  },
}));
