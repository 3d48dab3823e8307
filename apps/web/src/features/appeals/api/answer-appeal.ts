import { APPEAL_API, type TAppealResponseRequest, type TEnvelope, type TMyAppeal } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appealKeys } from './appeal-keys';

/** POST /api/appeals/{id}/responses: 'Tôi sẽ đến' (COMING) or 'Lần này tôi không thể' (DECLINED). */
export const answerAppeal = ({ id, body }: { id: number; body: TAppealResponseRequest }) =>
  api.post<TEnvelope<TMyAppeal>>(APPEAL_API.responses(id), body);

export function useAnswerAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerAppeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appealKeys.all }),
  });
}
