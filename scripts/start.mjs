// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server (which migrates, seeds demo data on an empty database and listens).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) max = Math.max(max, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log(builtAt ? 'Giao diện web đã thay đổi: đang build lại…' : 'Đang build giao diện web (lần đầu)…');
  const r = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
