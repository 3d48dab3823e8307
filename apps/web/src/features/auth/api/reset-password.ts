import { API, type TMessageResponse, type TResetPasswordRequest } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/reset-password {email, resetToken, newPassword, confirmPassword}. */
export const resetPassword = (input: TResetPasswordRequest) =>
  api.post<TMessageResponse>(API.authResetPassword, input, { auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
