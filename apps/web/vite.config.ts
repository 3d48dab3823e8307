import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    // The server injects per-page meta into index.html; keep the marker intact.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // Read by `npm run bench` to measure what the landing route loads before first paint.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '^/(api|auth|answer|questionset|recognition-id|extract|status|dev|s)(/|$|\\?)': 'http://localhost:3000',
    },
  },
});
