import { CERTIFICATE_MESSAGES } from '@giot-hong/contract';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-errors';
import { useDownloadCertificate } from '../api/download-certificate';

/** 'Tải giấy chứng nhận': the certificate's PDF (the appointment view and the donor's record). */
export function CertificateDownload({ serial, bare = false }: { serial: string; bare?: boolean }) {
  const download = useDownloadCertificate();
  const button = (
    <button
      type="button"
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      disabled={download.isPending}
      onClick={() => download.mutate(serial, { onError: (e) => toast.error(errorMessage(e)) })}
    >
      <Download aria-hidden className="size-4" />
      {CERTIFICATE_MESSAGES.download}
    </button>
  );
  if (bare) return button;
  return (
    <section
      aria-labelledby="appointment-certificate-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id="appointment-certificate-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Giấy chứng nhận hiến máu
      </h3>
      <p className="mb-3 text-sm text-slate-700">Số {serial}</p>
      {button}
    </section>
  );
}
