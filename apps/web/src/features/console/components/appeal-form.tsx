import {
  APPEAL_RULES,
  APPEAL_TEXTS as T,
  APPEAL_URGENCIES,
  APPEAL_URGENCY_LABELS,
  BLOOD_GROUPS,
  ZAppealRequest,
  stockGroupLabel,
  type TAppealRequest,
} from '@giot-hong/contract';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { consolePaths } from '../../../lib/paths';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useCampaignSlots } from '../../registration/api/get-campaign-slots';
import { useCreateAppeal } from '../api/create-appeal';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import {
  EMPTY_APPEAL,
  appealFieldOf,
  defaultEnd,
  toAppealRequest,
  type AppealFormValues,
} from '../lib/appeal-form';
import { newIdempotencyKey } from '../lib/content-format';
import { AppealPreview } from './appeal-preview';
import { cardClass } from './console-ui';

/** A group of checkboxes with its legend and the contract's message below (groups, slots). */
const checkRow = 'flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-slate-900';

/**
 * Writes an appeal: the groups needed, the campaign (and its slots), urgency, end and target; the
 * number of donors it reaches is counted as the audience changes. Sending asks first with that
 * number; the contract's schema checks the request, and the server checks it again. One
 * idempotency key per appeal written: a double click or a retry sends one appeal.
 */
