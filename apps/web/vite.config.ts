import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
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
  server: {
    port: 5173,
    proxy: {
      '^/(api|auth|answer|questionset|recognition-id|extract|status|dev|s)(/|$|\\?)': 'http://localhost:3000',
    },
  },
}));
