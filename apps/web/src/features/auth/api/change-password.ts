import { API, type TChangePasswordRequest, type TMessageResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT /auth/change-password {oldPassword, newPassword}, always with the bearer token. */
export const changePassword = (input: TChangePasswordRequest) =>
  api.put<TMessageResponse>(
    API.authChangePassword,
    { oldPassword: input.oldPassword, newPassword: input.newPassword },
    { auth: true },
  );

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
