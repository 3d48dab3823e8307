/**
 * An access token's expiry, read from the token itself (a JWT's `exp`), in ms since the epoch; 0
 * when unreadable. Imported by the entry (first-requests.ts): it imports nothing.
 */
export function tokenExpiresAt(token: string): number {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}
