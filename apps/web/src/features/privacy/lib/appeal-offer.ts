import type { TConsent } from '@giot-hong/contract';

/**
 * Whether to offer the appeals consent on the donor's record: after a first donation, to a donor
 * who never decided on it (never gave it nor withdrew it) and did not say 'Để sau' on this device.
 */
export function shouldOfferAppeals(
  donations: number,
  consents: readonly TConsent[] | undefined,
  saidLater: boolean,
): boolean {
  if (donations < 1 || saidLater || !consents) return false;
  const appeals = consents.find((c) => c.purpose === 'APPEALS');
  return appeals !== undefined && appeals.givenAt === null && appeals.withdrawnAt === null && !appeals.active;
}
