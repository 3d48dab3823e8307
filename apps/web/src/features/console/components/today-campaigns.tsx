import { CalendarCheck, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonPrimary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import { ConsoleErrorView } from './console-error-view';
import { cardClass } from './console-ui';
import { formatCampaignWindow } from '../lib/console-format';
import { isoToVnLocal, vnToday } from '../../../lib/vn-time';

/** The campaigns held today (then the next ones), each opening its day page. */
export function TodayCampaigns() {
  const list = useAdminCampaigns({ filter: 'upcoming', search: '' });
  const today = vnToday();

  if (list.isPending) return <LoadingView />;
  if (list.isError) return <ConsoleErrorView onRetry={() => list.refetch()} />;
  const todays = list.data.items.filter((c) => isoToVnLocal(c.startReceiveTime).date === today);
  const next = list.data.items.filter((c) => isoToVnLocal(c.startReceiveTime).date > today).slice(0, 5);

  const card = (c: (typeof todays)[number]) => (
    <li key={c.id} className={`${cardClass} flex flex-col gap-2`}>
      <h3 className="text-lg font-semibold break-words text-slate-900">{c.name}</h3>
      <p className="text-slate-700">{formatCampaignWindow(c)}</p>
      <p className="flex items-start gap-1 text-slate-700">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="break-words">{c.location}</span>
      </p>
      <Link to={consolePaths.campaignDay(c.id)} className={`${buttonPrimary} self-start`}>
        <CalendarCheck aria-hidden className="size-5" />
        Mở ngày hiến máu
        <span className="sr-only">: {c.name}</span>
      </Link>
    </li>
  );

  return (
    <>
      <section aria-labelledby="today-heading" className="mb-6">
        <h2 id="today-heading" className="mb-2 text-lg font-semibold text-slate-900">
          Hôm nay
        </h2>
        {todays.length === 0 ? (
          <EmptyView title="Hôm nay không có chiến dịch nào" icon={CalendarCheck} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">{todays.map(card)}</ul>
        )}
      </section>
      {next.length > 0 && (
        <section aria-labelledby="next-heading">
          <h2 id="next-heading" className="mb-2 text-lg font-semibold text-slate-900">
            Sắp tới
          </h2>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">{next.map(card)}</ul>
        </section>
      )}
    </>
  );
}
