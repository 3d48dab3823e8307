import { API, type TMessageResponse, type TRegisterRequest } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/register {email, username, password} (confirmPassword is not sent); answers data.message. */
export const register = (input: TRegisterRequest) =>
  api.post<TMessageResponse>(
    API.authRegister,
    { email: input.email, username: input.username, password: input.password },
    { auth: false },
  );

export const useRegister = () => useMutation({ mutationFn: register });
