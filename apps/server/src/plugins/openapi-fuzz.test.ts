import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import { createTestContext, DB_KINDS, fakeWebDist, type TestContext } from '../../test/helper.ts';
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
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
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
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: fromPath,
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return ops;
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

type Auth = 'valid' | 'none' | 'forged';

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
  const auth = fc.constantFrom<Auth>('valid', 'valid', 'none', 'forged');
  return fc.record({ pathValues, query, body, auth });
}

describe.each(DB_KINDS)('every operation of the OpenAPI document, on %s', (kind) => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext(kind, { config: { rateLimitScale: 1000, webDist: fakeWebDist() } });
    token = (await createLoggedInUser(t)).tokens.accessToken;
  });
  afterAll(() => t.close());

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
          const headers: Record<string, string> = {};
          if (auth === 'valid') headers.authorization = `Bearer ${token}`;
          if (auth === 'forged') headers.authorization = `Bearer ${token.slice(0, -4)}AAAA`;
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
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            payload,
          });
          requests++;
          const where = `${op.method} ${url.slice(0, 200)} → ${res.statusCode}`;
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
        }),
        { numRuns: RUNS_PER_OPERATION, interruptAfterTimeLimit: budgetPerOp, markInterruptAsFailure: false },
      );
    }
    // At least a few generated requests per operation got through in the time given.
    expect(requests).toBeGreaterThan(ops.length * 5);
  });
});
