/**
 * The `redirect` query of the login page, only when it is a path of this site ('/x', not
 * '//evil.example' or 'https://…'), so a crafted link cannot send a donor elsewhere after login.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
