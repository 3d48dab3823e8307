import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/**
 * Downloads one of the console's exports (the day's list, the audit trail, the dashboard) as the
 * server names it: by campaign and day, CSV or .xlsx. The bytes come through the API client, as a
 * plain link cannot send the bearer token.
 */
export async function downloadExport(path: string): Promise<void> {
  const { blob, fileName } = await api.getFile(path);
  const xlsx = /\.xlsx(\?|$)/.test(path);
  saveDownload(
    blob,
    xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv;charset=utf-8',
    fileName ?? (xlsx ? 'du-lieu.xlsx' : 'du-lieu.csv'),
  );
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
