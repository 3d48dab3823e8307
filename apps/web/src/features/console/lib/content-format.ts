/** dd/MM/yyyy HH:mm in Vietnam time (UTC+7, no DST). */
export function formatNewsTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(Date.parse(iso) + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** A random key for one form's submission (idempotency: a double click sends once). */
export const newIdempotencyKey = () => crypto.randomUUID();
