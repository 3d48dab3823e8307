import {
  BLOOD_GROUPS,
  BROADCAST_AUDIENCE_LABELS,
  BROADCAST_AUDIENCES,
  BROADCAST_TEXTS as T,
  BROADCAST_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  ZBroadcastAudience,
  ZBroadcastRequest,
  type TBroadcastAudience,
  type TBroadcastAudienceKind,
  type TBroadcastRequest,
} from '@giot-hong/contract';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, fieldAria } from '../../../components/ui/field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { applyServerErrors, errorMessage } from '../../../lib/api-errors';
import { useProvinces } from '../../profile/api/get-provinces';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import { useAudienceCount } from '../api/count-audience';
import { useSendBroadcast } from '../api/send-broadcast';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { newIdempotencyKey } from '../lib/content-format';

/** The form's inputs: one input for the audience's detail (a blood group, a province, a day, a campaign). */
type FormValues = {
  kind: TBroadcastAudienceKind;
  detail: string;
  type: string;
  title: string;
  content: string;
  link: string;
  sendEmail: boolean;
};
const EMPTY: FormValues = {
  kind: 'ALL',
  detail: '',
  type: '2',
  title: '',
  content: '',
  link: '',
  sendEmail: false,
};

function audienceOf(kind: TBroadcastAudienceKind, detail: string) {
  if (kind === 'BLOOD_GROUP') return { kind, bloodGroup: detail || undefined };
  if (kind === 'PROVINCE') return { kind, provinceCode: detail || undefined };
  if (kind === 'ELIGIBLE_FROM') return { kind, date: detail || undefined };
  if (kind === 'CAMPAIGN') return { kind, campaignId: detail ? Number(detail) : undefined };
  return { kind };
}

const toRequest = (v: FormValues, idempotencyKey: string): TBroadcastRequest => ({
  idempotencyKey,
  type: Number(v.type) as 1 | 2 | 3,
  title: v.title,
  content: v.content,
  link: v.link,
  sendEmail: v.sendEmail,
  audience: audienceOf(v.kind, v.detail) as TBroadcastAudience,
});

const DETAIL_LABELS: Record<Exclude<TBroadcastAudienceKind, 'ALL'>, string> = {
  BLOOD_GROUP: 'Nhóm máu',
  PROVINCE: 'Tỉnh/thành phố',
  ELIGIBLE_FROM: 'Ngày',
  CAMPAIGN: 'Chiến dịch',
};

/**
 * Writes a notification: the audience (its size is counted as soon as it is complete), the text and
 * whether e-mail goes with it. Sending asks first, naming the audience and the number reached; the
 * contract's schema checks the request before that, and the server checks it again.
 */
