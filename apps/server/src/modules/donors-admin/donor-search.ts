import { IDENTITY_REVIEW_MESSAGES, STAFF_SEARCH_LIMITS } from '@giot-hong/contract';
import { sql, type SQL } from 'drizzle-orm';
import { donorProfiles, users } from '../../db/schema/index.ts';
import type { WindowLimit } from '../throttle/throttle.service.ts';

/*
 * What staff type into a donor search (the donor records page and the day list), read once for
 * both. The national ID number is the one thing a search must not give away: matching any suffix
 * of it let someone rebuild a full number one digit at a time (45 requests for 12 digits). So a
 * number is found only whole (12 digits), or by its last 4 digits together with a word of the name
 * — both things the person at the desk has in front of them. Any other run of digits is a phone
 * number, never the card.
 */

export type DonorSearch =
  /** The whole ID number. */
  | { kind: 'card'; cardId: string }
  /** The last 4 digits of the ID number and words of the name (all must match). */
  | { kind: 'card-suffix'; suffix: string; words: string[] }
  /** Digits of a phone number. */
  | { kind: 'phone'; digits: string }
  /** A name, username or e-mail address. */
  | { kind: 'text'; text: string };

/** The kinds, as the audit trail records them (never the text typed). */
export type DonorSearchKind = DonorSearch['kind'];

export function parseDonorSearch(raw: string): DonorSearch {
  const text = raw.trim().toLowerCase();
  // Phone numbers are typed with spaces, dots or dashes ('0912 345 678').
  const compact = text.replace(/[\s.-]/g, '');
  if (/^\d+$/.test(compact))
    return compact.length === 12 ? { kind: 'card', cardId: compact } : { kind: 'phone', digits: compact };
  const tokens = text.split(/\s+/);
  const whole = tokens.find((w) => /^\d{12}$/.test(w));
  if (whole) return { kind: 'card', cardId: whole };
  const words = tokens.filter((w) => !/^\d+$/.test(w));
  const suffixes = tokens.filter((w) => /^\d{4}$/.test(w));
  if (suffixes.length === 1 && words.length > 0 && words.length === tokens.length - 1)
    return { kind: 'card-suffix', suffix: suffixes[0]!, words };
  return { kind: 'text', text };
}

/** A LIKE pattern's special characters escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The condition on `users` joined with `donor_profiles` for the ID-number kinds, shared by both
 * searches, both served by the reversed-number index (donor_profiles_card_id_suffix_idx): the
 * whole number by equality, the last 4 digits as a prefix of the reversed number, narrowed by the
 * words of the name.
 */
export function cardCondition(q: Extract<DonorSearch, { kind: 'card' | 'card-suffix' }>): SQL {
  const reverse = (s: string) => [...s].reverse().join('');
  if (q.kind === 'card') return sql`reverse(${donorProfiles.cardId}) = ${reverse(q.cardId)}`;
  const reversed = reverse(q.suffix);
  const words = q.words.map((w) => sql` and lower(${donorProfiles.fullName}) like ${`%${escapeLike(w)}%`}`);
  return sql`(reverse(${donorProfiles.cardId}) like ${`${reversed}%`}${sql.join(words, sql``)})`;
}

/** Whether the user row is a donor's: staff accounts are never in a donor search. */
export const isDonor = sql`${users.role} = 'DONOR'`;

/** Searches per staff account (both searches count against it); keyed by the account id. */
export const STAFF_SEARCH_LIMIT: WindowLimit = {
  bucket: 'staff-search',
  max: STAFF_SEARCH_LIMITS.perAccountMax,
  windowSeconds: STAFF_SEARCH_LIMITS.windowSeconds,
  message: IDENTITY_REVIEW_MESSAGES.tooManySearches,
};
