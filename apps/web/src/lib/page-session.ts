import { CONSOLE_ROOT, PAGE_SESSION_COOKIE } from '@giot-hong/contract';
import { tokenExpiresAt } from './token-expiry';

/**
 * Puts the access token in the cookie that console pages' document requests carry (ADR 71), for as
 * long as the token is valid; `null` removes it. `SameSite=Strict`: a page opened from another site
 * (a link in a mail) comes without it, as a frame to fill in the browser. Not `HttpOnly`, since the
 * page writes it: the token is in local storage beside it already. Only documents under the console
 * read it; the API never does, so it opens nothing to another site's forms.
 */
export function writePageSession(token: string | null, now = Date.now()): void {
  if (typeof document === 'undefined') return;
  const left = token ? Math.floor((tokenExpiresAt(token) - now) / 1000) : 0;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    token && left > 0
      ? `${PAGE_SESSION_COOKIE}=${token}; Path=${CONSOLE_ROOT}; Max-Age=${left}; SameSite=Strict${secure}`
      : `${PAGE_SESSION_COOKIE}=; Path=${CONSOLE_ROOT}; Max-Age=0; SameSite=Strict${secure}`;
}

/**
 * The mark that says which token a page's session data was read with (the end of its signature):
 * the app uses that data only when it holds the same token.
 */
export const sessionMarkOf = (token: string) => token.slice(-16);
