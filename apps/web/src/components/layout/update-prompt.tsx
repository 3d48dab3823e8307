import { useState } from 'react';
import { useWaitingUpdate } from '../../lib/pwa-update';
import { buttonPrimary } from '../ui/buttons';

/**
 * 'Có phiên bản mới': a new version of the portal is installed. The page keeps running the version
 * it started with until the donor reloads here (a form being filled in is not lost to an update).
 */
export function UpdatePrompt() {
  const take = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  if (!take) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg lg:bottom-6"
    >
      <p className="font-semibold text-slate-900">Có phiên bản mới</p>
      <button
        type="button"
        className={buttonPrimary}
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          take();
        }}
      >
        Tải lại
      </button>
    </div>
  );
}
