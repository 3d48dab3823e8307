import { DONOR_ADMIN_MESSAGES, searchWords, STAFF_SEARCH_LIMITS } from '@giot-hong/contract';
import { sql, type SQL } from 'drizzle-orm';
import { donorNameWords, donorProfiles, users } from '../../db/schema/index.ts';
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
  /** A name (any of its words, by their beginning), a username or an e-mail address. */
  | { kind: 'text'; text: string; words: string[] };

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
    return { kind: 'card-suffix', suffix: suffixes[0]!, words: searchWords(words.join(' ')) };
  return { kind: 'text', text, words: searchWords(text) };
}

/** A LIKE pattern's special characters escaped. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The ids of users whose full name has a word beginning with each of `words` (index-only scans).
 * One word: its range of the word index. Several: a join of their ranges on the user, so that the
 * planner starts from the range it estimates smallest ('12' before 'van') and looks each of its
 * users up in the others through the primary key (user, word). An intersection of the ranges read
 * each one whole instead: 1,111 + 10,000 + 20,000 ids for 'Văn Hùng 12' among 100,000 donors,
 * 10–26 ms, against 2–3 ms for the join. A user may come more than once (two words beginning
 * alike): callers take the ids as a set.
 */
function nameHasWords(words: readonly string[]): SQL {
  const [first, ...others] = words;
  const like = (alias: string, w: string) => sql`${sql.raw(alias)}.word like ${`${escapeLike(w)}%`}`;
  const joins = others.map(
    (w, i) =>
      sql` join ${donorNameWords} ${sql.raw(`w${i + 1}`)} on ${sql.raw(`w${i + 1}`)}.user_id = w0.user_id and ${like(`w${i + 1}`, w)}`,
  );
  return sql`select w0.user_id from ${donorNameWords} w0${sql.join(joins, sql``)} where ${like('w0', first!)}`;
}

const reverse = (s: string) => [...s].reverse().join('');
const fromProfiles = (where: SQL) =>
  sql`(select ${donorProfiles.userId} from ${donorProfiles} where ${where})`;

/**
 * The one search behaviour of the donor records page and the day list, as the set of matching
 * user ids (staff accounts included: callers keep donors). Every part is an index range scan, and
 * parts are combined as sets (union, intersect), so the planner finds the matches first instead
 * of walking every donor in list order to test each:
 * - a name: every word typed begins a word of the full name, accents and case ignored
 *   ('nguyen', 'văn an', 'Hùng'), or the text begins the username or the e-mail address;
 * - digits: the beginning or the end of the phone number;
 * - the ID number by the rules above, through the reversed-number index.
 */
export function donorSearchIds(q: DonorSearch): SQL {
  switch (q.kind) {
    case 'card':
      return fromProfiles(sql`reverse(${donorProfiles.cardId}) = ${reverse(q.cardId)}`);
    case 'card-suffix': {
      // The few cards ending so, each checked for the words through the primary key (user, word).
      const words = q.words.map(
        (w) =>
          sql` and exists (select 1 from ${donorNameWords} w where w.user_id = ${donorProfiles.userId} and w.word like ${`${escapeLike(w)}%`})`,
      );
      return fromProfiles(
        sql`reverse(${donorProfiles.cardId}) like ${`${reverse(q.suffix)}%`}${sql.join(words, sql``)}`,
      );
    }
    case 'phone':
      return sql`${fromProfiles(sql`${donorProfiles.mobile} like ${`${q.digits}%`}`)} union ${fromProfiles(sql`reverse(${donorProfiles.mobile}) like ${`${reverse(q.digits)}%`}`)}`;
    case 'text': {
      const prefix = `${escapeLike(q.text)}%`;
      const accounts = sql`(select ${users.id} from ${users} where lower(${users.username}) like ${prefix}) union (select ${users.id} from ${users} where lower(${users.email}) like ${prefix})`;
      return q.words.length ? sql`(${nameHasWords(q.words)}) union ${accounts}` : accounts;
    }
  }
}

/** `users.id` among the matches (the day list: the campaign's registrants narrow it first). */
export const donorSearchCondition = (q: DonorSearch): SQL => sql`${users.id} in (${donorSearchIds(q)})`;

/**
 * The matching donors (never staff accounts): the set above without the few staff ids, which the
 * partial users_staff_role_idx finds.
 */
export const matchingDonorIds = (q: DonorSearch): SQL =>
  sql`(${donorSearchIds(q)}) except (select ${users.id} from ${users} where ${users.role} <> 'DONOR')`;

/** Searches per staff account (both searches count against it); keyed by the account id. */
export const STAFF_SEARCH_LIMIT: WindowLimit = {
  bucket: 'staff-search',
  max: STAFF_SEARCH_LIMITS.perAccountMax,
  windowSeconds: STAFF_SEARCH_LIMITS.windowSeconds,
  message: DONOR_ADMIN_MESSAGES.tooManySearches,
};
