import { APPEAL_API, type TEnvelope, type TMyAppeal } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryOnceUnlessNotFound } from '../../../lib/api-errors';
import { appealKeys } from './appeal-keys';

/**
 * GET /api/appeals/{id}: one appeal that reached the donor (the server counts the reading as
 * opened). An appeal that did not reach this donor answers 404, like one that does not exist.
 */
export const getMyAppeal = async (id: number, signal?: AbortSignal) =>
  (await api.get<TEnvelope<TMyAppeal>>(APPEAL_API.appeal(id), { signal })).data;

export const useMyAppeal = (id: number, enabled = true) =>
  useQuery({
    queryKey: appealKeys.appeal(id),
    queryFn: ({ signal }) => getMyAppeal(id, signal),
    enabled,
    retry: retryOnceUnlessNotFound,
  });
