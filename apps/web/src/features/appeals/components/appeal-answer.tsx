import {
  APPEAL_TEXTS as T,
  APPEAL_MESSAGES,
  appealRegistrationPath,
  type TAppealAnswer,
  type TMyAppeal,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { FieldError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-errors';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useAnswerAppeal } from '../api/answer-appeal';
import { appealState, slotChoice } from '../lib/appeal-answer';

/**
 * The donor's answer. 'Tôi sẽ đến' records it, then opens the registration wizard on the appeal's
 * campaign (and slot: the one named, or the donor's choice when several are), where the
 * questionnaire and every rule apply. An answer given shows with 'Đổi câu trả lời'.
 */
export function AppealAnswer({ appeal }: { appeal: TMyAppeal }) {
  const id = useId();
  const navigate = useNavigate();
  const answer = useAnswerAppeal();
  const [changing, setChanging] = useState(false);
  const [now] = useState(() => Date.now());
  const choice = slotChoice(appeal.slotStarts, now);
  const [slot, setSlot] = useState<string | undefined>();
  const [slotMissing, setSlotMissing] = useState(false);
  const state = appealState(appeal);

  if (state === 'ENDED') return <p className="rounded-lg bg-slate-100 p-4 text-slate-800">{T.ended}</p>;
  if (state === 'BOOKED') return <p className="rounded-lg bg-emerald-50 p-4 text-emerald-900">{T.booked}</p>;

  const send = (value: TAppealAnswer) => {
    const start = choice.kind === 'one' ? choice.start : choice.kind === 'choose' ? slot : undefined;
    if (value === 'COMING' && choice.kind === 'choose' && !start) {
      setSlotMissing(true);
      return;
    }
    answer.mutate(
      { id: appeal.id, body: { answer: value } },
      {
        onSuccess: () => {
          setChanging(false);
          if (value === 'COMING') navigate(appealRegistrationPath(appeal, start));
          else toast.success(APPEAL_MESSAGES.responseSaved);
        },
        onError: (err) => toast.error(T.loadFailed, { description: errorMessage(err) }),
      },
    );
  };

  if ((state === 'COMING' || state === 'DECLINED') && !changing) {
    return (
      <div className="grid gap-3 rounded-lg bg-slate-50 p-4">
        <p className="text-slate-900">{state === 'COMING' ? T.answeredComing : T.answeredDeclined}</p>
        <div className="flex flex-wrap gap-3">
          {state === 'COMING' && (
            <Link
              to={appealRegistrationPath(appeal, choice.kind === 'one' ? choice.start : undefined)}
              className={buttonPrimary}
            >
              {T.register}
            </Link>
          )}
          <button type="button" className={buttonSecondary} onClick={() => setChanging(true)}>
            {T.changeAnswer}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {choice.kind === 'choose' && (
        <fieldset aria-describedby={slotMissing ? `${id}-slot-error` : undefined}>
          <legend className="mb-2 font-semibold text-slate-900">{T.chooseSlot}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {choice.starts.map((s) => (
              <label
                key={s}
                className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
              >
                <input
                  type="radio"
                  name={`${id}-slot`}
                  value={s}
                  checked={slot === s}
                  onChange={() => {
                    setSlot(s);
                    setSlotMissing(false);
                  }}
                  className="size-5"
                />
                {formatVnDateTime(s)}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-slot-error`} message={slotMissing ? T.chooseSlot : null} />
        </fieldset>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className={buttonPrimary}
          disabled={answer.isPending}
          onClick={() => send('COMING')}
        >
          {T.coming}
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={answer.isPending}
          onClick={() => send('DECLINED')}
        >
          {T.notThisTime}
        </button>
      </div>
    </div>
  );
}
