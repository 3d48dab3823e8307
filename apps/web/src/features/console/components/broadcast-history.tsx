import { BROADCAST_AUDIENCE_LABELS, BROADCAST_STATUS_LABELS } from '@giot-hong/contract';
import { LoadingView } from '../../../components/ui/loading-view';
import { useBroadcasts } from '../api/get-broadcasts';
import { cardClass } from './console-ui';
import { formatVnDateTime } from '../../../lib/vn-time';

/** The latest broadcasts with their progress (nothing at all while there are none). */
export function BroadcastHistory() {
  const list = useBroadcasts();
  if (list.isPending) return <LoadingView />;
  if (list.isError || list.data.length === 0) return null;
  return (
    <section aria-labelledby="broadcast-history" className="mt-6">
      <h2 id="broadcast-history" className="mb-2 text-lg font-semibold text-slate-900">
        Đã gửi gần đây
      </h2>
      <ul className="grid gap-3">
        {list.data.map((b) => (
          <li key={b.id} className={cardClass}>
            <p className="font-semibold break-words text-slate-900">{b.title}</p>
            <p className="text-sm text-slate-700">
              {formatVnDateTime(b.createdAt)} · {BROADCAST_AUDIENCE_LABELS[b.audience.kind]} ·{' '}
              {BROADCAST_STATUS_LABELS[b.status]}
            </p>
            <label className="mt-2 block text-sm text-slate-700">
              Đã gửi {b.sent}/{b.total}
              {b.sendEmail && `, email ${b.emailed}`}
              <progress
                className="mt-1 block w-full"
                max={Math.max(b.total, 1)}
                value={b.status === 'DONE' ? Math.max(b.total, 1) : b.sent}
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
