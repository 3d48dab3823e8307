import { API_KEY_MESSAGES, API_KEY_PAGE_TEXTS as T } from '@giot-hong/contract';
import { Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { inputClass, readOnlyInputClass } from '../../../components/ui/input-class';
import { Modal } from '../../../components/ui/modal';
import type { TCreatedApiKey } from '../api/create-api-key';

/**
 * The new key, this once: the server keeps only its hash, so closing the dialog forgets it for
 * good (the caller drops it). The key sits in a read-only box (it wraps on a phone) that can be selected by hand when
 * the clipboard is refused.
 */
export function ApiKeyCreatedDialog({
  created,
  onClose,
}: {
  created: TCreatedApiKey | null;
  onClose: () => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(T.copied);
    } catch {
      inputRef.current?.select();
      toast.error(T.copyFailed);
    }
  };
  return (
    <Modal
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title={API_KEY_MESSAGES.created}
      description={created?.name}
      wide
      footer={
        <>
          <button type="button" className={buttonSecondary} onClick={() => void copy()}>
            <Copy aria-hidden className="size-5" />
            {T.copy}
          </button>
          <button type="button" className={buttonPrimary} onClick={onClose}>
            {T.keptIt}
          </button>
        </>
      }
    >
      {created && (
        <div className="grid gap-3">
          <p
            id={`${id}-once`}
            className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 font-medium text-amber-900"
          >
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            {API_KEY_MESSAGES.shownOnce}
          </p>
          <div>
            <label htmlFor={`${id}-key`} className="mb-1 block text-sm font-medium text-slate-700">
              {T.keyLabel}
            </label>
            <textarea
              ref={inputRef}
              id={`${id}-key`}
              readOnly
              rows={2}
              value={created.key}
              aria-describedby={`${id}-once`}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputClass} ${readOnlyInputClass} resize-none font-mono text-sm break-all`}
              data-api-key
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
