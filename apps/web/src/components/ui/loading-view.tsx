/** Shared loading view: a status spinner with its label. */
export function LoadingView({ label = 'Đang tải dữ liệu' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600"
    >
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span>{label}</span>
    </div>
  );
}
