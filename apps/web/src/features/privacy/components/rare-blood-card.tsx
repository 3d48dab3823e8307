import { zodResolver } from '@hookform/resolvers/zod';
import {
  RARE_BLOOD_TEXTS as T,
  ZRareBloodChange,
  type TRareBloodChange,
  type TRareBloodState,
} from '@giot-hong/contract';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { applyServerErrors, errorMessage } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { formatVnDay } from '../../../lib/vn-time';
import { useChangeRareBlood, useRareBlood } from '../api/rare-blood';
import { PrivacySection } from './privacy-section';

const LEAVE: TRareBloodChange = { member: false, onCall: false, callHours: null };

/** The form's inputs: always a member here; two empty times are no hours (the contract makes them null). */
type Values = { member: true; onCall: boolean; callHours: { from: string; to: string } };
// The contract reads any callHours (blank inputs included); the form always gives these inputs.
const resolver = zodResolver(ZRareBloodChange) as unknown as Resolver<Values, unknown, TRareBloodChange>;

const valuesOf = (s: TRareBloodState): Values => ({
  member: true,
  onCall: s.onCall,
  callHours: { from: s.callHours?.from ?? '', to: s.callHours?.to ?? '' },
});

/** A member's on-call switch and hours, saved together; leaving asks first. */
function MemberForm({ state }: { state: TRareBloodState }) {
  const change = useChangeRareBlood();
  const [leaving, setLeaving] = useState(false);
  const form = useForm<Values, unknown, TRareBloodChange>({
    resolver,
    defaultValues: valuesOf(state),
    ...FORM_VALIDATION,
  });
  const onCall = useWatch({ control: form.control, name: 'onCall' });
  const errors = form.formState.errors.callHours;
  const fromError = errors?.from?.message;
  const toError = errors?.to?.message;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (r) => {
        toast.success(r.message);
        form.reset(valuesOf(r.data));
      },
      onError: (err) => applyServerErrors(err, form.setError, ['callHours.from', 'callHours.to']),
    }),
  );
  const leave = () =>
    change.mutate(LEAVE, {
      onSuccess: (r) => {
        setLeaving(false);
        toast.success(r.message);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });

  return (
    <>
      {state.joinedAt && (
        <p className="mb-3 font-medium text-slate-900">{T.memberSince(formatVnDay(state.joinedAt))}</p>
      )}
      <form onSubmit={submit} noValidate className="space-y-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            className="size-5 accent-brand-600"
            aria-describedby="rare-blood-on-call-hint"
            {...form.register('onCall')}
          />
          <span className="font-medium text-slate-900">{T.onCall}</span>
        </label>
        <p id="rare-blood-on-call-hint" className="text-sm text-slate-600">
          {T.onCallHint}
        </p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <Field id="rare-blood-from" label={T.callFrom} error={fromError} required={onCall}>
            <input
              type="time"
              {...fieldAria('rare-blood-from', fromError, onCall)}
              {...form.register('callHours.from')}
              className={inputClass}
            />
          </Field>
          <Field id="rare-blood-to" label={T.callTo} error={toError} required={onCall}>
            <input
              type="time"
              {...fieldAria('rare-blood-to', toError, onCall)}
              {...form.register('callHours.to')}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonPrimary} disabled={change.isPending}>
            {T.save}
          </button>
          <button
            type="button"
            className={buttonDanger}
            disabled={change.isPending}
            onClick={() => setLeaving(true)}
          >
            {T.leave}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={leaving}
        title={T.leaveTitle}
        description={T.leaveText}
        confirmLabel={T.leave}
        cancelLabel={T.stay}
        tone="danger"
        pending={change.isPending}
        onConfirm={leave}
        onCancel={() => setLeaving(false)}
      />
    </>
  );
}

/**
 * The rare-blood club on the privacy tab, shown to donors whose laboratory group is Rh-negative
 * (and to members, so one whose group changed can still leave). Joining gives the club's consent:
 * its text is the one shown here.
 */
export function RareBloodCard() {
  const club = useRareBlood();
  const change = useChangeRareBlood();
  if (club.isError)
    return (
      <PrivacySection id="privacy-rare-blood" title={T.title}>
        <p role="alert">{errorMessage(club.error, T.loadFailed)}</p>
      </PrivacySection>
    );
  const state = club.data;
  if (!state || (!state.eligible && !state.member)) return null;
  const join = () =>
    change.mutate(
      { member: true, onCall: false, callHours: null },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  return (
    <PrivacySection id="privacy-rare-blood" title={T.title}>
      <div className="mb-3 space-y-2 text-slate-700">
        <p>{T.intro}</p>
        {state.labBloodGroup && (
          <p className="font-medium text-slate-900">{T.yourGroup(state.labBloodGroup)}</p>
        )}
        <p className="rounded-lg bg-slate-50 p-3 text-sm">{T.membership}</p>
      </div>
      {state.member ? (
        <MemberForm key={`${state.joinedAt}`} state={state} />
      ) : (
        <button type="button" className={buttonPrimary} disabled={change.isPending} onClick={join}>
          {T.join}
        </button>
      )}
    </PrivacySection>
  );
}
