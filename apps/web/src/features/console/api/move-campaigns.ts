import { QUESTION_SET_API, type TEnvelope, type TQuestionSetMoveCampaignsRequest } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

type Moved = { moved: { id: number; name: string }[]; kept: { id: number; name: string }[] };

/** POST /api/admin/question-sets/{id}/campaigns: moves the chosen campaigns nobody answered yet. */
export const moveCampaigns = (v: { questionSetId: number; body: TQuestionSetMoveCampaignsRequest }) =>
  api.post<TEnvelope<Moved>>(QUESTION_SET_API.campaigns(v.questionSetId), v.body);

export function useMoveCampaigns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveCampaigns,
    // Campaigns, their forms and the questionnaires' campaign counts all change; refreshed in the
    // background, so the caller's own callbacks run at once.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
