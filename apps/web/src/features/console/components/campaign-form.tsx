import {
  QUESTION_SET_MESSAGES,
  ADMIN_MESSAGES,
  SLOT_RULES,
  isStillReceiving,
  ZAdminCampaignRequest,
  ZAdminCampaignWindow,
  type TAdminCampaign,
  type TAdminCampaignRequest,
} from '@giot-hong/contract';
import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { consolePaths } from '../../../lib/paths';
import { Field, fieldAria } from '../../profile/components/controls';
import { useQuestionSets } from '../api/get-question-sets';
import { useSaveCampaign } from '../api/save-campaign';
import { isoToVnLocal, vnLocalToIso } from '../lib/vn-local';
import { applyServerErrors } from '../lib/server-errors';
import { cardClass, inputClass } from './console-ui';

/** What the form edits: the campaign's day and times in Vietnam time, as the inputs give them. */
type FormValues = {
  name: string;
  location: string;
  date: string;
  organizeTime: string;
  startTime: string;
  endTime: string;
  targetBloodUnits: string;
  questionSetId: string;
  description: string;
  slotMinutes: string;
  slotCapacity: string;
};
type FormField = keyof FormValues;

/** The request's field a form field feeds, and back (messages land under the input that caused them). */
const FORM_FIELD_OF: Record<string, FormField> = {
  organizeTime: 'organizeTime',
  startReceiveTime: 'startTime',
  endReceiveTime: 'endTime',
};
const FIELDS: FormField[] = [
  'name',
  'location',
  'date',
  'organizeTime',
  'startTime',
  'endTime',
  'targetBloodUnits',
  'questionSetId',
  'description',
  'slotMinutes',
  'slotCapacity',
];

function toRequest(v: FormValues): TAdminCampaignRequest {
  return {
    name: v.name,
    location: v.location,
    organizeTime: vnLocalToIso(v.date, v.organizeTime),
    startReceiveTime: vnLocalToIso(v.date, v.startTime),
    endReceiveTime: vnLocalToIso(v.date, v.endTime),
    description: v.description,
    targetBloodUnits: v.targetBloodUnits === '' ? Number.NaN : Number(v.targetBloodUnits),
    questionSetId: v.questionSetId === '' ? undefined : Number(v.questionSetId),
    slotMinutes: v.slotMinutes === '' ? Number.NaN : Number(v.slotMinutes),
    // Left empty: the server spreads the target over the slots.
    slotCapacity: v.slotCapacity === '' ? undefined : Number(v.slotCapacity),
  } as TAdminCampaignRequest;
}

/**
 * The contract's request schema checks the form (the same rules and Vietnamese messages as the
 * server); its messages are put under the inputs that feed each field.
 */
