import { API, type TDonorDetailRequest, type TEnvelope } from '@giot-hong/contract';
import { api } from '../../../lib/api-client';

/** Creates the donor detail (first confirmation of the wizard when none exists yet). */
export function createDonorDetail(detail: TDonorDetailRequest) {
  return api.post<TEnvelope<unknown>>(API.userCreateDetail, detail);
}
