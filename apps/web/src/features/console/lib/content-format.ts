/** A random key for one form's submission (idempotency: a double click sends once). */
export const newIdempotencyKey = () => crypto.randomUUID();
