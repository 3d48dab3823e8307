// The entry of one password-hashing thread (password-pool.ts). Plain JavaScript importing only the
// native argon2 binding: it needs no TypeScript loader, so it starts the same under vitest,
// `node --import tsx` and a server bundled ahead of time (which copies this file beside it).
import { hashSync, verifySync } from '@node-rs/argon2';

/** Piscina runs the default export: one task = one hash or one verification, on this thread. */
export default function run(task) {
  return task.kind === 'hash' ? hashSync(task.password, task.options) : verifySync(task.hash, task.password);
}
