// Prints the slowest test files of the last run (from Vitest's JSON report, .tmp/test-report.json),
// so that "what makes the suite slow" is data. `.ci/run` calls it after the tests, pass or fail.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const file = path.join(root, '.tmp/test-report.json');
const count = Number(process.argv[2] ?? 15);
if (!existsSync(file)) {
  console.log('No test report (.tmp/test-report.json): the tests did not run to the end.');
  process.exit(0);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults
  .map((r) => ({
    name: path.relative(root, r.name),
    ms: (r.endTime ?? 0) - (r.startTime ?? 0),
    tests: r.assertionResults.length,
  }))
  .sort((a, b) => b.ms - a.ms);
const total = files.reduce((s, f) => s + f.ms, 0);
console.log(
  `\nThe ${Math.min(count, files.length)} slowest test files (of ${files.length}; ${(total / 1000).toFixed(0)} s in all, files run in parallel where their project allows):`,
);
for (const f of files.slice(0, count))
  console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${String(f.tests).padStart(4)} tests  ${f.name}`);
