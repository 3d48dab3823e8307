// Builds the server ahead of time with esbuild: apps/server/dist/main.js, the process `npm start`
// and production run with plain `node`; apps/server/dist/idcard-worker.js, the entry of the
// ID-card reading threads (idcard/pool.ts picks it when it runs bundled); and the command-line
// tools beside them (SERVER_TOOLS: backup and restore, staff accounts, one task now, demo data),
// which `npm run …` (scripts/run-tool.mjs) and deploy/backup.sh run with plain `node` too, sharing
// the server's chunks (ADR 57). The bundle holds the portal's own TypeScript, the workspace's
// contract package and the packages it uses, except those that must load from node_modules as
// they are (PACKAGES_OUTSIDE: native and WebAssembly ones, and those that read files beside their
// code): Node reads a few large files at the start instead of finding, reading and compiling
// some 450 small ones (ADR 73). Files the server reads by path at run time are copied
// next to the bundle, where the same relative paths find them (ADR 37).
//
//   node scripts/build-server.mjs            builds
//   node scripts/build-server.mjs --if-stale builds only when missing or older than its sources
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/server/src');
export const serverDist = path.join(root, 'apps/server/dist');
export const serverEntry = path.join(serverDist, 'main.js');
/**
 * Node's options for the server process and the tools built with it, given by everything that
 * starts one: `npm start`, the tools' launcher (scripts/run-tool.mjs), the benchmarks, the API
 * tests' processes, and written out in the systemd unit, deploy/lib.sh and deploy/backup.sh
 * (bundle.test.ts checks they agree). V8's young generation at most 2 × 8 MB instead of the
 * 2 × 16 MB it grows to during the start and keeps: 10–20 MB less in an idle process (ADR 48). WebAssembly functions move to V8's
 * optimising compiler only after about 2 GB of their code has run, not 1.8 MB: the embedded
 * database's start runs most of its functions a few times, and compiling them again cost more CPU
 * than the whole rest of the start (ADR 52); a tool on the embedded database starts it the same
 * way (ADR 57). `BENCH_SERVER_NODE_ARGS` replaces them in the benchmarks and the API tests'
 * processes, to compare (`BENCH_SERVER_NODE_ARGS=` runs without any).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=8', '--wasm-tiering-budget=2000000000'];
export const serverNodeArgs = () =>
  process.env.BENCH_SERVER_NODE_ARGS === undefined
    ? SERVER_NODE_ARGS
    : process.env.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean);

/**
 * The command-line tools built with the server: dist/<name>.js from apps/server/src/<source>.
 * Each runs to its end in a process of its own (scripts/run-tool.mjs), with the server's Node
 * options: they open the same databases, and the embedded one's WebAssembly is what those options
 * are about (ADR 57).
 */
export const SERVER_TOOLS = {
  backup: 'backup.ts',
  'run-task': 'run-task.ts',
  seed: 'seed/run-seed.ts',
  'staff-create': 'staff-create.ts',
};

/**
 * The packages that load from node_modules as they are, outside the bundle (ADR 73):
 * - native: sharp, @node-rs/argon2 (the password threads' entry is plain JavaScript beside the
 *   bundle and imports it itself), pg-native (pg's optional native driver, asked for in a `try`);
 * - WebAssembly and the files beside it: @electric-sql/pglite, zxing-wasm, tesseract.js (its
 *   threads' entry and language data);
 * - files read by their own location: pdfkit (its fonts), piscina (its threads' entry),
 *   @fastify/swagger (its package.json), @fastify/swagger-ui (the page's files);
 * - exceljs, loaded when a staff member first exports a spreadsheet, as large as the rest of the
 *   server together;
 * - those the page renderer (apps/web/dist-ssr) also loads from node_modules: zod, the password
 *   strength's dictionaries (@zxcvbn-ts, for the sign-up form), uqr (QR codes). Bundled, the
 *   process held two copies once it had rendered a page (zod alone: about 20 MB more at rest).
 *   The build refuses such a package (refuseRendererDuplicates).
 */
export const PACKAGES_OUTSIDE = [
  'sharp',
  '@node-rs/argon2',
  'pg-native',
  '@electric-sql/pglite',
  'zxing-wasm',
  'tesseract.js',
  'pdfkit',
  'piscina',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'exceljs',
  'zod',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  'uqr',
];
const OUTSIDE = new RegExp(`^(?:${PACKAGES_OUTSIDE.map((p) => p.replace(/[.]/g, '\\.')).join('|')})(?:/|$)`);
/**
 * Bundled code that finds a file by its own location, and that the server never runs: pino's
 * transports (a logging destination in a thread of its own; the server logs to its standard
 * output).
 */
const FILE_LOOKUPS_NEVER_RUN = ['node_modules/pino/lib/transport.js', 'node_modules/thread-stream/index.js'];

/** What the server reads by path: [from apps/server/src, to apps/server/dist]. */
const RUNTIME_FILES = [
  ['db/migrations', 'migrations'],
  ['modules/auth/common-passwords.txt', 'common-passwords.txt'],
  ['modules/admin-units/data/admin-units-2025.json', 'data/admin-units-2025.json'],
  // The empty embedded database a new data directory is unpacked from (db/pglite-template.ts).
  ['db/pglite-cluster', 'pglite-cluster'],
  // The password threads' entry (modules/auth/password-pool.ts): plain JavaScript, run as it is.
  ['modules/auth/password-worker.mjs', 'password-worker.mjs'],
];
const SOURCES = ['apps/server/src', 'packages/contract/src', 'scripts/build-server.mjs', 'package-lock.json'];

