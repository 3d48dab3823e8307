import { useSyncExternalStore } from 'react';
import { writePageSession } from './page-session';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The logged-in flag: true when an access_token is in local storage.
 * Login clears all storage then stores both tokens; logout clears all storage.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

function read(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    return false;
  }
}

let loggedIn = typeof window === 'undefined' ? false : read();

// The pages' session cookie follows the stored token (ADR 71, 72): written again at each start, so
// that a session from before it existed, or a cookie that expired with its token, catches up.
if (typeof window !== 'undefined') {
  try {
    writePageSession(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    // Storage or cookies forbidden: the pages then come as frames, filled in by the app.
  }
}

/**
 * The offline copies of personal answers belong to one account: at every login and logout, every
 * other account's go (ADR 34). Loaded on demand, like the revocation below.
 */
const keepOfflineCopiesOf = (accessToken: string | null) =>
  void import('./personal-caches').then((m) => m.keepOfflineCopiesOf(accessToken)).catch(() => undefined);

// Another tab logging in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const next = read();
    if (next !== loggedIn) {
      loggedIn = next;
      emit();
    }
    // Another tab logged in (perhaps as someone else) or out; not a refreshed token (same account).
    if (event.key === null || (event.key === STORAGE_KEYS.accessToken && !event.oldValue)) {
      keepOfflineCopiesOf(next ? localStorage.getItem(STORAGE_KEYS.accessToken) : null);
    }
  });
}

export const authStore = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  isLoggedIn: () => loggedIn,
  getAccessToken: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  getRefreshToken: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  /** After a successful login: clear everything, then store the tokens. */
  login(tokens: { accessToken: string; refreshToken: string }) {
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
    localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    writePageSession(tokens.accessToken);
    loggedIn = true;
    keepOfflineCopiesOf(tokens.accessToken);
    emit();
  },
  /** Stores tokens from a refresh without touching anything else. */
  updateTokens(tokens: { accessToken: string; refreshToken?: string }) {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
    if (tokens.refreshToken) localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    writePageSession(tokens.accessToken);
  },
  /** Clears all local storage and ends the login on the server too. */
  logout() {
    const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
    if (refreshToken) {
      // Loaded on demand: a logged-out page never needs it.
      void import('./revoke-refresh-token').then((m) => m.revokeRefreshToken(refreshToken));
    }
    localStorage.clear();
    writePageSession(null);
    loggedIn = false;
    keepOfflineCopiesOf(null);
    emit();
  },
};

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(authStore.subscribe, authStore.isLoggedIn, () => false);
}
