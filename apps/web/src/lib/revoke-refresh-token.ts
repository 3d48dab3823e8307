import { API } from '@giot-hong/contract';

/**
 * Ends the login on the server (logout). Best effort: the local session is cleared anyway. A plain
 * fetch rather than the API client: the client imports the auth store (for the bearer token and
 * the silent refresh), and the store calls this on logout, so going through the client would make
 * the two modules import each other.
 */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  try {
    // eslint-disable-next-line no-restricted-globals -- the one request the API client cannot make (see above)
    await fetch(API.authLogout, {
      method: 'POST',
      // keepalive: the request survives the navigation to /dang-nhap that follows a logout.
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    /* offline: the token expires on its own */
  }
}
