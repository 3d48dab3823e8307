import { API, type TMessageResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/resend-verification {email}: a new sign-up link, or a new code while a recovery is open. */
export const resendVerification = (email: string) =>
  api.post<TMessageResponse>(API.authResendVerification, { email }, { auth: false });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
