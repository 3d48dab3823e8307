import { API, type TVerifyOtpRequest, type TVerifyOtpResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/verify-otp {email, otp} → data.resetToken. */
export const verifyOtp = (input: TVerifyOtpRequest) =>
  api.post<TVerifyOtpResponse>(API.authVerifyOtp, input, { auth: false });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
