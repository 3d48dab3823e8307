import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAcceptDonorTerms } from '../api/accept-donor-terms';
import { buttonPrimary } from '../../../components/ui/buttons';
import { FieldError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-errors';

/** Whether the element's content is taller than the element (it scrolls), kept up to date on resize. */
function useScrolls<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/** Step 1: the terms, the agreement checkbox, and 'Xác nhận và tiếp tục' (records the acceptance). */
export function WizardTermsStep({
  agreed,
  onAgreedChange,
  onAccepted,
}: {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  onAccepted: () => void;
}) {
  const accept = useAcceptDonorTerms();
  const [termsRef, termsScroll] = useScrolls<HTMLDivElement>();
  const error = accept.error ? errorMessage(accept.error, 'Đã có lỗi xảy ra') : null;
  return (
    <div className="space-y-4">
      {/* A named region; keyboard users can focus it to scroll it with the arrow keys when it scrolls. */}
      <div
        ref={termsRef}
        role="region"
        aria-labelledby="donor-terms-heading"
        tabIndex={termsScroll ? 0 : undefined}
        className="max-h-[50dvh] space-y-3 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800"
      >
        <h3 id="donor-terms-heading" className="font-semibold">
          Điều khoản tạo hồ sơ hiến máu
        </h3>
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-relaxed">
          <li>
            Bạn đồng ý cung cấp ảnh hai mặt căn cước công dân để hệ thống đọc các thông tin: họ và tên, số
            CCCD, ngày sinh, giới tính, quốc tịch, quê quán, nơi thường trú, ngày cấp và nơi cấp, nhằm xác
            thực danh tính người hiến máu.
          </li>
          <li>
            Ảnh được xử lý ngay trên máy chủ của Hội Chữ thập đỏ, không gửi cho bất kỳ bên thứ ba nào, được mã
            hóa khi lưu trữ và được xóa sau thời hạn lưu giữ kể từ khi hồ sơ được xác nhận.
          </li>
          <li>
            Thông tin chỉ được dùng để đăng ký, tiếp nhận hiến máu và liên hệ với bạn; chỉ bạn và cán bộ được
            phân công mới xem được.
          </li>
          <li>
            Mỗi số CCCD chỉ xác thực được một tài khoản. Bạn cam kết thông tin và hình ảnh cung cấp là của
            chính bạn và chính xác.
          </li>
          <li>
            Trường hợp hệ thống không đọc được chắc chắn, hồ sơ ở trạng thái chờ xác thực để cán bộ kiểm tra
            lại. Bạn có thể yêu cầu sửa hoặc xóa dữ liệu cá nhân theo quy định pháp luật về bảo vệ dữ liệu cá
            nhân.
          </li>
        </ol>
        <p className="text-sm">
          Xem đầy đủ tại{' '}
          <Link
            to={paths.terms}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-700 underline"
          >
            Điều khoản sử dụng
          </Link>
          .
        </p>
      </div>
      <label htmlFor="terms-agree" className="flex cursor-pointer items-start gap-3">
        <input
          id="terms-agree"
          type="checkbox"
          checked={agreed}
          aria-required="true"
          onChange={(e) => onAgreedChange(e.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <span>Tôi đã đọc, hiểu và đồng ý với các điều khoản trên.</span>
      </label>
      <FieldError id="terms-error" message={error} />
      <div className="flex justify-end">
        <button
          type="button"
          className={buttonPrimary}
          disabled={!agreed || accept.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: onAccepted })}
        >
          {accept.isPending ? 'Đang xử lý...' : 'Xác nhận và tiếp tục'}
        </button>
      </div>
    </div>
  );
}
