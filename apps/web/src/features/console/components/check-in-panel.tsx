import { Camera, CameraOff } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { ApiError } from '../../../lib/api-client';
import { useCheckInByCode } from '../api/check-in';
import { cardClass, inputClass } from './console-ui';
import { QrScanner } from './qr-scanner';

type Result = { ok: boolean; text: string };

/**
 * Check-in at the door: the donor's QR code through the camera, or the code typed in (the
 * list's search and its 'Check-in' buttons are the last fallback).
 */
export function CheckInPanel({ campaignId }: { campaignId: number }) {
  const id = useId();
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const checkIn = useCheckInByCode();

  const send = useCallback(
    (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) {
        setResult({ ok: false, text: 'Vui lòng nhập mã check-in.' });
        return;
      }
      checkIn.mutate(
        { code: trimmed, campaignId },
        {
          onSuccess: (a) => {
            setResult({ ok: true, text: `Đã check-in: ${a.fullName ?? ''}`.trim() });
            setCode('');
          },
          onError: (e) =>
            setResult({
              ok: false,
              text: e instanceof ApiError ? e.message : 'Không thể check-in. Vui lòng thử lại.',
            }),
        },
      );
    },
    [checkIn, campaignId],
  );

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} mb-4 flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Check-in
        </h2>
        <button
          type="button"
          className={buttonSecondary}
          aria-pressed={scanning}
          onClick={() => setScanning((s) => !s)}
        >
          {scanning ? (
            <CameraOff aria-hidden className="size-5" />
          ) : (
            <Camera aria-hidden className="size-5" />
          )}
          {scanning ? 'Tắt camera' : 'Quét mã QR'}
        </button>
      </div>
      {scanning && <QrScanner onCode={send} />}
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(code);
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium text-slate-700">
            Mã check-in
          </label>
          <input
            id={`${id}-code`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            className={`${inputClass} font-mono`}
          />
        </div>
        <button type="submit" className={buttonPrimary} disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Đang check-in...' : 'Check-in'}
        </button>
      </form>
      <p
        role="status"
        className={`min-h-6 text-sm font-semibold ${result?.ok ? 'text-green-800' : 'text-brand-700'}`}
      >
        {result?.text}
      </p>
    </section>
  );
}
