import { API, type TEnvelope, type TSubmitAnswersRequest } from '@giot-hong/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignSlotsQueryOptions } from './get-campaign-slots';
import { savedAnswersQueryOptions } from './get-saved-answers';
import { wizardCampaignsQueryOptions } from './get-wizard-campaigns';

/** POST /answer: the answers and a BOOKING appointment, in one go on the server. */
export function submitAnswers(body: TSubmitAnswersRequest) {
  return api.post<TEnvelope<{ appointmentId: number }>>(API.answer, body);
}

/**
 * What a booking changes in the cache: the campaign's registration count, its saved answers, and
 * the donor's appointments (the history tab and the next date to give blood show the booking
 * when they are opened next, however recently they were asked for).
 */
export function invalidateAfterBooking(queryClient: QueryClient, campaignId: number) {
  void queryClient.invalidateQueries({ queryKey: wizardCampaignsQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: savedAnswersQueryOptions(campaignId).queryKey });
  // The appointments feature's keys (its appointmentKeys.all), by value: that feature imports this
  // one (rescheduling picks a slot here), not the other way round.
  void queryClient.invalidateQueries({ queryKey: ['appointments'] });
}

export function useSubmitAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAnswers,
    onSuccess: (_data, body) => invalidateAfterBooking(queryClient, body.campaignId),
    // Booked or refused (a slot filled meanwhile): the places left have changed either way.
    onSettled: (_data, _err, body) => {
      void queryClient.invalidateQueries({ queryKey: campaignSlotsQueryOptions(body.campaignId).queryKey });
    },
  });
}
