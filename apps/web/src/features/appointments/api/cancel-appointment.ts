import { API, APPOINTMENT_STATUS, type TAppointment, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

/** POST /api/appointments/{id}/cancel: own BOOKING, at least 24 h ahead (409 with the reason otherwise). */
export async function cancelAppointment(id: number): Promise<TAppointment> {
  const body = await api.post<TEnvelope<TAppointment>>(API.appointmentCancel(id));
  return body.data;
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSuccess: (cancelled) => {
      // The appointment shows CANCELLED at once; the server's list follows.
      queryClient.setQueryData<TAppointment[]>(appointmentKeys.history(), (list) =>
        list?.map((a) =>
          a.id === cancelled.id ? { ...a, status: APPOINTMENT_STATUS.CANCELLED, canCancel: false } : a,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      // The campaign's count dropped and the donor may register again: campaign lists and
      // registration checks are out of date.
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      void queryClient.invalidateQueries({ queryKey: ['registration'] });
    },
  });
}
