import { ADMIN_API } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** The day's list as CSV (UTF-8 with BOM, Vietnamese headers) for a spreadsheet. */
export async function downloadCampaignCsv(id: number): Promise<void> {
  const blob = await api.getBlob(ADMIN_API.campaignAppointmentsCsv(id));
  if (!blob) throw new Error('The CSV answer was empty');
  saveDownload(blob, 'text/csv;charset=utf-8', `danh-sach-hien-mau-${id}.csv`);
}

export const useDownloadCampaignCsv = () => useMutation({ mutationFn: downloadCampaignCsv });
