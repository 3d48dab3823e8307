/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests: every line must be
 * a `# HELP`, a `# TYPE` or a sample of a family declared before it, with well-formed names,
 * escaped label values and a number; anything else throws with the line.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Family = { name: string; type: string; help: string; samples: Sample[] };

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<string, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`).
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`bad value in: ${line}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from position `i` (at the brace); returns the labels and the end position. */
function parseLabels(s: string, i: number, line: string): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  i++; // {
  while (s[i] !== '}') {
    const eq = s.indexOf('=', i);
    if (eq < 0) throw new Error(`bad labels in: ${line}`);
    const name = s.slice(i, eq);
    if (!LABEL.test(name) || name in labels) throw new Error(`bad label name "${name}" in: ${line}`);
    if (s[eq + 1] !== '"') throw new Error(`unquoted label value in: ${line}`);
    let j = eq + 2;
    let value = '';
    for (;;) {
      const c = s[j];
      if (c === undefined) throw new Error(`unterminated label value in: ${line}`);
      if (c === '"') break;
      if (c === '\\') {
        const n = s[j + 1];
        if (n === 'n') value += '\n';
        else if (n === '\\' || n === '"') value += n;
        else throw new Error(`bad escape in: ${line}`);
        j += 2;
        continue;
      }
      if (c === '\n') throw new Error(`raw newline in: ${line}`);
      value += c;
      j++;
    }
    labels[name] = value;
    i = j + 1;
    if (s[i] === ',') i++;
    else if (s[i] !== '}') throw new Error(`bad label separator in: ${line}`);
  }
  return [labels, i + 1];
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue; // a plain comment
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped', help: '', samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`bad type in: ${line}`);
        if (family.samples.length > 0) throw new Error(`TYPE after samples in: ${line}`);
        family.type = rest;
      } else family.help = rest;
      families.set(name, family);
      continue;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`bad sample: ${line}`);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
    let labels: Record<string, string> = {};
    let i = nameEnd;
    if (line[i] === '{') [labels, i] = parseLabels(line, i, line);
    if (line[i] !== ' ') throw new Error(`no value in: ${line}`);
    const parts = line.slice(i + 1).split(' ');
    if (parts.length > 2 || (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])))
      throw new Error(`bad value or timestamp in: ${line}`);
    const value = parseValue(parts[0]!, line);
    const family = [...families.values()].find(
      (f) => name.startsWith(f.name) && SUFFIXES[f.type]!.includes(name.slice(f.name.length)),
    );
    if (!family) throw new Error(`sample of no declared family: ${line}`);
    family.samples.push({ name, labels, value });
  }
  return families;
}

/** The samples named `name` whose labels include `match`. */
export function samplesOf(families: Map<string, Family>, name: string, match: Record<string, string> = {}) {
  return [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v));
}
