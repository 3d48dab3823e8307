/** The labels of a four-step wizard, in order. */
export type FourSteps = readonly [string, string, string, string];

/**
 * A wizard's numbered stepper: the steps before `current` carry a tick, the current one
 * aria-current; each reads as 'Bước n: …', with '(đã xong)' once done.
 */
export function Stepper({
  label,
  steps,
  current,
}: {
  /** The list's accessible name. */
  label: string;
  steps: FourSteps;
  /** Index of the current step (0 = the first). */
  current: number;
}) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label={label}>
      {steps.map((step, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center"
          >
            <span
              aria-hidden
              className={`flex size-9 items-center justify-center rounded-full text-sm font-bold ${
                state === 'todo' ? 'bg-slate-200 text-slate-700' : 'bg-brand-600 text-white'
              } ${state === 'current' ? 'ring-4 ring-brand-200' : ''}`}
            >
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span
              className={`text-xs sm:text-sm ${state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
            >
              <span className="sr-only">{`Bước ${i + 1}: `}</span>
              {step}
              {state === 'done' && <span className="sr-only"> (đã xong)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
