import { API, type TAppointmentUserInfoRequest, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** PUT /api/appointments/user-info: contact and job details, from an own BOOKING appointment. */
export function updateAppointmentUserInfo(body: TAppointmentUserInfoRequest) {
  return api.put<TEnvelope<null>>(API.appointmentsUserInfo, body);
}

export function useUpdateAppointmentUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentUserInfo,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      // The profile tab shows the same details (its queries are keyed ['user', …]).
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'user' && q.queryKey[1] !== 'avatar',
      });
    },
  });
}
