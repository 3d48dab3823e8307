import { RARE_BLOOD_TEXTS as T, stockGroupLabel, type TRareBloodMember } from '@giot-hong/contract';
import { DetailList } from '../../../components/ui/detail-list';
import { formatVnDay } from '../../../lib/vn-time';
import { cardClass } from './console-ui';

const day = (d: string | null, none: string) => (d ? formatVnDay(d) : none);

/**
 * The members to phone, one card each (a single column on a phone): name and group, the number as
 * a tel: link, where they live, when they last gave and may give again, and whether they take calls
 * now. Members on call come first (the server's order).
 */
export function RareBloodMemberList({ members }: { members: readonly TRareBloodMember[] }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {members.map((m) => {
        const name = m.fullName ?? '—';
        return (
          <li key={m.userId} className={cardClass}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-bold break-words text-slate-900">{name}</h2>
              <span className="rounded-full bg-brand-50 px-3 py-0.5 font-bold text-brand-800">
                {stockGroupLabel(m.group)}
              </span>
            </div>
            <p className="mb-3">
              {m.phone ? (
                <a
                  href={`tel:${m.phone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                >
                  <span className="sr-only">{T.call(name)}: </span>
                  {m.phone}
                </a>
              ) : (
                <span className="text-slate-600">{T.phone}: —</span>
              )}
            </p>
            <DetailList
              items={[
                [T.place, m.place ?? '—'],
                [T.lastDonation, day(m.lastDonationDate, T.neverDonated)],
                [T.nextEligible, day(m.nextEligibleDate, T.eligibleNow)],
                [
                  T.onCall,
                  m.onCall && m.callHours ? T.onCallNow(m.callHours.from, m.callHours.to) : T.notOnCall,
                ],
              ]}
            />
          </li>
        );
      })}
    </ul>
  );
}
