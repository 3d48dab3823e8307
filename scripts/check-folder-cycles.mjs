#!/usr/bin/env node
/**
 * Import cycles between folders: the server's modules (apps/server/src/modules/*) and the web
 * app's features (apps/web/src/features/*). ESLint's import-x/no-cycle sees cycles between files;
 * two folders can import each other through different files without any file cycle, and then
 * neither can be understood, tested or moved without the other. This check builds the graph of
 * imports between the folders of each group from the relative import specifiers of their sources
 * and prints every cycle with its path (a → b → a).
 *
 * A cycle in either group fails (exit 1), so a change that adds one fails `npm run lint`.
 *
 * Plain Node, no dependency: it reads `import … from '…'`, `export … from '…'` and `import('…')`
 * with a regular expression; comments are stripped first so an example in a comment is no edge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
/** `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`. */
const SPECIFIER = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;

/**
 * Every source file under `dir` but tests: a test may drive another folder's code (an end-to-end
 * path through two modules) without the code itself depending on it.
 */
function sourcesOf(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourcesOf(full));
    else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The relative specifiers a source imports, comments left out. */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'));
}

/**
 * The folder graph of one group: for each folder under `root`, the other folders of the group its
 * files import. `read` is injectable so that a test can describe files without writing them.
 */
export function folderGraph(root, files, read = (f) => readFileSync(f, 'utf8')) {
  const folderOf = (file) => {
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || !rel.includes(path.sep)) return undefined;
    return rel.split(path.sep)[0];
  };
  const graph = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const spec of specifiersOf(read(file))) {
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** Every elementary cycle once, each as its path of folders ending where it starts. */
export function findCycles(graph) {
  const cycles = [];
  const seen = new Set();
  const names = [...graph.keys()].sort();
  for (const start of names) {
    // Cycles through `start` whose other folders sort after it: each cycle is found from its first folder only.
    const walk = (node, trail) => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) {
          const key = trail.join('>');
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push([...trail, start]);
          }
        } else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

const GROUPS = [
  { name: 'server modules', root: 'apps/server/src/modules', strict: true },
  { name: 'web features', root: 'apps/web/src/features', strict: true },
];

/** Checks the repository at `repoRoot`; returns the exit code. */
export function main(repoRoot, log = console.log) {
  let failed = false;
  for (const group of GROUPS) {
    const root = path.join(repoRoot, group.root);
    let files;
    try {
      files = sourcesOf(root);
    } catch {
      continue; // A group that does not exist (yet) has no cycle.
    }
    const cycles = findCycles(folderGraph(root, files));
    for (const cycle of cycles)
      log(`${group.strict ? 'error' : 'warning'}: folder cycle in ${group.name}: ${cycle.join(' → ')}`);
    if (group.strict && cycles.length) failed = true;
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  process.exitCode = main(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
