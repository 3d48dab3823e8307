/**
 * How long after it listens the server loads its page renderer, without waiting for a page to be
 * asked (page-renderer.ts, ADR 63): the readiness probe and the requests already waiting go first.
 * Its own module, so that the benchmarks can wait for it without loading the renderer's types.
 */
export const RENDERER_WARM_UP_DELAY_MS = 1_000;
