import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { saveDownload } from '../../../lib/save-download';
import { AuthCard } from './auth-card';
import { SECONDARY_BUTTON } from './submit-button';

/** The file 'Tải xuống' saves: what the codes are for, then one code a line. */
function recoveryFileText(username: string, codes: string[]) {
  return [
    `Giọt Hồng — mã khôi phục xác thực hai lớp của tài khoản ${username}`,
    'Mỗi mã chỉ dùng được một lần, khi không có ứng dụng xác thực. Hãy cất giữ ở nơi an toàn.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, once: the server keeps only their HMAC and never shows them again. The
 * person copies or downloads them and says they are kept before the login goes on.
 */
export function RecoveryCodesStep({
  username,
  codes,
  onContinue,
}: {
  username: string;
  codes: string[];
  onContinue: () => void;
}) {
  const [kept, setKept] = useState(false);
  const keptId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Đã sao chép các mã khôi phục');
    } catch {
      toast.error('Không sao chép được. Hãy tải tệp xuống hoặc ghi lại các mã.');
    }
  }

  return (
    <AuthCard
      title="Mã khôi phục"
      icon={<KeyRound aria-hidden className="size-7" />}
      description="Xác thực hai lớp đã được thiết lập. Nếu mất điện thoại, bạn đăng nhập bằng một trong các mã sau. Mỗi mã chỉ dùng được một lần, và các mã sẽ không được hiển thị lại."
    >
      <ol
        aria-label="Mã khôi phục"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="text-center" data-recovery-code>
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void copy()}>
          Sao chép
        </button>
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() =>
            saveDownload(
              new Blob([recoveryFileText(username, codes)]),
              'text/plain;charset=utf-8',
              `giot-hong-ma-khoi-phuc-${username}.txt`,
            )
          }
        >
          Tải xuống
        </button>
      </div>
      <div className="mt-5 flex items-start gap-2 text-sm text-slate-800">
        <input
          id={keptId}
          type="checkbox"
          checked={kept}
          onChange={(e) => setKept(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={keptId}>Tôi đã cất giữ các mã khôi phục ở nơi an toàn</label>
      </div>
      <button
        type="button"
        disabled={!kept}
        onClick={onContinue}
        className="mt-4 flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        Tiếp tục
      </button>
    </AuthCard>
  );
}
