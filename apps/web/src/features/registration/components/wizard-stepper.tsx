export const REGISTRATION_STEPS = ['Chọn chiến dịch', 'Câu hỏi sức khỏe', 'Xác nhận thông tin', 'Hoàn thành'] as const;

/** The numbered 4-step stepper of spec section 2 (steps 0–3); the current step carries aria-current. */
export function RegistrationStepper({ current }: { current: number }) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Các bước đăng ký hiến máu">
      {REGISTRATION_STEPS.map((label, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col items-center gap-1 text-center">
            <span
              aria-hidden
              className={`flex size-9 items-center justify-center rounded-full text-sm font-bold ${
                state === 'todo' ? 'bg-slate-200 text-slate-700' : 'bg-brand-600 text-white'
              } ${state === 'current' ? 'ring-4 ring-brand-200' : ''}`}
            >
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className={`text-xs sm:text-sm ${state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
              <span className="sr-only">{`Bước ${i + 1}: `}</span>
              {label}
              {state === 'done' && <span className="sr-only"> (đã xong)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
