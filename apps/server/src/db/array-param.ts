/**
 * Lists as one PostgreSQL array parameter each: one statement text whatever the list's length, so it
 * is prepared once (ADR 63), where `in ($1, $2…)` would be a statement of its own for every length.
 */

/** A list of integers as one PostgreSQL array parameter (`'{1,2,3}'`, read with `::int[]`). */
export const intArrayParam = (values: readonly number[]): string =>
  `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * A list of texts as one PostgreSQL array parameter (`'{"a","b"}'`, read with `::text[]`). Every
 * element is quoted, with `"` and `\` escaped as the array syntax asks.
 */
export const textArrayParam = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
