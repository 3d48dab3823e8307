import {
  QUESTION_SET_MESSAGES,
  CAMPAIGN_ADMIN_MESSAGES,
  SLOT_PREVIEW_TEXTS,
  SLOT_RULES,
  isStillReceiving,
  ZAdminCampaignRequest,
  ZAdminCampaignWindow,
  type TAdminCampaign,
  type TAdminCampaignRequest,
} from '@giot-hong/contract';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { consolePaths } from '../../../lib/paths';
import { Field, fieldAria } from '../../../components/ui/field';
import { useQuestionSets } from '../api/get-question-sets';
import { useSaveCampaign } from '../api/save-campaign';
import { slotPreview } from '../lib/slot-preview';
import { isoToVnLocal, vnLocalToIso } from '../../../lib/vn-time';
import { applyServerErrors } from '../../../lib/api-errors';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';

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
 * The contract's request schemas check the form (the same rules and Vietnamese messages as the
 * server; the window's rules also while another field is wrong), each message under the input that
 * feeds its field; a new campaign must still be receiving donors (it may be entered on its own day).
 */
const makeResolver = (isNew: boolean) =>
  contractResolver<FormValues>(
    [ZAdminCampaignRequest, ZAdminCampaignWindow],
    toRequest,
    (path) => {
      const key = String(path[0] ?? '');
      return FORM_FIELD_OF[key] ?? (FIELDS.includes(key as FormField) ? (key as FormField) : 'date');
    },
    (values, request, add) => {
      // A new campaign may be entered on its own day while it still receives donors.
      const end = (request as TAdminCampaignRequest).endReceiveTime;
      if (isNew && end && !isStillReceiving(end)) add('endTime', CAMPAIGN_ADMIN_MESSAGES.endInFuture);
      if (!values.date) add('date', CAMPAIGN_ADMIN_MESSAGES.timeRequired);
    },
  );

/** The day and the three times are checked together: a change to one re-checks the others. */
const TIME_FIELDS: FormField[] = ['date', 'organizeTime', 'startTime', 'endTime'];
const others = (f: FormField) => TIME_FIELDS.filter((x) => x !== f);

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
  const form = useForm<FormValues>({
    resolver: makeResolver(!campaign),
    defaultValues: defaults(campaign),
    ...FORM_VALIDATION,
  });
  const { errors, isDirty } = form.formState;
  const unsaved = useUnsavedChanges(isDirty);

  const submit = form.handleSubmit((values) =>
    save.mutate(toRequest(values), {
      onSuccess: (saved) => {
        toast.success(campaign ? 'Đã lưu chiến dịch' : 'Đã tạo chiến dịch', { description: saved.name });
        form.reset(defaults(saved));
        // A new campaign continues on its own page, where its picture can be added.
        if (!campaign)
          unsaved.leaveWithoutAsking(() => navigate(consolePaths.campaignEdit(saved.id), { replace: true }));
      },
      // The server names request fields; each message lands under the input that feeds it.
      onError: (e) => applyServerErrors(e, form.setError, FIELDS, FORM_FIELD_OF),
    }),
  );

  const text = (name: FormField, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]?.message} required>
      <input
        {...fieldAria(`${id}-${name}`, errors[name]?.message, true)}
        {...form.register(name, TIME_FIELDS.includes(name) ? { deps: others(name) } : undefined)}
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
          {/*
            The select is drawn once its options are there: drawn before, it would show 'Chọn bộ
            câu hỏi' for a campaign that has one (the browser keeps no value it has no option for).
          */}
          {questionSets.data ? (
            <select
              {...fieldAria(`${id}-questionSetId`, errors.questionSetId?.message, true)}
              {...form.register('questionSetId')}
              className={inputClass}
            >
              <option value="">Chọn bộ câu hỏi</option>
              {/* The latest version of each questionnaire, and the version the campaign names now. */}
              {questionSets.data
                .filter((q) => q.latest || q.id === campaign?.questionSetId)
                .map((q) => (
                  <option key={q.id} value={q.id}>
                    {`${q.name} (${QUESTION_SET_MESSAGES.versionLabel(q.version)}${q.latest ? '' : ', cũ'})`}
                  </option>
                ))}
            </select>
          ) : (
            <select id={`${id}-questionSetId`} disabled aria-busy className={inputClass}>
              <option>{questionSets.isError ? 'Không tải được bộ câu hỏi' : 'Đang tải bộ câu hỏi…'}</option>
            </select>
          )}
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
      <SlotPreview control={form.control} />
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

/** The slots the hours, the slot length and the places make, and a warning when places < target. */
function SlotPreview({ control }: { control: Control<FormValues> }) {
  const [date, startTime, endTime, slotMinutes, slotCapacity, targetBloodUnits] = useWatch({
    control,
    name: ['date', 'startTime', 'endTime', 'slotMinutes', 'slotCapacity', 'targetBloodUnits'],
  });
  const preview = slotPreview({ date, startTime, endTime, slotMinutes, slotCapacity, targetBloodUnits });
  return (
    <section aria-labelledby="slot-preview-heading" className="rounded-lg bg-slate-50 p-3" data-slot-preview>
      <h2 id="slot-preview-heading" className="text-sm font-semibold text-slate-900">
        {SLOT_PREVIEW_TEXTS.heading}
      </h2>
      {!preview ? (
        <p className="text-sm text-slate-700">{SLOT_PREVIEW_TEXTS.empty}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-900" data-slot-summary>
            {SLOT_PREVIEW_TEXTS.summary(preview.labels.length, preview.capacity, preview.total)}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1 text-sm text-slate-800">
            {preview.labels.map((l) => (
              <li key={l} className="rounded-full border border-slate-300 bg-white px-2 py-0.5">
                {l}
              </li>
            ))}
          </ul>
          {preview.belowTarget && (
            <p role="alert" className="mt-2 flex gap-2 text-sm font-medium text-amber-900" data-below-target>
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              {SLOT_PREVIEW_TEXTS.belowTarget(preview.total, Number(targetBloodUnits))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
