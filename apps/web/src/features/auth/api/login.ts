import { API, type TLoginRequest, type TLoginResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/login: the tokens come at the top level of the body (spec section 7). */
export const login = (input: TLoginRequest) =>
  api.post<TLoginResponse>(API.authLogin, input, { auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
