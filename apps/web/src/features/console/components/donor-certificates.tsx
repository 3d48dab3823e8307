import {
  CERTIFICATE_STATES,
  CERTIFICATE_STAFF_TEXTS as T,
  formatExportDay,
  type TAdminCertificate,
} from '@giot-hong/contract';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonDanger, buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { useDownloadCertificate } from '../api/download-certificate';
import { useDonorCertificates } from '../api/get-donor-certificates';
import { CertificateRevokeDialog } from './certificate-revoke-dialog';
import { CertificateUseDialog } from './certificate-use-dialog';
import { ConsoleErrorView } from './console-error-view';
import { DonorSection } from './donor-section';

const stateClass: Record<TAdminCertificate['state'], string> = {
  VALID: 'bg-emerald-50 text-emerald-800',
  USED_UP: 'bg-slate-100 text-slate-800',
  REVOKED: 'bg-brand-50 text-brand-800',
};

/** The donor's certificates (newest first), each with its PDF, a hospital's use and a revocation. */
export function DonorCertificates({ userId }: { userId: number }) {
  const list = useDonorCertificates(userId);
  return (
    <DonorSection title={T.section}>
      {list.isPending ? (
        <LoadingView />
      ) : list.isError ? (
        <ConsoleErrorView message={errorMessage(list.error, T.loadFailed)} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{T.none}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.data.map((c) => (
            <CertificateItem key={c.serial} userId={userId} c={c} />
          ))}
        </ul>
      )}
    </DonorSection>
  );
}

function CertificateItem({ userId, c }: { userId: number; c: TAdminCertificate }) {
  const download = useDownloadCertificate();
  const [using, setUsing] = useState(false);
  const [revoking, setRevoking] = useState(false);
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-certificate={c.serial}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-all text-slate-900">{c.serial}</h3>
        <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${stateClass[c.state]}`}>
          {CERTIFICATE_STATES[c.state]}
        </span>
      </div>
      <p className="mt-1 text-slate-800">
        {T.summary(formatExportDay(c.donatedOn), c.volumeMl)} ·{' '}
        <span data-remaining>{T.remaining(c.remainingMl)}</span>
      </p>
      {c.revokeReason && <p className="mt-1 text-slate-800">{T.revokedBecause(c.revokeReason)}</p>}
      {c.uses.length > 0 && (
        <>
          <h4 className="mt-2 text-sm font-semibold text-slate-700">{T.usesHeading}</h4>
          <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-800">
            {c.uses.map((u, i) => (
              <li key={i}>{T.usageLine(formatExportDay(u.usedOn), u.hospital, u.volumeMl)}</li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonSecondary}
          disabled={download.isPending}
          aria-label={`${T.download} ${c.serial}`}
          onClick={() =>
            download.mutate(c.serial, {
              onError: (e) => toast.error(T.downloadFailed, { description: errorMessage(e) }),
            })
          }
        >
          <Download aria-hidden className="size-5" />
          {T.download}
        </button>
        {c.state === 'VALID' && (
          <button
            type="button"
            className={buttonSecondary}
            aria-label={`${T.recordUse} ${c.serial}`}
            onClick={() => setUsing(true)}
          >
            {T.recordUse}
          </button>
        )}
        {c.state !== 'REVOKED' && (
          <button
            type="button"
            className={buttonDanger}
            aria-label={`${T.revoke} ${c.serial}`}
            onClick={() => setRevoking(true)}
          >
            {T.revoke}
          </button>
        )}
      </div>
      <CertificateUseDialog userId={userId} certificate={c} open={using} onOpenChange={setUsing} />
      <CertificateRevokeDialog
        userId={userId}
        serial={c.serial}
        open={revoking}
        onClose={() => setRevoking(false)}
      />
    </li>
  );
}
