import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Whether a donor's contact address lies in a place: the address picker writes 'street, ward,
 * province', so a province (or 'ward, province') ends the text. Donor profiles keep the address as
 * that text, not as unit codes; callers turn a unit's code into its name first. LIKE's wildcards in
 * a name are escaped.
 */
export function addressInPlace(address: SQLWrapper, place: string): SQL {
  const escaped = place.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`(${address} = ${place} or ${address} like ${`%, ${escaped}`})`;
}
