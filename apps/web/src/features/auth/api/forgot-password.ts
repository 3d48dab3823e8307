import { API, type TMessageResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/forgot-password {email}: mails a 6-digit code (same answer for every e-mail). */
export const forgotPassword = (email: string) =>
  api.post<TMessageResponse>(API.authForgotPassword, { email }, { auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
