import { API, type TLoginRequest, type TLoginResult } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /auth/login: the tokens at the top level of the body, or, for a staff
 * account, `data.secondFactor`: the challenge of the code step (or of the enrolment) and no token.
 */
export const login = (input: TLoginRequest) => api.post<TLoginResult>(API.authLogin, input, { auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
