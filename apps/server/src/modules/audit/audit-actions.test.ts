import { AUDIT_ACTION_KEYS, auditActionStaffLabel } from '@giot-hong/contract';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every 'x.y' string the server passes as an audit action (after `action:` or in an audit(…) call). */
function actionsWrittenByTheServer(): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(path.join(root, f), 'utf8'));
  const found = new Set<string>();
  for (const text of files) {
    for (const m of text.matchAll(/action:\s*([^,\n]+)/g))
      for (const lit of m[1]!.matchAll(/'([a-z_-]+(?:\.[a-z_-]+)+)'/g)) found.add(lit[1]!);
    // audit(db, actor, action, …) and the thin wrappers over it (auditCard, a repository's audit).
    for (const m of text.matchAll(/\b(?:audit|auditCard)\(([\s\S]*?)\);/g))
      for (const lit of m[1]!.matchAll(/'([a-z_-]+(?:\.[a-z_-]+)+)'/g)) found.add(lit[1]!);
  }
  return [...found].sort();
}

describe('the audit trail in words', () => {
  it('has Vietnamese words for every action the server writes', () => {
    const written = actionsWrittenByTheServer();
    expect(written.length).toBeGreaterThan(30);
    expect(written.filter((a) => !(AUDIT_ACTION_KEYS as readonly string[]).includes(a))).toEqual([]);
    for (const a of AUDIT_ACTION_KEYS) expect(auditActionStaffLabel(a)).not.toBe(a);
  });
});
