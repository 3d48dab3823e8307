import { API, type TContactRequest, type TContactResponse } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/contact: the server stores the message and mails it to the chapter. */
export function sendContactMessage(body: TContactRequest): Promise<TContactResponse> {
  return api.post<TContactResponse>(API.contact, body, { auth: false });
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