export function AppealForm() {
  const id = useId();
  const navigate = useNavigate();
  // One key per appeal written: the page moves to the appeal once it is sent.
  const [key] = useState(newIdempotencyKey);
  const resolver = useMemo(
    () => contractResolver<AppealFormValues>([ZAppealRequest], (v) => toAppealRequest(v, key), appealFieldOf),
    [key],
  );
  const form = useForm<AppealFormValues>({ resolver, defaultValues: EMPTY_APPEAL, ...FORM_VALIDATION });
  const { errors, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(isDirty);
  const create = useCreateAppeal();
  const [groups, urgency, campaignId, slotStarts] = useWatch({
    control: form.control,
    name: ['groups', 'urgency', 'campaignId', 'slotStarts'],
  });
  const campaigns = useAdminCampaigns({ filter: 'upcoming', search: '' });
  const slots = useCampaignSlots(campaignId ? Number(campaignId) : undefined);
  const [confirming, setConfirming] = useState<{ request: TAppealRequest; count: number } | null>(null);
  const [reach, setReach] = useState<number | undefined>();

  const submit = form.handleSubmit((values) =>
    setConfirming({ request: toAppealRequest(values, key), count: reach ?? 0 }),
  );
  const confirm = () => {
    if (!confirming) return;
    create.mutate(confirming.request, {
      onSuccess: (r) => {
        toast.success(T.sent);
        setConfirming(null);
        // Sent: nothing is left unsaved, so the appeal's page opens without the question.
        unsaved.leaveWithoutAsking(() => navigate(consolePaths.appeal(r.data.id)));
      },
      onError: (err) => {
        setConfirming(null);
        applyServerErrors(
          err,
          form.setError,
          ['groups', 'title', 'message', 'campaignId', 'slotStarts', 'urgency', 'endDate', 'target'],
          { endsAt: 'endDate' },
          T.newAppeal,
        );
      },
    });
  };

  const onCampaign = (value: string) => {
    // A new campaign: its slots are others, and its end is the latest the appeal may end.
    form.setValue('slotStarts', []);
    const chosen = campaigns.data?.items.find((c) => String(c.id) === value);
    if (chosen) {
      const end = defaultEnd(chosen.endReceiveTime);
      form.setValue('endDate', end.endDate);
      form.setValue('endTime', end.endTime);
    }
  };
  const upcoming = campaigns.data?.items ?? [];

  return (
    <>
      <form onSubmit={submit} noValidate className={`${cardClass} grid gap-4`} aria-label={T.newAppeal}>
        <h2 className="text-lg font-semibold text-slate-900">{T.newAppeal}</h2>
        <fieldset aria-describedby={errors.groups ? `${id}-groups-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {T.groupsLabel}
            <span aria-hidden> *</span>
            <span className="sr-only"> (bắt buộc)</span>
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {BLOOD_GROUPS.map((g) => (
              <label key={g} className={checkRow}>
                <input type="checkbox" value={g} {...form.register('groups')} className="size-5" />
                <span className="font-semibold">{stockGroupLabel(g)}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-groups-error`} message={errors.groups?.message} />
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-urgency`} label={T.urgencyLabel} error={errors.urgency?.message} required>
            <select
              {...fieldAria(`${id}-urgency`, errors.urgency?.message, true)}
              {...form.register('urgency')}
              className={`${inputClass} min-h-11`}
            >
              <option value="">{T.chooseUrgency}</option>
              {APPEAL_URGENCIES.map((u) => (
                <option key={u} value={u}>
                  {APPEAL_URGENCY_LABELS[u]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${id}-campaign`}
            label={T.campaignLabel}
            error={errors.campaignId?.message}
            hint={campaigns.data && upcoming.length === 0 ? T.noCampaigns : undefined}
            required
          >
            <select
              {...fieldAria(`${id}-campaign`, errors.campaignId?.message, true)}
              {...form.register('campaignId', { onChange: (e) => onCampaign(e.target.value) })}
              className={`${inputClass} min-h-11`}
            >
              <option value="">{T.chooseCampaign}</option>
              {upcoming.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} · {formatVnDateTime(c.startReceiveTime)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <AppealPreview groups={groups} urgency={urgency} campaignId={campaignId} onCount={setReach} />
        {campaignId && slots.data && slots.data.length > 0 && (
          <fieldset aria-describedby={errors.slotStarts ? `${id}-slots-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-700">{T.slotsLabel}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <label className={checkRow}>
                <input
                  type="checkbox"
                  checked={slotStarts.length === 0}
                  onChange={() => form.setValue('slotStarts', [], { shouldDirty: true })}
                  className="size-5"
                />
                {T.allSlots}
              </label>
              {slots.data.map((s) => (
                <label key={s.start} className={checkRow}>
                  <input
                    type="checkbox"
                    value={s.start}
                    {...form.register('slotStarts')}
                    className="size-5"
                  />
                  {s.label}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-slots-error`} message={errors.slotStarts?.message} />
          </fieldset>
        )}
        <Field id={`${id}-title`} label={T.titleLabel} error={errors.title?.message} required>
          <input
            {...fieldAria(`${id}-title`, errors.title?.message, true)}
            {...form.register('title')}
            maxLength={APPEAL_RULES.titleMax}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-message`} label={T.messageLabel} error={errors.message?.message} required>
          <textarea
            {...fieldAria(`${id}-message`, errors.message?.message, true)}
            {...form.register('message')}
            rows={5}
            maxLength={APPEAL_RULES.messageMax}
            className={inputClass}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id={`${id}-end-date`} label={T.endsAtLabel} error={errors.endDate?.message} required>
            <input
              type="date"
              {...fieldAria(`${id}-end-date`, errors.endDate?.message, true)}
              {...form.register('endDate')}
              className={inputClass}
            />
          </Field>
          <Field id={`${id}-end-time`} label={T.endsAtTimeLabel}>
            <input
              type="time"
              {...fieldAria(`${id}-end-time`)}
              {...form.register('endTime')}
              className={inputClass}
            />
          </Field>
          <Field id={`${id}-target`} label={T.targetLabel} error={errors.target?.message} required>
            <input
              inputMode="numeric"
              {...fieldAria(`${id}-target`, errors.target?.message, true)}
              {...form.register('target')}
              className={inputClass}
            />
          </Field>
        </div>
        <div>
          <button type="submit" className={buttonPrimary} disabled={create.isPending || !reach}>
            {T.send}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={T.sendConfirm(confirming?.count ?? 0)}
        description={confirming?.request.title}
        confirmLabel={T.send}
        pendingLabel="Đang gửi..."
        pending={create.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
