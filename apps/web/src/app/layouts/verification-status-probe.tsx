import { useEffect } from 'react';
import { useVerificationStatus } from '../../features/profile/api/get-user-status';

/**
 * Reports the donor's verification status to the layout. A lazily loaded component, so the
 * query code stays out of the landing page's first load (the layout renders it after login).
 */
export default function VerificationStatusProbe({ onStatus }: { onStatus: (status: string) => void }) {
  const status = useVerificationStatus();
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}