const makeResolver =
  (isNew: boolean): Resolver<FormValues> =>
  async (values) => {
    const request = toRequest(values);
    const parsed = ZAdminCampaignRequest.safeParse(request);
    // The window's rules run even while another field is wrong (an object's refinements wait
    // for its fields), so every message shows at the first attempt.
    const window = ZAdminCampaignWindow.safeParse(request);
    const issues = [
      ...(parsed.success ? [] : parsed.error.issues),
      ...(window.success ? [] : window.error.issues),
    ];
    const errors: FieldErrors<FormValues> = {};
    for (const issue of issues) {
      const key = String(issue.path[0] ?? '');
      const field = FORM_FIELD_OF[key] ?? (FIELDS.includes(key as FormField) ? (key as FormField) : 'date');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    if (isNew && request.endReceiveTime && !isStillReceiving(request.endReceiveTime))
      errors.endTime ??= { type: 'custom', message: ADMIN_MESSAGES.endInFuture };
    if (!values.date) errors.date ??= { type: 'required', message: ADMIN_MESSAGES.timeRequired };
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };

function defaults(c?: TAdminCampaign): FormValues {
  const organize = isoToVnLocal(c?.organizeTime);
  return {
    name: c?.name ?? '',
    location: c?.location ?? '',
    date: organize.date,
    organizeTime: organize.time,
    startTime: isoToVnLocal(c?.startReceiveTime).time,
    endTime: isoToVnLocal(c?.endReceiveTime).time,
    targetBloodUnits: c ? String(c.targetBloodUnits) : '',
    questionSetId: c ? String(c.questionSetId) : '',
    description: c?.description ?? '',
    slotMinutes: String(c?.slotMinutes ?? SLOT_RULES.defaultMinutes),
    slotCapacity: c ? String(c.slotCapacity) : '',
  };
}

/** Create or edit a campaign. Times are entered and shown in Vietnam time. */
export function CampaignForm({ campaign }: { campaign?: TAdminCampaign }) {
  const id = useId();
  const navigate = useNavigate();
  const questionSets = useQuestionSets();
  const save = useSaveCampaign(campaign?.id);
  const form = useForm<FormValues>({ resolver: makeResolver(!campaign), defaultValues: defaults(campaign) });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(toRequest(values), {
      onSuccess: (saved) => {
        toast.success(campaign ? 'Đã lưu chiến dịch' : 'Đã tạo chiến dịch', { description: saved.name });
        // A new campaign continues on its own page, where its picture can be added.
        if (!campaign) navigate(consolePaths.campaignEdit(saved.id), { replace: true });
        else form.reset(defaults(saved));
      },
      // The server names request fields; each message lands under the input that feeds it.
      onError: (e) => applyServerErrors(e, form.setError, FIELDS, FORM_FIELD_OF),
    }),
  );

  const text = (name: FormField, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message} required>
      <input
        {...fieldAria(`${id}-${name}`, errors[name]?.message, true)}
        {...form.register(name)}
        className={inputClass}
        {...props}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className={`${cardClass} flex flex-col gap-4`}>
      {text('name', 'Tên chiến dịch', { autoComplete: 'off' })}
      {text('location', 'Địa điểm', { autoComplete: 'off' })}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Thời gian (giờ Việt Nam)</legend>
        {text('date', 'Ngày diễn ra', { type: 'date' })}
        {text('organizeTime', 'Giờ tổ chức', { type: 'time' })}
        {text('startTime', 'Bắt đầu nhận máu', { type: 'time' })}
        {text('endTime', 'Kết thúc nhận máu', { type: 'time' })}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {text('targetBloodUnits', 'Mục tiêu (đơn vị máu)', { type: 'number', inputMode: 'numeric', min: 1 })}
        <Field
          id={`${id}-questionSetId`}
          label="Bộ câu hỏi sức khỏe"
          error={errors.questionSetId?.message}
          required
        >
          <select
            {...fieldAria(`${id}-questionSetId`, errors.questionSetId?.message, true)}
            {...form.register('questionSetId')}
            className={inputClass}
          >
            <option value="">Chọn bộ câu hỏi</option>
            {/* The latest version of each questionnaire, and the version the campaign names now. */}
            {questionSets.data
              ?.filter((q) => q.latest || q.id === campaign?.questionSetId)
              .map((q) => (
                <option key={q.id} value={q.id}>
                  {`${q.name} (${QUESTION_SET_MESSAGES.versionLabel(q.version)}${q.latest ? '' : ', cũ'})`}
                </option>
              ))}
          </select>
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Khung giờ nhận máu</legend>
        {text('slotMinutes', 'Độ dài mỗi khung giờ (phút)', {
          type: 'number',
          inputMode: 'numeric',
          min: SLOT_RULES.minMinutes,
          max: SLOT_RULES.maxMinutes,
        })}
        <Field
          id={`${id}-slotCapacity`}
          label="Số chỗ mỗi khung giờ (để trống: chia đều mục tiêu)"
          error={errors.slotCapacity?.message}
        >
          <input
            {...fieldAria(`${id}-slotCapacity`, errors.slotCapacity?.message)}
            {...form.register('slotCapacity')}
            type="number"
            inputMode="numeric"
            min={1}
            className={inputClass}
          />
        </Field>
      </fieldset>
      <Field id={`${id}-description`} label="Mô tả" error={errors.description?.message}>
        <textarea
          {...fieldAria(`${id}-description`, errors.description?.message)}
          {...form.register('description')}
          rows={5}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonSecondary} onClick={() => navigate(consolePaths.campaigns)}>
          Quay lại
        </button>
        <button type="submit" className={buttonPrimary} disabled={save.isPending}>
          {save.isPending ? 'Đang lưu...' : campaign ? 'Lưu thay đổi' : 'Tạo chiến dịch'}
        </button>
      </div>
    </form>
  );
}
