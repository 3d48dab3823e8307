/**
 * How many browser-test files run at once, each against a server of its own (global-setup.ts
 * starts this many). A browser test mostly waits (for Chromium, for the server): two at a time
 * keep both cores of the machines here busy without the pages' timing suffering.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
