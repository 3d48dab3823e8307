/**
 * zod must never try `new Function` in the browser: the CSP forbids eval, and even zod's caught
 * probe for it (on the first object it parses) is reported as a violation. `config({ jitless })`
 * would do, but importing zod here would put it into the landing page's first load, which has no
 * zod; zod reads its settings from this global (zod/v4/core/core.js), created here first.
 * Imported first by main.tsx, so it runs before any chunk builds a schema. The browser test
 * e2e/csp.e2e.ts fails if this stops working.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
