import { API, type TEnrolmentConfirmRequest, type TEnrolmentConfirmResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/second-factor/enrolment/confirm {challenge, code}: the tokens and ten recovery codes. */
export const confirmEnrolment = (input: TEnrolmentConfirmRequest) =>
  api.post<TEnrolmentConfirmResponse>(API.authSecondFactorEnrolmentConfirm, input, { auth: false });

export const useConfirmEnrolment = () => useMutation({ mutationFn: confirmEnrolment });
