/**
 * zod speaks Vietnamese. The contract's schemas give their own wording wherever a form rule has
 * one; everything else (a wrong type, a value outside a list, a check without its own message)
 * gets the message of zod's Vietnamese locale, installed here once for the whole process
 * (server) or page (web). zod keeps the setting on `globalThis`, so schemas written outside the
 * contract (route params, web-only forms) use it too.
 *
 * NOTE: this package is marked side-effect free, so a bare `import './zod-locale.ts'` would be
 * dropped by the web bundler. Schema modules import `tooLongMessage` from here instead: using
 * an export keeps the `config` call in every chunk that builds a contract schema, while the
 * landing page (which takes only zod-free constants from the contract) does not load zod.
 */
import { config } from 'zod';
import { vi } from 'zod/locales';

config(vi());

/** The message of a text longer than `max` characters (for limits without a message of their own). */
export function tooLongMessage(max: number): string {
  return `Không được vượt quá ${max} ký tự`;
}
