import { z } from 'zod';

/**
 * Every id column is a PostgreSQL `integer`: a larger number can name no row, and sending one to
 * the database fails. Ids are bounded here, once, so such input is refused by validation.
 */
export const MAX_DB_ID = 2_147_483_647;

/** A row id in a JSON body; `message` replaces zod's text for every way it can be wrong. */
export function zId(message?: string) {
  const m = message === undefined ? undefined : { error: message };
  return z.number(m).int(m).positive(m).max(MAX_DB_ID, m);
}

/** A row id in a JSON body. */
export const ZId = zId();

/**
 * A row id in a path or query string (text coerced to a number). Out of range in a path, the
 * error handler answers 404: no such row can exist.
 */
export const ZIdParam = z.coerce.number().int().positive().max(MAX_DB_ID);

/** The `:id` path parameter of a console route. */
export const ZAdminIdParams = z.object({ id: ZIdParam });
