import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** What the recovery pages pass to each other through local storage (e-mail → code → new password). */
export const recoveryStorage = {
  startRecovery(email: string, now = Date.now()) {
    localStorage.setItem(STORAGE_KEYS.recoveryEmail, email);
    localStorage.removeItem(STORAGE_KEYS.resetToken);
    localStorage.setItem(STORAGE_KEYS.recoveryCodeSentAt, String(now));
  },
  codeResent(now = Date.now()) {
    localStorage.setItem(STORAGE_KEYS.recoveryCodeSentAt, String(now));
  },
  email: () => localStorage.getItem(STORAGE_KEYS.recoveryEmail),
  codeSentAt: () => Number(localStorage.getItem(STORAGE_KEYS.recoveryCodeSentAt)) || 0,
  resetToken: () => localStorage.getItem(STORAGE_KEYS.resetToken),
  setResetToken: (token: string) => localStorage.setItem(STORAGE_KEYS.resetToken, token),
  /**
   * A set-password link (a staff invitation) carries the e-mail and the token in its fragment,
   * which no server ever receives: keep both for the form and drop the fragment from the address.
   */
  takeFromLink() {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const email = params.get('email');
    const token = params.get('token');
    if (!email || !token) return;
    localStorage.setItem(STORAGE_KEYS.recoveryEmail, email);
    localStorage.setItem(STORAGE_KEYS.resetToken, token);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  },
  finish() {
    localStorage.removeItem(STORAGE_KEYS.recoveryEmail);
    localStorage.removeItem(STORAGE_KEYS.resetToken);
    localStorage.removeItem(STORAGE_KEYS.recoveryCodeSentAt);
  },
};

export const signupEmailStorage = {
  set: (email: string) => localStorage.setItem(STORAGE_KEYS.signupEmail, email),
  get: () => localStorage.getItem(STORAGE_KEYS.signupEmail),
};