export function BroadcastForm() {
  const id = useId();
  // One key per message: a double click or a retried request is the same broadcast.
  const [key, setKey] = useState(newIdempotencyKey);
  const resolver = useMemo(
    () =>
      contractResolver<FormValues>(
        [ZBroadcastRequest],
        (v) => toRequest(v, key),
        (path) => (path[0] === 'audience' ? 'detail' : (String(path[0]) as keyof FormValues)),
      ),
    [key],
  );
  const form = useForm<FormValues>({ resolver, defaultValues: EMPTY, ...FORM_VALIDATION });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const send = useSendBroadcast();
  const [kind, detail] = useWatch({ control: form.control, name: ['kind', 'detail'] });
  const provinces = useProvinces(kind === 'PROVINCE');
  const campaigns = useAdminCampaigns({ filter: 'upcoming', search: '' });
  const audience = ZBroadcastAudience.safeParse(audienceOf(kind, detail));
  const count = useAudienceCount(audience.success ? (audience.data as TBroadcastAudience) : null);
  // Checked and counted: the confirmation names the audience and the number it reaches.
  const [confirming, setConfirming] = useState<TBroadcastRequest | null>(null);

  const submit = form.handleSubmit((values) => setConfirming(toRequest(values, key)));
  const confirm = () => {
    if (!confirming) return;
    send.mutate(confirming, {
      onSuccess: (r) => {
        toast.success(r.message);
        setConfirming(null);
        form.reset(EMPTY);
        setKey(newIdempotencyKey());
      },
      onError: (err) => {
        setConfirming(null);
        applyServerErrors(
          err,
          form.setError,
          ['title', 'content', 'link', 'detail'],
          {},
          'Không thể gửi thông báo',
        );
      },
    });
  };

  const text = (name: 'title' | 'link', label: string, props: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message} required={name === 'title'}>
      <input
        {...fieldAria(`${id}-${name}`, errors[name]?.message, name === 'title')}
        {...form.register(name)}
        className={inputClass}
        {...props}
      />
    </Field>
  );

  return (
    <>
      <form onSubmit={submit} noValidate className={`${cardClass} grid gap-4`} aria-label="Soạn thông báo">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-kind`} label="Người nhận">
            <select
              id={`${id}-kind`}
              {...form.register('kind', {
                onChange: () => form.setValue('detail', '', { shouldValidate: false }),
              })}
              className={`${inputClass} min-h-11`}
            >
              {BROADCAST_AUDIENCES.map((k) => (
                <option key={k} value={k}>
                  {BROADCAST_AUDIENCE_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
          {kind !== 'ALL' && (
            <Field id={`${id}-detail`} label={DETAIL_LABELS[kind]} error={errors.detail?.message} required>
              {kind === 'ELIGIBLE_FROM' ? (
                <input
                  type="date"
                  {...fieldAria(`${id}-detail`, errors.detail?.message, true)}
                  {...form.register('detail')}
                  className={inputClass}
                />
              ) : (
                <select
                  {...fieldAria(`${id}-detail`, errors.detail?.message, true)}
                  {...form.register('detail')}
                  className={`${inputClass} min-h-11`}
                >
                  <option value="">Chọn…</option>
                  {kind === 'BLOOD_GROUP' &&
                    BLOOD_GROUPS.map((g) => (
                      <option key={g} value={g}>
                        {g}
                      </option>
                    ))}
                  {kind === 'PROVINCE' &&
                    (provinces.data ?? []).map((p) => (
                      <option key={p.code} value={p.code}>
                        {p.name}
                      </option>
                    ))}
                  {kind === 'CAMPAIGN' &&
                    (campaigns.data?.items ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                </select>
              )}
            </Field>
          )}
        </div>
        <p aria-live="polite" className="font-semibold text-slate-900" data-audience-count>
          {!audience.success
            ? 'Chọn người nhận để xem số lượng.'
            : count.isPending
              ? 'Đang đếm người nhận…'
              : count.isError
                ? errorMessage(count.error)
                : count.data === 0
                  ? BROADCAST_MESSAGES.broadcastNoRecipients
                  : T.reach(count.data)}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-type`} label="Loại thông báo">
            <select id={`${id}-type`} {...form.register('type')} className={`${inputClass} min-h-11`}>
              {Object.entries(NOTIFICATION_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          {text('title', 'Tiêu đề', { maxLength: 200 })}
        </div>
        <Field
          id={`${id}-content`}
          label="Nội dung (HTML đơn giản được giữ lại sau khi làm sạch)"
          error={errors.content?.message}
          required
        >
          <textarea
            {...fieldAria(`${id}-content`, errors.content?.message, true)}
            {...form.register('content')}
            rows={5}
            className={inputClass}
          />
        </Field>
        {text('link', 'Liên kết (không bắt buộc)', { placeholder: '/tin-tuc/1 hoặc https://…' })}
        <div className="flex items-start gap-2">
          <input id={`${id}-email`} type="checkbox" {...form.register('sendEmail')} className="mt-1 size-5" />
          <label htmlFor={`${id}-email`} className="text-slate-800">
            Gửi kèm email (chỉ tới người đã đồng ý nhận email về sự kiện và tin tức)
          </label>
        </div>
        <div>
          <button type="submit" className={buttonPrimary} disabled={send.isPending || !count.data}>
            {T.send}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={T.confirmTitle(count.data ?? 0)}
        description={
          confirming
            ? T.confirmBody(BROADCAST_AUDIENCE_LABELS[confirming.audience.kind], confirming.title)
            : null
        }
        confirmLabel={T.send}
        pendingLabel="Đang gửi..."
        pending={send.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.sendEmail && <p className="text-slate-800">{T.withEmail}</p>}
      </ConfirmDialog>
    </>
  );
}
