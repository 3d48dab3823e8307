import { API, type TSecondFactorRequest, type TSecondFactorResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/second-factor {challenge, code | recoveryCode}: the login's tokens. */
export const verifySecondFactor = (input: TSecondFactorRequest) =>
  api.post<TSecondFactorResponse>(API.authSecondFactor, input, { auth: false });

export const useVerifySecondFactor = () => useMutation({ mutationFn: verifySecondFactor });
