import { API, type TEnvelope, type TSubmitAnswersRequest } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignSlotsQueryOptions } from './get-campaign-slots';
import { savedAnswersQueryOptions } from './get-saved-answers';
import { wizardCampaignsQueryOptions } from './get-wizard-campaigns';

/** POST /answer: the answers and a BOOKING appointment, in one go on the server. */
export function submitAnswers(body: TSubmitAnswersRequest) {
  return api.post<TEnvelope<{ appointmentId: number }>>(API.answer, body);
}

export function useSubmitAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAnswers,
    onSuccess: (_data, body) => {
      // The campaign's registration count changed, and its answers are now saved.
      void queryClient.invalidateQueries({ queryKey: wizardCampaignsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: savedAnswersQueryOptions(body.campaignId).queryKey });
    },
    // Booked or refused (a slot filled meanwhile): the places left have changed either way.
    onSettled: (_data, _err, body) => {
      void queryClient.invalidateQueries({ queryKey: campaignSlotsQueryOptions(body.campaignId).queryKey });
    },
  });
}
