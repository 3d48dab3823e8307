import {
  PUSH_API,
  type TEnvelope,
  type TPushSubscription,
  type TPushSubscriptionRequest,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/*
 * The donor's push devices: the server's VAPID key, the list, adding this device, removing one.
 * One file for the four small requests of one list (each is a line of fetcher and a hook).
 */

/** GET /api/push/key: the `applicationServerKey` a browser subscribes with. */
export const getPushKey = async () => (await api.get<TEnvelope<{ publicKey: string }>>(PUSH_API.key)).data;

/** GET /api/push/subscriptions: this donor's devices, oldest first. */
export const getPushDevices = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TPushSubscription[]>>(PUSH_API.subscriptions, { signal })).data;

export const usePushDevices = () =>
  useQuery({ queryKey: notificationKeys.pushDevices(), queryFn: ({ signal }) => getPushDevices(signal) });

/** POST /api/push/subscriptions: this browser's PushSubscription. */
export const addPushDevice = (body: TPushSubscriptionRequest) =>
  api.post<TEnvelope<TPushSubscription>>(PUSH_API.subscriptions, body);

export function useAddPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPushDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices() }),
  });
}

/** DELETE /api/push/subscriptions/{id} */
export const removePushDevice = (id: number) => api.delete<TEnvelope<null>>(PUSH_API.subscription(id));

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.pushDevices() }),
  });
}
