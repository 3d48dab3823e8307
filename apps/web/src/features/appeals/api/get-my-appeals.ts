import { APPEAL_API, type TEnvelope, type TMyAppeal } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appealKeys } from './appeal-keys';

/** GET /api/appeals/mine: the appeals that reached the donor, newest first. */
export const getMyAppeals = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TMyAppeal[]>>(APPEAL_API.mine, { signal })).data;

export const useMyAppeals = () =>
  useQuery({ queryKey: appealKeys.mine(), queryFn: ({ signal }) => getMyAppeals(signal) });
