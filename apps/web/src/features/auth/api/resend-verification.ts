import { API, type TMessageResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { AUTH_TOASTS } from '../lib/texts';
import { requestMessage } from '../../../lib/api-errors';

/** POST /auth/resend-verification {email}: a new sign-up link, or a new code while a recovery is open. */
export const resendVerification = (email: string) =>
  api.post<TMessageResponse>(API.authResendVerification, { email }, { auth: false });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });

/**
 * Sends the sign-up link again and tells the donor how it went: the sign-up-done page and the
 * failed-link page both offer it.
 */
export function useResendSignupLink() {
  const resend = useResendVerification();
  async function send(email: string) {
    try {
      const res = await resend.mutateAsync(email);
      toast.success(AUTH_TOASTS.resent, { description: res.data.message });
    } catch (error) {
      toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  }
  return { send, isPending: resend.isPending };
}
