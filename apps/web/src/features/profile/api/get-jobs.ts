import { API, type TEnvelope, type TJob } from '@giot-hong/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getJobs(signal?: AbortSignal): Promise<TJob[]> {
  const body = await api.get<TEnvelope<TJob[]>>(API.jobs, { signal, auth: false });
  return Array.isArray(body.data) ? body.data : [];
}

/** Reference data: the general 24 h cache applies. */
export const jobsQueryOptions = () =>
  queryOptions({ queryKey: ['reference', 'jobs'] as const, queryFn: ({ signal }) => getJobs(signal) });
