/**
 * A list of texts as one PostgreSQL array parameter (`'{"a","b"}'`, read with `::text[]`): one
 * statement text whatever the list's length, so it is prepared once (ADR 63), where `in ($1, $2…)`
 * would be a statement of its own for every length. Every element is quoted, with `"` and `\`
 * escaped as the array syntax asks.
 */
export const textArrayParam = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
