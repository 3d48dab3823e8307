// `npm start`: builds the web app when its build is missing or older than its sources, and the
// server bundle likewise (scripts/build-server.mjs), then runs the server (which migrates, seeds
// demo data on an empty database and listens) with plain node: no TypeScript compiled at run time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildServer,
  newestMtime,
  SERVER_NODE_ARGS,
  serverBuildIsStale,
  serverEntry,
} from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The browser build and the public pages' server renderer (apps/web/dist-ssr): both from one build.
const built = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].map((f) =>
  path.join(root, f),
);
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt < Math.max(...sources.map((p) => newestMtime(path.join(root, p))))) {
  console.log(builtAt ? 'Giao diện web đã thay đổi: đang build lại…' : 'Đang build giao diện web (lần đầu)…');
  const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (serverBuildIsStale()) {
  console.log('Đang build máy chủ…');
  await buildServer();
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverEntry], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
