import {
  API_KEY_MESSAGES,
  API_KEY_PAGE_TEXTS as T,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ZApiKeyCreateRequest,
  type TApiKeyCreateRequest,
  type TApiKeyScope,
} from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { buttonPrimary } from '../../../components/ui/buttons';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { vnToday } from '../../../lib/vn-time';
import { useCreateApiKey, type TCreatedApiKey } from '../api/create-api-key';
import { cardClass } from './console-ui';

type FormValues = { name: string; scopes: TApiKeyScope[]; expiresOn: string };
const EMPTY: FormValues = { name: '', scopes: [], expiresOn: '' };
const FIELDS = ['name', 'scopes', 'expiresOn'] as const;

/** The date input gives '' for "no expiry"; the request says it with null. */
const toRequest = (v: FormValues): TApiKeyCreateRequest => ({
  name: v.name,
  scopes: v.scopes,
  expiresOn: v.expiresOn || null,
});

/** Tomorrow in Vietnam: the first day a key may expire on (the server refuses today and before). */
const tomorrow = () => vnToday(new Date(Date.now() + 86_400_000));

/**
 * A new key: a name, what it may do, and an optional last day. The contract's schema checks it,
 * with the server's rule that the last day comes after today; the key itself goes to `onCreated`,
 * which shows it once.
 */
export function ApiKeyForm({ onCreated }: { onCreated: (key: TCreatedApiKey) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const form = useForm<FormValues>({
    resolver: contractResolver<FormValues>(
      [ZApiKeyCreateRequest],
      toRequest,
      (path) => (FIELDS.find((f) => f === path[0]) ?? 'name') as keyof FormValues,
      (values, _request, add) => {
        if (values.expiresOn && values.expiresOn < tomorrow()) add('expiresOn', API_KEY_MESSAGES.expiryPast);
      },
    ),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty);
  const submit = form.handleSubmit((values) =>
    create.mutate(toRequest(values), {
      onSuccess: (r) => {
        form.reset(EMPTY);
        onCreated(r.data);
      },
      onError: (err) => applyServerErrors(err, form.setError, FIELDS),
    }),
  );
  const scopesError = errors.scopes?.message;
  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-slate-900">
        {T.createHeading}
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field id={`${id}-name`} label={T.name} hint={T.nameHint} error={errors.name?.message} required>
          <input
            autoComplete="off"
            maxLength={100}
            className={inputClass}
            {...fieldAria(`${id}-name`, errors.name?.message, true)}
            {...form.register('name')}
          />
        </Field>
        <fieldset aria-describedby={scopesError ? `${id}-scopes-error` : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {T.scopes}
            <span aria-hidden> *</span>
            <span className="sr-only"> (bắt buộc)</span>
          </legend>
          <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  value={scope}
                  className="size-5 accent-brand-600"
                  aria-invalid={scopesError ? true : undefined}
                  {...form.register('scopes')}
                />
                <span className="text-slate-900">
                  {API_KEY_SCOPE_LABELS[scope]} <code className="text-sm text-slate-600">({scope})</code>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-scopes-error`} message={scopesError} />
        </fieldset>
        <div className="sm:max-w-xs">
          <Field
            id={`${id}-expires`}
            label={T.expiresOn}
            hint={T.expiresOnHint}
            error={errors.expiresOn?.message}
          >
            <input
              type="date"
              min={tomorrow()}
              className={`${inputClass} min-h-11`}
              {...fieldAria(`${id}-expires`, errors.expiresOn?.message)}
              {...form.register('expiresOn')}
            />
          </Field>
        </div>
        <div>
          <button type="submit" className={buttonPrimary} disabled={create.isPending}>
            {T.create}
          </button>
        </div>
      </form>
    </section>
  );
}
