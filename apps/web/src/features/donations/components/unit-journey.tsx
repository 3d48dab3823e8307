import { UNIT_JOURNEY_TEXTS as T, type TUnitJourneyEntry } from '@giot-hong/contract';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { journeyRows, type TJourneyRow } from '../lib/journey';

const DOT: Record<TJourneyRow['state'], string> = {
  done: 'border-brand-600 bg-brand-600 text-white',
  pending: 'border-slate-300 bg-white',
  discarded: 'border-slate-400 bg-slate-200',
};

/**
 * 'Hành trình giọt máu' of one donation: an ordered list read top to bottom, each step saying its
 * day or 'Chưa có thông tin' in words (the dots and the line only repeat it). Nothing about test
 * results, the reason a unit was not used, or who received it.
 */
export function UnitJourney({ journey }: { journey: readonly TUnitJourneyEntry[] }) {
  const id = useId();
  const rows = journeyRows(journey);
  if (rows.length === 0) return null;
  return (
    <div className="mt-4" data-unit-journey>
      <h4 id={id} className="text-sm font-semibold text-slate-800">
        {T.title}
      </h4>
      <ol aria-labelledby={id} className="mt-2">
        {rows.map((r, i) => (
          <li
            key={`${r.step}-${i}`}
            data-step={r.step}
            data-state={r.state}
            className="relative flex gap-3 pb-4 last:pb-0"
          >
            {/* The line to the next step. */}
            {i < rows.length - 1 && (
              <span aria-hidden className="absolute top-6 bottom-0 left-[0.6875rem] w-0.5 bg-slate-200" />
            )}
            <span
              aria-hidden
              className={`relative mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border-2 ${DOT[r.state]}`}
            >
              {r.state === 'done' && <Check className="size-3.5" strokeWidth={3} />}
            </span>
            <div className="min-w-0">
              <p className={`font-medium ${r.state === 'pending' ? 'text-slate-600' : 'text-slate-900'}`}>
                {r.label}
              </p>
              <p className="text-sm text-slate-700">{r.on ?? T.pending}</p>
              {r.detail && <p className="text-sm break-words text-slate-800">{r.detail}</p>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
