import { z } from 'zod';

/**
 * Every id column is a PostgreSQL `integer`: a larger number can name no row, and sending one to
 * the database fails. Ids are bounded here, once, so such input is refused by validation.
 */
export const MAX_DB_ID = 2_147_483_647;

/** A row id in a JSON body. */
export const ZId = z.number().int().positive().max(MAX_DB_ID);

/** A row id in a path or query string (text coerced to a number). */
export const ZIdParam = z.coerce.number().int().positive().max(MAX_DB_ID);
