import type { TAdminCampaign } from '@giot-hong/contract';

/** The day's live numbers: refreshed with the campaign every few seconds. */
export function DayCounters({ campaign }: { campaign: TAdminCampaign }) {
  const c = campaign.counts;
  const items: [string, string | number][] = [
    ['Đã đăng ký', c.registered],
    ['Đã check-in', c.checkedIn],
    ['Đã hiến', c.done],
    ['Tạm hoãn', c.deferred],
    ['Vắng mặt', c.noShow],
    ['Đơn vị máu', `${campaign.unitsCollected} / ${campaign.targetBloodUnits}`],
  ];
  return (
    <section aria-labelledby="day-counters-heading" className="mb-4">
      <h2 id="day-counters-heading" className="sr-only">
        Số liệu trong ngày
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-counter={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
