import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_PASSWORDS } from './demo-passwords.ts';
import { VIETNAMESE_FAMILY_NAMES, VIETNAMESE_GIVEN_NAMES, VIETNAMESE_WORDS } from './vietnamese-words.ts';

/**
 * The strength estimate of a new password (NIST SP 800-63B: besides the length and the
 * character rules, refuse what attackers try first). Its own entry point
 * (`@giot-hong/contract/password-strength`), never exported from the package index: the common
 * password list weighs ~100 kB gzip, so the web app loads it only when a password form is used.
 */

export { DEMO_PASSWORDS, type DemoPasswords } from './demo-passwords.ts';

/** The site's own names and words, which every attacker of this site tries first. */
export const SITE_WORDS = [
  'giothong',
  'giot hong',
  'giọt hồng',
  'hienmau',
  'hien mau',
  'hiến máu',
  'nguoihienmau',
  'hienmautinhnguyen',
  'tinhnguyen',
  'giotmau',
  'mau',
  'giot',
  'chuthapdo',
  'hoichuthapdo',
  'chu thap do',
  'redcross',
  'canbo',
  'quantri',
  'portal',
];

/**
 * At least 10^8 guesses by zxcvbn's estimate (its "safely unguessable" boundary; any 8 random
 * characters from the four classes reach it). Below that a throttled online attack or a cheap
 * offline one finds it.
 */
export const MIN_PASSWORD_GUESSES = 1e8;

let estimator: ZxcvbnFactory | undefined;
function getEstimator() {
  estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...dictionary,
      vietnameseNames: [...VIETNAMESE_FAMILY_NAMES, ...VIETNAMESE_GIVEN_NAMES],
      vietnameseWords: VIETNAMESE_WORDS,
      site: SITE_WORDS,
      // zxcvbn matches the lower-cased password against lower-case entries.
      demoPasswords: Object.values(DEMO_PASSWORDS).map((p) => p.toLowerCase()),
    },
    graphs: adjacencyGraphs,
    // Fuzzy matching costs ~100 ms a check on the server's event loop; the l33t and reversed
    // variants of every word are still matched.
    useLevenshteinDistance: false,
  });
  return estimator;
}

/** The pieces of a username and an e-mail that a password must not be built from. */
export function personalWords(person: { username?: string; email?: string }): string[] {
  const words = new Set<string>();
  const add = (w: string | undefined) => {
    const v = w?.trim().toLowerCase();
    if (v && v.length >= 3) words.add(v);
  };
  /** The name, its pieces between separators, and the pieces run together. */
  const addName = (name: string | undefined) => {
    add(name);
    const parts = name?.split(/[^\p{L}\p{N}]+/u) ?? [];
    for (const part of parts) add(part);
    add(parts.join(''));
  };
  addName(person.username);
  if (person.email) {
    const [local, domain] = person.email.split('@');
    add(person.email);
    addName(local);
    add(domain?.split('.')[0]);
  }
  return [...words];
}

/**
 * True when the password is easy to guess: common or demo passwords, names, words, dates,
 * keyboard walks, repeats — or built from the person's username or e-mail.
 */
export function isGuessablePassword(password: string, person: { username?: string; email?: string } = {}) {
  const result = getEstimator().check(password, personalWords(person));
  return result.guesses < MIN_PASSWORD_GUESSES;
}
