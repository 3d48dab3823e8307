import {
  STOCK_LEVEL_LABELS,
  STOCK_TEXTS as T,
  stockGroupLabel,
  type TStockEntry,
  type TStockLevel,
} from '@giot-hong/contract';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useStock } from '../api/get-stock';

/*
 * Colours of the drops: a drop is decoration beside its words (never the only sign of a level), and
 * each word is dark enough on white (≥ 4.5:1) to be read alone.
 */
const DROP: Record<TStockLevel | 'STALE', string> = {
  CRITICAL: 'fill-red-600',
  LOW: 'fill-amber-500',
  OK: 'fill-emerald-600',
  HIGH: 'fill-sky-600',
  STALE: 'fill-slate-300',
};
const WORD: Record<TStockLevel | 'STALE', string> = {
  CRITICAL: 'text-red-700',
  LOW: 'text-amber-800',
  OK: 'text-emerald-800',
  HIGH: 'text-sky-800',
  STALE: 'text-slate-600',
};

/** What one group shows: its level, or 'chưa cập nhật' when the server says it is too old (or unset). */
const shownOf = (e: TStockEntry) => (e.stale || !e.level ? 'STALE' : e.level);

/** The latest setting of the board (who and when), said once below it. */
function lastUpdate(groups: readonly TStockEntry[]) {
  let latest: TStockEntry | undefined;
  for (const g of groups) if (g.updatedAt && (!latest || g.updatedAt > latest.updatedAt!)) latest = g;
  return latest?.updatedAt && latest.updatedBy
    ? T.updated(formatVnDateTime(latest.updatedAt), latest.updatedBy)
    : null;
}

/**
 * The blood stock board of the landing page: eight drops coloured by level, each with its group and
 * its level in words, as a list. Rendered on the server with the page's data; no request of its own.
 */
export function StockBoard() {
  const { data } = useStock();
  if (!data) return null;
  const updated = lastUpdate(data.groups);
  // A current level's note ('Cần gấp cho ca mổ') is said below the drops, with its group.
  const notes = data.groups.filter((g) => !g.stale && g.note);
  return (
    <section aria-labelledby="stock-title" className="py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600">{T.boardEyebrow}</p>
          <h2
            id="stock-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            {T.boardTitle}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-600">{T.boardIntro}</p>
        </div>
        <ul aria-label={T.boardListLabel} className="mt-8 grid grid-cols-4 gap-2 sm:gap-4 lg:grid-cols-8">
          {data.groups.map((g) => {
            const shown = shownOf(g);
            return (
              <li
                key={g.group}
                data-group={g.group}
                className="flex flex-col items-center rounded-2xl bg-white px-1 py-3 text-center ring-1 ring-slate-200"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-9 ${DROP[shown]}`}>
                  <path d="M12 2.7s-6.5 7.1-6.5 11.8a6.5 6.5 0 0 0 13 0C18.5 9.8 12 2.7 12 2.7Z" />
                </svg>
                <span className="mt-1 text-lg font-bold text-slate-900">{stockGroupLabel(g.group)}</span>
                <span className={`text-xs leading-tight font-semibold sm:text-sm ${WORD[shown]}`}>
                  {shown === 'STALE' ? T.stale : STOCK_LEVEL_LABELS[shown]}
                </span>
              </li>
            );
          })}
        </ul>
        {notes.length > 0 && (
          <ul className="mx-auto mt-4 max-w-2xl space-y-1 text-sm text-slate-700">
            {notes.map((g) => (
              <li key={g.group}>
                <span className="font-semibold">{stockGroupLabel(g.group)}:</span> {g.note}
              </li>
            ))}
          </ul>
        )}
        {updated && <p className="mt-4 text-center text-sm text-slate-600">{updated}</p>}
      </div>
    </section>
  );
}
