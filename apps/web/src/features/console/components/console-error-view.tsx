import { buttonPrimary } from '../../../components/ui/buttons';

/** A console request failed (network, server): say so and offer to try again. */
export function ConsoleErrorView({
  message = 'Không thể tải dữ liệu. Vui lòng thử lại sau.',
  onRetry,
}: {
  message?: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-lg font-semibold text-slate-900">Đã có lỗi xảy ra</p>
      <p className="text-slate-700">{message}</p>
      <button type="button" className={buttonPrimary} onClick={onRetry}>
        Thử lại
      </button>
    </div>
  );
}
