import { useIsOffline } from '../../lib/network-status';

/**
 * 'Bạn đang ngoại tuyến' under the header while the portal cannot reach its server, so a page that
 * needs data says why it has none instead of failing. The live region stays in the page (empty and
 * without a role when online, so a page's own status message stays the only one), and screen
 * readers announce the notice when it fills.
 */
export function OfflineNotice() {
  const offline = useIsOffline();
  return (
    <div aria-live="polite">
      {offline && (
        <div role="status" className="border-b border-amber-300 bg-amber-50">
          <div className="mx-auto w-full max-w-6xl px-4 py-2 text-sm text-slate-900">
            <p className="font-semibold">Bạn đang ngoại tuyến</p>
            <p>
              Trang cần kết nối mạng sẽ tải lại khi có mạng. Lịch hẹn, giấy chứng nhận và hồ sơ hiến máu đã mở
              trước đó vẫn xem được.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
