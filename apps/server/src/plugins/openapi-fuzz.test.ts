import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, fakeWebDist, type TestContext } from '../../test/helper.ts';
import { isApiPath } from './errors.ts';

/**
 * Walks every operation of the OpenAPI document the app serves (routes added later are walked
 * too) with generated malformed input, with and without a valid token, and checks that no answer
 * is a 5xx and that every error is the envelope. Bounded in time: each database gets
 * WALK_BUDGET_MS shared by the operations.
 */
const WALK_BUDGET_MS = 40_000;
const RUNS_PER_OPERATION = 40;

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  /** Every property of the JSON body, nested ones as dotted paths ('audience.date'). */
  bodyPaths: string[];
  bodySchema?: JsonSchema;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  format?: string;
  anyOf?: JsonSchema[];
};

/** The property paths of a body schema, two levels deep (an array's items count as its own level). */
function propertyPaths(schema: JsonSchema | undefined, prefix = '', depth = 0): string[] {
  const node = schema?.items ?? schema;
  if (!node?.properties || depth > 1) return [];
  return Object.entries(node.properties).flatMap(([name, sub]) => [
    `${prefix}${name}`,
    ...propertyPaths(sub, `${prefix}${name}.`, depth + 1),
  ]);
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const fromPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: fromPath,
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(body?.properties ?? {}),
        bodyPaths: propertyPaths(body),
        bodySchema: body,
      });
    }
  }
  return ops;
}

/**
 * Dates at the edges: years 0, 1, 9999 and ±275760 (JavaScript's last), days that do not exist,
 * a time without a zone. A period at the end of year 9999 once made a day loop run for ever.
 */
const EDGE_DAYS = ['0000-01-01', '0001-01-01', '1899-12-31', '2025-02-30', '9999-12-25', '9999-12-31'];
const EDGE_DATES = [
  ...EDGE_DAYS,
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2025-02-30T08:00:00.000Z',
  '2026-12-05T07:30:00',
  '30/02/1990',
  '01/01/0000',
];
/** Ids beyond the 32-bit columns, alone and inside filters ('user:12'). */
const EDGE_IDS = ['2147483648', '9999999999', '-1', '0', 'user:2147483648', 'campaign:9999999999'];
const EDGE_ID_NUMBERS = [2_147_483_648, 9_999_999_999, -1, 0, 1e21];
const isDateLike = (name: string) => /date|time|day|dob|doe|from|to$|until|start|end|publish|At$/i.test(name);
const isIdLike = (name: string) => /id$|Id$|^id|target|actor|page/i.test(name);

/**
 * A body that would pass the simple checks (types, enums, minimums, plausible dates), so that one
 * field set to an edge value is what the route has to deal with: a body missing everything else is
 * refused before the edge value matters.
 */
function plausible(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.anyOf) return plausible(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, sub]) => [k, plausible(sub, k)]),
      );
    case 'array':
      return schema.minItems ? [plausible(schema.items, name)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return 'nguoi.thu@example.vn';
      if (/At$|Time$|start/i.test(name)) return '2026-12-05T01:00:00.000Z';
      if (isDateLike(name)) return '2026-11-20';
      return 'Giọt Hồng';
    default:
      return undefined;
  }
}

/** `body` with the dotted `path` set to `value` (a copy). */
function withValue(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = Array.isArray(copy) ? (copy[0] as Record<string, unknown>) : copy;
  for (const k of keys.slice(0, -1)) {
    if (typeof node[k] !== 'object' || node[k] === null) node[k] = {};
    node = node[k] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return copy;
}

/** Text that breaks naive code: control characters, huge or odd numbers, encodings, injections. */
const nastyText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\u0085',
    '\ud800',
    '2147483648',
    '9007199254740993',
    '-1',
    '0',
    '1e309',
    ...EDGE_DATES,
    ...EDGE_IDS,
    'NaN',
    '1.5',
    '0x10',
    'true',
    'null',
    '[]',
    '{}',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '%',
    '%00',
    '%E0%A4%A',
    'a'.repeat(5000),
    'ệ'.repeat(300),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    0.5,
    [],
    {},
    [null],
    { $ne: 1 },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(nastyText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 3 }),
);

type Auth = 'donor' | 'admin' | 'none' | 'forged';

