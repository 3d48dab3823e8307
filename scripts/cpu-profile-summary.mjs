// Summarises a V8 CPU profile (`node --cpu-prof`, or `BENCH_CPU_PROF=<dir> npm run bench`): the
// share of the process's samples spent in each package or project folder, and the hottest
// functions by self time. `node scripts/cpu-profile-summary.mjs <file.cpuprofile> [top] [lastMs]`:
// with `lastMs`, only the samples of the profile's last `lastMs` milliseconds (the load, not the start).
import { readFileSync } from 'node:fs';

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Sample i was taken at startTime + the sum of timeDeltas up to i (microseconds).
const times = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) times.push((t += d));
const from = lastArg ? profile.endTime - Number(lastArg) * 1000 : -Infinity;
const selfSamples = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  total++;
});

/** Where a function lives: an npm package, a project folder, Node's own code, or V8's (idle, GC). */
function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const own = url.match(/\/(apps\/[^/]+\/src\/(?:modules\/[^/]+|[^/]+)|packages\/[^/]+)/);
  return own ? own[1] : url;
}

const areas = new Map();
const functions = new Map();
for (const [id, n] of selfSamples) {
  const node = byId.get(id);
  const { functionName, url, lineNumber } = node.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + n);
  const key = `${functionName || '(anonymous)'}  ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + n);
}
const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
const durationMs = (profile.endTime - Math.max(profile.startTime, from)) / 1000;
const idle = areas.get('(idle)') ?? 0;
console.log(`${file}: ${total} samples over ${durationMs.toFixed(0)} ms, ${pct(total - idle)} busy`);
console.log('\nSelf time by area:');
for (const [a, n] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(n)}  ${a}`);
console.log('\nHottest functions (self time):');
for (const [f, n] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`  ${pct(n)}  ${f}`);
