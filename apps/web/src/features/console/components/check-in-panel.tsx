import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANSWER_TEXTS,
  CHECK_IN_TEXTS as T,
  ZAdminCheckInRequest,
  vnClock,
  type TAdminCheckInResult,
} from '@giot-hong/contract';
import { Camera, CameraOff, TriangleAlert } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-errors';
import { useCheckInByCode } from '../api/check-in-by-code';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';

// The camera and its decoder come when staff open the scanner, not with the page.
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

type Result = { ok: true; a: TAdminCheckInResult } | { ok: false; text: string };

const ZCodeForm = ZAdminCheckInRequest.pick({ code: true });

/** The line after a check-in: who (with the birth year, to confirm the person), and when if before. */
export function checkInLine(a: TAdminCheckInResult): string {
  const who = T.who(a.fullName, a.birthYear);
  return a.alreadyCheckedIn && a.checkedInAt ? T.already(who, vnClock(a.checkedInAt)) : T.done(who);
}

/**
 * The desk's main task, first on the day page: the donor's QR code through the camera, or the code
 * typed in (the list's search and its 'Check-in' buttons are the fallback). The code field has the
 * focus when the page opens and again after each check-in, ready for the next donor. Not drawn
 * again when the list changes.
 */
export const CheckInPanel = memo(function CheckInPanel({
  campaignId,
  onAnswers,
}: {
  campaignId: number;
  /** Opens the donor's answers (offered when one was 'Có'). */
  onAnswers: (a: TAdminCheckInResult) => void;
}) {
  const id = useId();
  const [scanning, setScanning] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const checkIn = useCheckInByCode();
  const form = useForm({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const error = form.formState.errors.code?.message;
  const { ref: registerCode, ...codeField } = form.register('code');
  const codeInput = useRef<HTMLInputElement | null>(null);
  // The desk's first move on this page: type or scan a code. The field takes the focus in the task
  // after the one in which React put the page in the document (an effect), without scrolling (it
  // is near the top of the page). Focusing needs the page's styles and layout: with `autoFocus`
  // they were computed inside React's commit, which made the page's longest task longer by about
  // 80 ms on a phone's CPU (4× slower, V8's profiler), where now they are a task of their own.
  useEffect(() => codeInput.current?.focus({ preventScroll: true }), []);

  const send = useCallback(
    (code: string) =>
      checkIn.mutate(
        { code, campaignId },
        {
          onSuccess: (a) => {
            setResult({ ok: true, a });
            form.reset({ code: '' });
            form.setFocus('code');
          },
          onError: (e) => setResult({ ok: false, text: errorMessage(e) }),
        },
      ),
    [checkIn, campaignId, form],
  );
  const submit = form.handleSubmit(({ code }) => send(code));

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} mb-4 flex flex-col gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {T.heading}
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
      {scanning && (
        <Suspense fallback={<p className="text-sm text-slate-700">Đang mở camera...</p>}>
          <QrScanner onCode={(code) => send(code.trim())} />
        </Suspense>
      )}
      <form className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <Field id={`${id}-code`} label={T.codeLabel} error={error}>
            <input
              {...fieldAria(`${id}-code`, error)}
              {...codeField}
              ref={(el) => {
                registerCode(el);
                codeInput.current = el;
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              className={`${inputClass} font-mono`}
            />
          </Field>
        </div>
        <button type="submit" className={`${buttonPrimary} sm:mt-6`} disabled={checkIn.isPending}>
          {checkIn.isPending ? 'Đang check-in...' : T.submit}
        </button>
      </form>
      <div role="status" className="min-h-6" data-check-in-result>
        {result?.ok === false && <p className="font-semibold text-brand-700">{result.text}</p>}
        {result?.ok && (
          <div className="flex flex-wrap items-center gap-2">
            <p className={`font-semibold ${result.a.alreadyCheckedIn ? 'text-amber-900' : 'text-green-800'}`}>
              {checkInLine(result.a)}
            </p>
            {result.a.hasYesAnswer && (
              <>
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
                  <TriangleAlert aria-hidden className="size-4" />
                  {ANSWER_TEXTS.yesFlag}
                </span>
                <button
                  type="button"
                  className={`${buttonSecondary} min-h-9 px-3 py-1 text-sm`}
                  onClick={() => onAnswers(result.a)}
                >
                  {T.showAnswers}
                  <span className="sr-only">: {result.a.fullName}</span>
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
});
