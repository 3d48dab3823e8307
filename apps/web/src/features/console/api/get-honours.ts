import { HONOURS_ADMIN_API, type TEnvelope, type THonourRow } from '@giot-hong/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { adminKeys } from './admin-keys';

/** GET /api/admin/honours: donors who reached a milestone on the days `from` … `to` (Vietnam). */
export const getHonours = async (from: string, to: string, signal?: AbortSignal) =>
  (await api.get<TEnvelope<THonourRow[]>>(withQuery(HONOURS_ADMIN_API.list, { from, to }), { signal })).data;

/** The paths of the period's list as CSV and .xlsx (downloaded through `downloadExport`). */
export const honoursExportPaths = (from: string, to: string) => ({
  csv: withQuery(HONOURS_ADMIN_API.csv, { from, to }),
  xlsx: withQuery(HONOURS_ADMIN_API.xlsx, { from, to }),
});

/** Each read is audited (every listed donor gets a row): asked again only when the period changes. */
export const useHonours = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.honours(from, to),
    queryFn: ({ signal }) => getHonours(from, to, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
