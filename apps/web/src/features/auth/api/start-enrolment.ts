import { API, type TEnrolmentStart, type TEnvelope } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/second-factor/enrolment {challenge}: a new secret and its `otpauth://` URI. */
export const startEnrolment = async (challenge: string) =>
  (await api.post<TEnvelope<TEnrolmentStart>>(API.authSecondFactorEnrolment, { challenge }, { auth: false }))
    .data;

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