/** Percent-encodes for a path; a lone surrogate (not encodable) goes as its raw UTF-8 bytes. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A request for `op`: every parameter and body field malformed or missing, plus stray ones. */
function requestFor(op: Operation) {
  const pathValues = fc.tuple(
    ...op.pathParams.map(() => fc.oneof(nastyText.map(encodePathValue), fc.constantFrom('%E0%A4%A', '1'))),
  );
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...op.queryParams, 'x'), fc.string({ maxLength: 6 })),
    nastyText,
    { maxKeys: 4 },
  );
  const jsonBody = fc.oneof(
    fc.record(
      Object.fromEntries((op.bodyFields.length ? op.bodyFields : ['x']).map((f) => [f, nastyValue])),
      { requiredKeys: [] },
    ),
    nastyValue,
  );
  const body = fc.oneof(
    jsonBody.map((value) => ({ kind: 'json' as const, value })),
    fc.string({ unit: 'binary', maxLength: 200 }).map((value) => ({ kind: 'raw-json' as const, value })),
    fc
      .tuple(
        fc.constantFrom('', '; boundary=XYZ', '; boundary='),
        fc.string({ unit: 'binary', maxLength: 200 }),
      )
      .map(([boundary, value]) => ({ kind: 'multipart' as const, boundary, value })),
    fc.constant({ kind: 'none' as const }),
  );
  const auth = fc.constantFrom<Auth>('donor', 'admin', 'admin', 'none', 'forged');
  return fc.record({ pathValues, query, body, auth });
}

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('every operation of the OpenAPI document, on %s', (kind) => {
  let t: TestContext;
  const tokens: Record<'donor' | 'admin', string> = { donor: '', admin: '' };
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { rateLimitScale: 1000, webDist: fakeWebDist() } });
    tokens.donor = (await createLoggedInUser(t)).tokens.accessToken;
    // The staff routes check the role first: only an ADMIN's requests reach their parameters.
    tokens.admin = (await createLoggedInUser(t, { role: 'ADMIN' })).tokens.accessToken;
  });
  afterAll(() => t.close());

  const headersFor = (auth: Auth): Record<string, string> => {
    if (auth === 'none') return {};
    if (auth === 'forged') return { authorization: `Bearer ${tokens.donor.slice(0, -4)}AAAA` };
    return { authorization: `Bearer ${tokens[auth]}` };
  };

  /** Sends one request and checks the answer: never a 5xx, errors in the envelope. */
  async function check(op: Operation, url: string, headers: Record<string, string>, payload?: string) {
    const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload });
    const where = `${op.method} ${url.slice(0, 200)} ${payload?.slice(0, 200) ?? ''} → ${res.statusCode}`;
    expect(res.statusCode, where).toBeLessThan(500);
    if (res.statusCode < 400) return;
    const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
    // Pages (the short links' 404 page) answer people with HTML; the API answers in the envelope.
    if (!isJson && !isApiPath(url)) return;
    expect(isJson, where).toBe(true);
    const json = res.json();
    expect(json, where).toMatchObject({ success: false, data: null });
    expect(typeof json.message, where).toBe('string');
    expect(typeof json.code, where).toBe('string');
    expect(json.requestId, where).toBe(res.headers['x-request-id']);
  }

  it('answers malformed input without a 5xx, always in the envelope', { timeout: 120_000 }, async () => {
    const ops = operationsOf(t.app.swagger() as unknown as OpenApiDoc);
    // The document must list the routes: a broken generator would make this walk pass vacuously.
    expect(ops.length).toBeGreaterThan(40);
    const budgetPerOp = Math.floor(WALK_BUDGET_MS / ops.length);
    let requests = 0;
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async ({ pathValues, query, body, auth }) => {
          let url = op.path;
          op.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, pathValues[i]!)));
          const qs = new URLSearchParams(query).toString();
          if (qs) url += `?${qs}`;
          const headers = headersFor(auth);
          let payload: string | undefined;
          if (op.method !== 'GET' && body.kind !== 'none') {
            if (body.kind === 'json') {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(body.value) ?? 'null';
            } else if (body.kind === 'raw-json') {
              headers['content-type'] = 'application/json';
              payload = body.value;
            } else {
              headers['content-type'] = `multipart/form-data${body.boundary}`;
              payload = body.value;
            }
          }
          await check(op, url, headers, payload);
          requests++;
        }),
        { numRuns: RUNS_PER_OPERATION, interruptAfterTimeLimit: budgetPerOp, markInterruptAsFailure: false },
      );
    }
    // At least a few generated requests per operation got through in the time given.
    expect(requests).toBeGreaterThan(ops.length * 5);
  });

  it(
    'answers edge dates and ids in every date- or id-like parameter, as an ADMIN, without a 5xx',
    { timeout: 120_000 },
    async () => {
      const ops = operationsOf(t.app.swagger() as unknown as OpenApiDoc);
      let requests = 0;
      for (const op of ops) {
        // Path ids are the walk's business; here they name a row that may exist.
        const url = op.pathParams.reduce((u, name) => u.replace(`{${name}}`, '1'), op.path);
        const headers = headersFor('admin');
        // Query: each date-like parameter alone, and every pair of edge days in a from/to period.
        const queries: Record<string, string>[] = [];
        for (const q of op.queryParams) {
          if (isDateLike(q)) queries.push(...EDGE_DATES.map((v) => ({ [q]: v })));
          if (isIdLike(q)) queries.push(...EDGE_IDS.map((v) => ({ [q]: v })));
        }
        if (op.queryParams.includes('from') && op.queryParams.includes('to'))
          for (const from of EDGE_DAYS) for (const to of EDGE_DAYS) queries.push({ from, to });
        for (const q of queries) {
          await check(op, `${url}?${new URLSearchParams(q)}`, headers);
          requests++;
        }
        // Body: a plausible body with one date- or id-like field (nested ones too) at an edge.
        if (op.method === 'GET' || !op.bodySchema) continue;
        const base = plausible(op.bodySchema);
        for (const path of op.bodyPaths) {
          const leaf = path.split('.').at(-1)!;
          const values = [
            ...(isDateLike(leaf) ? EDGE_DATES : []),
            ...(isIdLike(leaf) ? [...EDGE_IDS, ...EDGE_ID_NUMBERS] : []),
          ];
          for (const v of values) {
            const payload = JSON.stringify(withValue(base, path, v));
            await check(op, url, { ...headers, 'content-type': 'application/json' }, payload);
            requests++;
          }
        }
      }
      // The dashboard's period alone is 36 pairs: the pass must have reached the parameters.
      expect(requests).toBeGreaterThan(200);
    },
  );
});
