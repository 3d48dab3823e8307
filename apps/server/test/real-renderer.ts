import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { serverEntryPath } from '../src/modules/ssr/page-renderer.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WEB = path.join(ROOT, 'apps/web');

/**
 * The real server renderer, as `npm run build` leaves it in apps/web/dist-ssr; built into the
 * repository's .tmp when missing, where Node finds its packages as it does for the real one.
 */
export async function realServerEntry(): Promise<{ file: string; dispose(): void }> {
  const built = serverEntryPath(path.join(WEB, 'dist'));
  if (existsSync(built)) return { file: built, dispose() {} };
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const outDir = mkdtempSync(path.join(ROOT, '.tmp', 'renderer-'));
  // Built for production, as npm run build builds it (Vitest's NODE_ENV is 'test'): restored after.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: WEB,
      configFile: path.join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      mode: 'production',
      build: { ssr: 'src/entry-server.tsx', outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return {
    file: path.join(outDir, 'entry-server.js'),
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
