import { API } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** 'Thêm vào lịch': the .ics of the appointment, saved as a file. */
export async function downloadAppointmentCalendar(id: number): Promise<void> {
  const blob = await api.getBlob(API.appointmentCalendar(id));
  if (!blob) throw new Error('The calendar answer was empty');
  saveDownload(blob, 'text/calendar', `lich-hen-hien-mau-${id}.ics`);
}

export function useDownloadAppointmentCalendar() {
  return useMutation({ mutationFn: downloadAppointmentCalendar });
}
