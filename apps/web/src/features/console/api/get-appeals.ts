import { ADMIN_APPEAL_API, type TAdminAppeal, type TEnvelope } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isAppealLive } from '../lib/appeal-form';
import { adminKeys, LIVE_REFETCH_MS } from './admin-keys';

/** GET /api/admin/appeals: every appeal, newest first, with its sending and live counts. */
export const getAppeals = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TAdminAppeal[]>>(ADMIN_APPEAL_API.appeals, { signal })).data;

/** Asked again while an appeal is open or still sending, so the counts move on their own. */
export const useAppeals = () =>
  useQuery({
    queryKey: adminKeys.appeals(),
    queryFn: ({ signal }) => getAppeals(signal),
    refetchInterval: (q) => (q.state.data?.some(isAppealLive) ? LIVE_REFETCH_MS : false),
  });
