import { CERTIFICATE_MESSAGES } from '@giot-hong/contract';
import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { useParams } from 'react-router';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicCertificate } from '../api/get-public-certificate';
import { verdictOf, VERIFY_TEXTS as T, verifyRows } from '../lib/verify-texts';

const TONES = {
  ok: { box: 'border-green-700 bg-green-50 text-green-900', Icon: CircleCheck },
  warn: { box: 'border-amber-600 bg-amber-50 text-amber-900', Icon: TriangleAlert },
  bad: { box: 'border-red-700 bg-red-50 text-red-900', Icon: CircleAlert },
} as const;

/**
 * /xac-minh/{serial}#{signature}: what a hospital sees when it scans a certificate's QR code. The
 * signature stays in the fragment (browsers never send it) and goes to the API as a parameter;
 * the page shows no more than the API gives: state, day, volume, facility, masked name, birth year.
 */
export function Component() {
  const { serial = '' } = useParams();
  const signature = typeof window === 'undefined' ? null : window.location.hash.slice(1) || null;
  const certificate = usePublicCertificate(serial, signature);
  usePageTitle(T.title);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-slate-900">{T.title}</h1>
      <p className="mt-1 text-slate-600">{T.serial(serial)}</p>
      {certificate.isPending ? (
        <LoadingView />
      ) : certificate.isError ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          {certificate.error instanceof ApiError && certificate.error.status === 404
            ? CERTIFICATE_MESSAGES.notFound
            : certificate.error instanceof ApiError && certificate.error.status === 429
              ? certificate.error.message
              : T.loadFailed}
        </p>
      ) : (
        <Verdict data={certificate.data} />
      )}
    </div>
  );
}

function Verdict({ data }: { data: NonNullable<ReturnType<typeof usePublicCertificate>['data']> }) {
  const verdict = verdictOf(data);
  const { box, Icon } = TONES[verdict.tone];
  return (
    <>
      <p role="status" className={`mt-6 flex items-start gap-2 rounded-lg border-2 p-4 font-semibold ${box}`}>
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <span>{verdict.text}</span>
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <DetailList items={verifyRows(data)} />
      </div>
      <p className="mt-4 text-sm text-slate-600">{T.privacy}</p>
    </>
  );
}
