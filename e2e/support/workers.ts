/**
 * How many browser-test files run at once, each against a server of its own (global-setup.ts
 * starts this many). A browser test mostly waits (for Chromium, for the server, for a page's
 * animation): with two at a time the two cores here were busy less than half of the browser
 * files' time, so four run at once (ADR 50).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 4);
