import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, folderGraph, specifiersOf } from './check-folder-cycles.mjs';

const root = path.resolve('/repo/apps/server/src/modules');
/** Made-up sources: file path under `root` → its text. */
const graphOf = (files: Record<string, string>) =>
  folderGraph(
    root,
    Object.keys(files).map((f) => path.join(root, f)),
    (f: string) => files[path.relative(root, f)]!,
  );

describe('check-folder-cycles', () => {
  it('finds a cycle between two folders through different files, with its path', () => {
    const graph = graphOf({
      'a/a.service.ts': "import { b } from '../b/b.service.ts';",
      'b/b.service.ts': "import type { A } from '../a/a.types.ts';",
      'a/a.types.ts': 'export type A = number;',
      'c/c.ts': "export { a } from '../a/a.service.ts';",
    });
    expect(findCycles(graph)).toEqual([['a', 'b', 'a']]);
  });

  it('finds a longer cycle once, and none in a graph without one', () => {
    const cyclic = graphOf({
      'x/x.ts': "import '../y/y.ts';",
      'y/y.ts': "const m = await import('../z/z.ts');",
      'z/z.ts': "import { x } from '../x/x.ts';",
    });
    expect(findCycles(cyclic)).toEqual([['x', 'y', 'z', 'x']]);
    const acyclic = graphOf({
      'x/x.ts': "import '../y/y.ts';",
      'y/y.ts': "import { helper } from '../../lib/helper.ts'; import z from 'zod';",
    });
    expect(findCycles(acyclic)).toEqual([]);
  });

  it('reads no import from a comment', () => {
    expect(specifiersOf("// import { a } from '../a/a.ts';\n/* export * from '../b/b.ts' */")).toEqual([]);
  });
});
