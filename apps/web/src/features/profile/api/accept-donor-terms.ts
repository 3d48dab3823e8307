import { API, CURRENT_DONOR_TERMS_VERSION, type TEnvelope } from '@giot-hong/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Wizard step 1: the server records which terms were accepted and when; uploads need it. */
export function acceptDonorTerms() {
  return api.post<TEnvelope<unknown>>(API.userTermsAcceptance, {
    termsVersion: CURRENT_DONOR_TERMS_VERSION,
    accepted: true,
  });
}

export function useAcceptDonorTerms() {
  return useMutation({ mutationFn: acceptDonorTerms });
}
