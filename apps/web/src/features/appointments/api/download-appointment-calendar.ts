import { API } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * 'Thêm vào lịch': the .ics comes through the API client (it needs the bearer token, which a
 * plain link cannot send) and is saved with an object URL and a download link.
 */
export async function downloadAppointmentCalendar(id: number): Promise<void> {
  const blob = await api.getBlob(API.appointmentCalendar(id));
  if (!blob) throw new Error('The calendar answer was empty');
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `lich-hen-hien-mau-${id}.ics`;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadAppointmentCalendar() {
  return useMutation({ mutationFn: downloadAppointmentCalendar });
}
