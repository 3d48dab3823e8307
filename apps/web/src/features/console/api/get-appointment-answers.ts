import { ADMIN_DAY_DESK_API, type TAppointmentAnswerSection, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The donor's questionnaire answers of one appointment, fetched only when staff open them. */
export async function getAppointmentAnswers(id: number, signal?: AbortSignal) {
  const body = await api.get<TEnvelope<{ sections: TAppointmentAnswerSection[] }>>(
    ADMIN_DAY_DESK_API.appointmentAnswers(id),
    {
      signal,
    },
  );
  return body.data.sections;
}

export const useAppointmentAnswers = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.answers(id ?? 0),
    queryFn: ({ signal }) => getAppointmentAnswers(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
