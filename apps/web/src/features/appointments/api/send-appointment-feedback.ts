import { API, type TAppointmentFeedbackRequest, type TEnvelope } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/appointments/{id}/feedback: stored for the chapter's staff. */
export function sendAppointmentFeedback({ id, ...body }: TAppointmentFeedbackRequest & { id: number }) {
  return api.post<TEnvelope<{ id: number; createdAt: string }>>(API.appointmentFeedback(id), body);
}

export function useSendAppointmentFeedback() {
  return useMutation({ mutationFn: sendAppointmentFeedback });
}
