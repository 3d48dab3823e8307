import { PAGE_SESSION_COOKIE, PAGE_SESSION_PATHS } from '@giot-hong/contract';
import { tokenExpiresAt } from './token-expiry';

/**
 * Puts the access token in the cookie that the document requests of the pages rendered with their
 * session carry (ADR 71: the console; ADR 72: the profile), one cookie for each of their paths, for
 * as long as the token is valid; `null` removes them. `SameSite=Strict`: a page opened from another
 * site (a link in a mail) comes without it, as a frame to fill in the browser. Not `HttpOnly`, since
 * the page writes it: the token is in local storage beside it already. Only those documents read
 * it; the API never does, so it opens nothing to another site's forms.
 */
export function writePageSession(token: string | null, now = Date.now()): void {
  if (typeof document === 'undefined') return;
  const left = token ? Math.floor((tokenExpiresAt(token) - now) / 1000) : 0;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const path of PAGE_SESSION_PATHS) {
    document.cookie =
      token && left > 0
        ? `${PAGE_SESSION_COOKIE}=${token}; Path=${path}; Max-Age=${left}; SameSite=Strict${secure}`
        : `${PAGE_SESSION_COOKIE}=; Path=${path}; Max-Age=0; SameSite=Strict${secure}`;
  }
}

/**
 * The mark that says which token a page's session data was read with (the end of its signature):
 * the app uses that data only when it holds the same token.
 */
export const sessionMarkOf = (token: string) => token.slice(-16);
