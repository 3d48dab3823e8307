import { API, DATA_RIGHTS_API, DONATION_RECORD_API } from '@giot-hong/contract';

/**
 * What the server reads with the session for a profile document (ADR 72), in the order the page
 * carries it: the header's account, count and status, then the personal, history and record tabs'
 * first data. The picture is not among them (bytes: the browser still asks for it).
 */
export const PROFILE_SESSION_READS = [
  API.authMe,
  API.notificationsUnread,
  API.userStatus,
  API.userFullInfo,
  API.appointmentsHistory,
  API.appointmentsNextEligible,
  DONATION_RECORD_API.mine,
  DONATION_RECORD_API.honoursMine,
  DATA_RIGHTS_API.consents,
] as const;
