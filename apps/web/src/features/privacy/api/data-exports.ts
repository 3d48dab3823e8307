import { DATA_RIGHTS_API, type TDataExport, type TEnvelope } from '@giot-hong/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';
import { privacyKeys } from './privacy-keys';

export async function getExports(signal?: AbortSignal): Promise<TDataExport[]> {
  return (await api.get<TEnvelope<TDataExport[]>>(DATA_RIGHTS_API.exports, { signal })).data;
}

export const exportsQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.exports,
    queryFn: ({ signal }) => getExports(signal),
    // While a file is being prepared, look again now and then.
    refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'PENDING') ? 10_000 : false),
  });

export function useExports() {
  return useQuery(exportsQueryOptions());
}

export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TEnvelope<TDataExport>>(DATA_RIGHTS_API.exports),
    onSuccess: () => qc.invalidateQueries({ queryKey: privacyKeys.exports }),
  });
}

/** The ZIP comes through the API client (it needs the bearer token) and is saved as a file. */
export async function downloadExport(id: string): Promise<void> {
  const blob = await api.getBlob(DATA_RIGHTS_API.exportDownload(id));
  if (!blob) throw new Error('The export answer was empty');
  saveDownload(blob, 'application/zip', 'du-lieu-giot-hong.zip');
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
