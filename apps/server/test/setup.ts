import { expect } from 'vitest';

/**
 * Set up before each API test file. The files of a worker share one module graph (`isolate: false`),
 * so what is added here is added once per worker.
 */
const ADDED = Symbol.for('giot-hong.api-test-setup');
const state = globalThis as { [ADDED]?: true };
if (!state[ADDED]) {
  state[ADDED] = true;
  // Vitest compares two byte arrays element by element through its general equality, a call per
  // byte: `toStrictEqual` on two rows holding ID-card photos took seconds of CPU. Bytes are equal
  // when their type and contents are.
  expect.addEqualityTesters([
    function equalBytes(a: unknown, b: unknown) {
      if (!(a instanceof Uint8Array) || !(b instanceof Uint8Array)) return undefined;
      return a.constructor === b.constructor && Buffer.compare(a, b) === 0;
    },
  ]);
}
