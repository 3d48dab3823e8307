import {
  ADMIN_AUDIT_API,
  type TAuditEntry,
  type TAuditQuery,
  type TEnvelope,
  type TPage,
} from '@giot-hong/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The filters as query parameters: an empty filter is left out rather than sent as ''. */
const auditQuery = (q: TAuditQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as Record<
    string,
    string | number
  >;

/** GET /api/admin/audit: one page of the audit trail, newest first. */
export const getAuditLog = async (q: TAuditQuery, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TPage<TAuditEntry>>>(ADMIN_AUDIT_API.audit, { query: auditQuery(q), signal }))
    .data;

/** Always asked afresh (new entries arrive all the time); the last page stays while filtering. */
export const useAuditLog = (q: TAuditQuery) =>
  useQuery({
    queryKey: adminKeys.audit(q),
    queryFn: ({ signal }) => getAuditLog(q, signal),
    staleTime: 0,
    refetchOnMount: true,
    placeholderData: keepPreviousData,
  });

/** The audit trail's export with the page's filters (not its page number): CSV or .xlsx. */
export function auditExportPath(q: TAuditQuery, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams(
    Object.entries(auditQuery({ ...q, page: undefined })).map(([k, v]) => [k, String(v)]),
  ).toString();
  const path = format === 'csv' ? ADMIN_AUDIT_API.auditCsv : ADMIN_AUDIT_API.auditXlsx;
  return `${path}${query ? `?${query}` : ''}`;
}
