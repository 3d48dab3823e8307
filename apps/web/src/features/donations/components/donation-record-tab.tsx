import { DONATION_RECORD_TEXTS as T, HONOUR_TEXTS } from '@giot-hong/contract';
import { Award } from 'lucide-react';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { useDonationRecord } from '../api/get-donation-record';
import { useMyHonours } from '../api/get-my-honours';
import { CertificateDownload } from './certificate-download';
import { UnitJourney } from './unit-journey';
import { certificateLine, dmy, donationTypeLabel, screeningRows } from '../lib/record-format';

/**
 * 'Hồ sơ hiến máu' in the profile: honours, totals, the lab's blood group, the next eligible day,
 * then every donation with its check, certificate and the unit's journey, and those recorded
 * elsewhere. One column
 * at 360 px; each donation is a card.
 */
export function DonationRecordTab() {
  const record = useDonationRecord();
  const honours = useMyHonours();

  if (record.isPending) return <LoadingView />;
  if (record.isError) return <p role="alert">{errorMessage(record.error)}</p>;
  const r = record.data;

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="record-summary"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="record-summary" className="text-lg font-semibold text-slate-900">
          {T.tab}
        </h2>
        <p className="mt-1 text-slate-700" data-testid="record-totals">
          {T.totals(r.totals.count, r.totals.volumeMl)}
        </p>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600">{T.labBloodGroup}</dt>
            <dd className="font-medium text-slate-900">{r.labBloodGroup ?? T.labBloodGroupUnknown}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{T.nextEligible}</dt>
            <dd className="font-medium text-slate-900">
              {r.nextEligibleDate ? dmy(r.nextEligibleDate) : T.nextEligibleNow}
            </dd>
          </div>
        </dl>
        {honours.data && (
          <div className="mt-4">
            {honours.data.reached.length > 0 && (
              <ul aria-label="Mốc vinh danh đã đạt" className="flex flex-wrap gap-2">
                {honours.data.reached.map((b) => (
                  <li
                    key={b.milestone}
                    className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900"
                  >
                    <Award aria-hidden className="size-4" />
                    {b.label} · {dmy(b.reachedOn)}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2 text-sm text-slate-700">
              {honours.data.next === null
                ? HONOUR_TEXTS.allReached
                : HONOUR_TEXTS.toNext(honours.data.remaining, honours.data.next)}
            </p>
          </div>
        )}
      </section>

      {r.donations.length === 0 && r.elsewhere.length === 0 ? (
        <p className="text-slate-600">{T.empty}</p>
      ) : (
        <ol aria-label="Các lần hiến máu" className="flex flex-col gap-4">
          {[...r.donations].reverse().map((d) => (
            <li key={d.appointmentId} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h3 className="font-semibold text-slate-900">
                {dmy(d.donatedOn)} · {d.campaignName}
              </h3>
              <p className="text-sm text-slate-600">{d.place}</p>
              {d.emergency && (
                <p className="mt-1 inline-block rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
                  {HONOUR_TEXTS.emergency}
                </p>
              )}
              <dl className="mt-3 grid gap-2 sm:grid-cols-3">
                <div>
                  <dt className="text-sm text-slate-600">{T.type}</dt>
                  <dd className="font-medium">{donationTypeLabel(d.donationType)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{T.volume}</dt>
                  <dd className="font-medium">{d.volumeMl === null ? '—' : `${d.volumeMl} ml`}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{T.unitNumber}</dt>
                  <dd className="font-medium">{d.unitNumberTail ?? '—'}</dd>
                </div>
              </dl>
              {d.screening && (
                <div className="mt-3">
                  <h4 className="text-sm font-semibold text-slate-800">{T.screening}</h4>
                  <ul className="mt-1 flex flex-col gap-1 text-sm">
                    {screeningRows(d.screening).map((row) => (
                      <li key={row.label} className={row.out ? 'text-red-700' : 'text-slate-800'}>
                        <span className="font-medium">{row.label}:</span> {row.value}{' '}
                        <span className={row.out ? '' : 'text-slate-600'}>
                          ({row.out ? 'ngoài giới hạn: ' : 'giới hạn: '}
                          {row.limit})
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {d.certificate && (
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <p className="text-sm">
                    <span className="font-medium">{T.certificate}:</span> {certificateLine(d.certificate)}
                  </p>
                  <CertificateDownload serial={d.certificate.serial} bare />
                </div>
              )}
              <UnitJourney journey={d.journey ?? []} />
            </li>
          ))}
        </ol>
      )}

      {r.elsewhere.length > 0 && (
        <section aria-labelledby="record-elsewhere">
          <h3 id="record-elsewhere" className="font-semibold text-slate-900">
            {T.elsewhere}
          </h3>
          <ul className="mt-2 flex flex-col gap-2">
            {r.elsewhere.map((e) => (
              <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                {dmy(e.donatedOn)} · {e.place} · {donationTypeLabel(e.donationType)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
