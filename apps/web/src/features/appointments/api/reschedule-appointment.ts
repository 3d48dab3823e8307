import { SLOT_API, type TEnvelope } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './appointment-keys';

type Moved = { appointmentId: number; slotStart: string; slotEnd: string };

/** PUT /api/appointments/{id}/slot: move the booking to another slot (409 with the nearest free ones when full). */
export async function rescheduleAppointment(v: { id: number; slotStart: string }) {
  return api.put<TEnvelope<Moved>>(SLOT_API.appointmentSlot(v.id), { slotStart: v.slotStart });
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    // Moved or refused: the appointment and the places left may have changed either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
}
