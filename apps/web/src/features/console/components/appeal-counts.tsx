import {
  APPEAL_DELIVERY_LABELS,
  APPEAL_TEXTS as T,
  type TAdminAppeal,
  type TAppealCounts,
} from '@giot-hong/contract';

/** The live counts in the order an appeal moves donors: reached, opened, answered … donated. */
const COUNT_WORDS: [keyof TAppealCounts, string][] = [
  ['reached', T.reached],
  ['opened', T.opened],
  ['answered', T.answered],
  ['coming', T.comingCount],
  ['declined', T.declinedCount],
  ['booked', T.bookedCount],
  ['donated', T.donatedCount],
];

/** Each count as 'label: number' (a description list), `compact` on one wrapped line for the list. */
export function AppealCounts({ counts, compact = false }: { counts: TAppealCounts; compact?: boolean }) {
  return (
    <dl
      className={
        compact
          ? 'flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700'
          : 'grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7'
      }
    >
      {COUNT_WORDS.map(([k, label]) => (
        <div key={k} data-appeal-count={k} className={compact ? 'flex gap-1' : 'rounded-lg bg-slate-50 p-3'}>
          <dt className={compact ? '' : 'text-sm text-slate-600'}>
            {label}
            {compact && ':'}
          </dt>
          <dd className={compact ? 'font-semibold text-slate-900' : 'text-2xl font-bold text-slate-900'}>
            {counts[k]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The sending: its state in words and a progress bar labelled with the figures. */
export function AppealDelivery({ delivery }: { delivery: TAdminAppeal['delivery'] }) {
  const done = delivery.status === 'DONE';
  return (
    <div>
      <p className="text-slate-800">
        {APPEAL_DELIVERY_LABELS[delivery.status]} · {T.deliveryProgress(delivery.sent, delivery.total)}
      </p>
      <progress
        aria-label={T.delivery}
        className="mt-1 block w-full"
        max={Math.max(delivery.total, 1)}
        value={done ? Math.max(delivery.total, 1) : delivery.sent}
      />
    </div>
  );
}
