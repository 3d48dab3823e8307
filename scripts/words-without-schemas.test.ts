import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The contract's modules that donor pages take their words from build no schema: neither they nor
 * any module they import from the contract imports zod. A page that shows one of their words then
 * evaluates none of the console's schemas (ADR 76; appeal-public.ts for the landing page, before
 * it).
 */
const WORDS_WITHOUT_SCHEMAS = [
  'appeal-public.ts',
  'appeal-texts.ts',
  'blood-unit-lists.ts',
  'console-texts.ts',
  'constants.ts',
  'honour-texts.ts',
  'identity-review-outcomes.ts',
  'unit-journey.ts',
];

const here = path.resolve(import.meta.dirname, '../packages/contract/src');
/** The contract modules `file` imports at run time (type-only imports build nothing). */
function runtimeImports(file: string): { zod: boolean; modules: string[] } {
  const text = readFileSync(path.join(here, file), 'utf8');
  const imports = [
    ...[...text.matchAll(/^import\s+(type\s+)?[^;']*?from\s+'([^']+)';/gms)]
      .filter((m) => !m[1])
      .map((m) => m[2]!),
    // `import './module.ts';`: run for its effects, so it counts too.
    ...[...text.matchAll(/^import\s+'([^']+)';/gm)].map((m) => m[1]!),
  ];
  return {
    zod: imports.some((i) => i === 'zod' || i.startsWith('zod/')),
    modules: imports.filter((i) => i.startsWith('./')).map((i) => i.slice(2)),
  };
}

describe('modules of words without schemas', () => {
  it.each(WORDS_WITHOUT_SCHEMAS)('%s imports no zod, nor does anything it imports', (file) => {
    const seen = new Set<string>();
    const withZod: string[] = [];
    const visit = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      const { zod, modules } = runtimeImports(f);
      if (zod) withZod.push(f);
      modules.forEach(visit);
    };
    visit(file);
    expect(withZod).toEqual([]);
  });

  it('sees a schema module as one (the check can fail)', () => {
    expect(runtimeImports('appeals.ts').zod).toBe(true);
    expect(runtimeImports('blood-centre.ts').zod).toBe(true);
  });
});
