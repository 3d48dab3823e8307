import {
  RARE_BLOOD_API,
  type TEnvelope,
  type TRareBloodChange,
  type TRareBloodState,
} from '@giot-hong/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { privacyKeys } from './privacy-keys';

/** GET /api/users/rare-blood: whether the donor may join the club, and their membership. */
export const getRareBlood = async (signal?: AbortSignal) =>
  (await api.get<TEnvelope<TRareBloodState>>(RARE_BLOOD_API.mine, { signal })).data;

export const useRareBlood = () =>
  useQuery({ queryKey: privacyKeys.rareBlood, queryFn: ({ signal }) => getRareBlood(signal) });

/** PUT /api/users/rare-blood: join, on call and hours, or leave. */
export const changeRareBlood = (body: TRareBloodChange) =>
  api.put<TEnvelope<TRareBloodState>>(RARE_BLOOD_API.mine, body);

/** The card takes the answer at once; joining and leaving change the club's consent in the list. */
export function useChangeRareBlood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeRareBlood,
    onSuccess: (body) => {
      qc.setQueryData(privacyKeys.rareBlood, body.data);
      return qc.invalidateQueries({ queryKey: privacyKeys.consents });
    },
  });
}