/** The newest modification time of a file, or of the files under a folder (0 when missing). */
export function newestMtime(file) {
  if (!existsSync(file)) return 0;
  const st = statSync(file);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(file, { recursive: true, withFileTypes: true })) {
    // Tests are no part of the bundle: a test written does not make it stale.
    if (entry.isFile() && !entry.name.endsWith('.test.ts'))
      max = Math.max(max, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return max;
}

export function serverBuildIsStale() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  return builtAt < Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))));
}

export async function buildServer() {
  rmSync(serverDist, { recursive: true, force: true });
  mkdirSync(serverDist, { recursive: true });
  for (const [from, to] of RUNTIME_FILES)
    cpSync(path.join(src, from), path.join(serverDist, to), { recursive: true });
  // main.js last of all (its time is what serverBuildIsStale compares).
  const result = await build({
    entryPoints: {
      main: path.join(src, 'main.ts'),
      'idcard-worker': path.join(src, 'idcard/worker-task.ts'),
      ...Object.fromEntries(Object.entries(SERVER_TOOLS).map(([name, from]) => [name, path.join(src, from)])),
    },
    outdir: serverDist,
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Modules loaded on first use (import()) go to chunks of their own, read only then. The chunks
    // sit beside main.js: the modules that find files by their own location (import.meta.url:
    // migrations, the password threads' entry, the database template) find them wherever they land.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // `node --enable-source-maps` makes stack traces name the TypeScript lines (off by default: it
    // costs start time and memory).
    sourcemap: true,
    // The packages' own lines in the source maps, not their text: a stack trace needs only the
    // lines, and the maps stay a fifth of the size.
    sourcesContent: false,
    // Without blanks and with shorter syntax, names kept (a stack trace still names the function):
    // the server's largest file is 1.8 MB instead of 3.1 MB, which the process keeps in memory as
    // long as it runs (V8 compiles a function from its text when first called).
    minifyWhitespace: true,
    minifySyntax: true,
    // The packages' license comments in a file beside each chunk (`<chunk>.LEGAL.txt`), not in its
    // code: one with a name like 'Wärting' made V8 keep the 1.8 MB application chunk's text in two
    // bytes a character instead of one, 1.8 MB more for the process's life (ADR 79). esbuild
    // escapes other characters beyond ASCII in strings, but not in regular expressions: the
    // sources write those as `\u` escapes (bundle.test.ts checks the chunk).
    legalComments: 'external',
    // A CommonJS package in an ES module bundle asks for Node's modules with `require`, which an ES
    // module does not have: each file gets one of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'some-packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            OUTSIDE.test(args.path) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  refuseFileLookups(result.metafile);
  refuseRendererDuplicates(result.metafile);
}

/**
 * The packages the page renderer (apps/web/dist-ssr, built before the server by `npm run build`)
 * loads from node_modules, by their names in its import statements; none when it is not built.
 */
function rendererPackages() {
  const ssr = path.join(root, 'apps/web/dist-ssr');
  if (!existsSync(ssr)) return [];
  const names = new Set();
  for (const entry of readdirSync(ssr, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, spec] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)["']([^"'./][^"']*)["']/g))
      if (!spec.startsWith('node:'))
        names.add(
          spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/'),
        );
  }
  return [...names];
}

/**
 * A package the page renderer loads from node_modules and the server bundles would be in the
 * process twice once a page is rendered (zod was: about 20 MB at rest). The build stops and names
 * it, to be added to PACKAGES_OUTSIDE.
 */
function refuseRendererDuplicates(metafile) {
  const inputs = Object.keys(metafile.inputs);
  const twice = rendererPackages().filter((name) =>
    inputs.some((i) => i.startsWith(`node_modules/${name}/`)),
  );
  if (twice.length > 0)
    throw new Error(
      `The page renderer loads ${twice.join(', ')} from node_modules, and the server bundle holds a copy: ` +
        'add it to PACKAGES_OUTSIDE in scripts/build-server.mjs.',
    );
}

/**
 * A package that finds a file by its own location finds nothing once bundled: in an ES module
 * `__dirname` and `__filename` do not exist, and `import.meta.url` names the bundle's file. The
 * build stops and names the package's files that do, to have the package added to
 * PACKAGES_OUTSIDE, unless the code is one the server never runs (FILE_LOOKUPS_NEVER_RUN). The
 * files are those esbuild put in the bundle (its metafile), read as the package ships them.
 */
function refuseFileLookups(metafile) {
  const found = Object.keys(metafile.inputs).filter(
    (input) =>
      input.startsWith('node_modules/') &&
      !FILE_LOOKUPS_NEVER_RUN.includes(input) &&
      /\b__(?:dirname|filename)\b|\bimport\.meta\.(?:url|dirname|filename)\b/.test(
        readFileSync(path.join(root, input), 'utf8'),
      ),
  );
  if (found.length > 0)
    throw new Error(
      `Bundled code finds files by its own location (__dirname): ${found.join(', ')}. ` +
        'Add its package to PACKAGES_OUTSIDE in scripts/build-server.mjs.',
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--if-stale') && !serverBuildIsStale()) process.exit(0);
  console.log('Đang build máy chủ…');
  await buildServer();
}
