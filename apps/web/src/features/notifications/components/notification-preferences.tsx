import { zodResolver } from '@hookform/resolvers/zod';
import {
  isFixedChannel,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  NOTIFICATION_PREFERENCE_TEXTS as T,
  ZNotificationPreferences,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { inputClass } from '../../../components/ui/input-class';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage, placeFieldErrors, requestMessage } from '../../../lib/api-errors';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { PushDevices } from './push-devices';

/**
 * 'Cài đặt thông báo': each kind of message by channel (the portal's list always on, e-mail about
 * the account too), the quiet hours, then this donor's push devices. One form, saved with its
 * button: the server answers with what it kept.
 */
export function NotificationPreferences() {
  const id = useId();
  const prefs = useNotificationPreferences();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900">
        {T.title}
      </h2>
      {prefs.isPending ? (
        <LoadingView />
      ) : prefs.isError ? (
        <p role="alert" className="text-slate-700">
          {errorMessage(prefs.error)}
        </p>
      ) : (
        <PreferencesForm saved={prefs.data} />
      )}
      {/* Under the form once it is there: the form taking the placeholder's place would push it down. */}
      {!prefs.isPending && <PushDevices />}
    </section>
  );
}

function PreferencesForm({ saved }: { saved: TNotificationPreferences }) {
  const id = useId();
  const save = useSaveNotificationPreferences();
  const form = useForm<TNotificationPreferences>({
    resolver: zodResolver(ZNotificationPreferences),
    defaultValues: saved,
  });
  // The server's answer (after a save, or a refetch) is what the form shows.
  useEffect(() => form.reset(saved), [saved, form]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(T.saved);
    } catch (error) {
      placeFieldErrors(error, form.setError, ['quietHours.start', 'quietHours.end']);
      toast.error(requestMessage(error) ?? errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* A table: kinds down, channels across; at 360 px the three short headers still fit. */}
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">{T.title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-700">
            <th scope="col" className="w-2/5 py-2 pr-2 font-medium">
              {T.kind}
            </th>
            {MESSAGE_CHANNELS.map((channel) => (
              <th key={channel} scope="col" className="px-1 py-2 text-center font-medium">
                {MESSAGE_CHANNEL_LABELS[channel]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MESSAGE_KINDS.map((kind) => (
            <tr key={kind} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-800">
                {MESSAGE_KIND_LABELS[kind]}
              </th>
              {MESSAGE_CHANNELS.map((channel) => {
                const fixed = isFixedChannel(kind, channel);
                const label = `${MESSAGE_KIND_LABELS[kind]}: ${MESSAGE_CHANNEL_LABELS[channel]}${fixed ? ` (${T.alwaysOn})` : ''}`;
                return (
                  <td key={channel} className="px-1 py-1 text-center">
                    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                      <span className="sr-only">{label}</span>
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-600 disabled:cursor-not-allowed"
                        title={fixed ? T.alwaysOn : undefined}
                        disabled={fixed}
                        {...(fixed
                          ? { checked: true, readOnly: true }
                          : form.register(`channels.${kind}.${channel}`))}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <fieldset className="mt-5">
        <legend className="mb-1 font-medium text-slate-900">{T.quietHours}</legend>
        <p className="mb-2 text-sm text-slate-600">{T.quietHint}</p>
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <Field id={`${id}-start`} label={T.quietStart} error={errors.quietHours?.start?.message}>
            <input
              type="time"
              className={inputClass}
              {...fieldAria(`${id}-start`, errors.quietHours?.start?.message)}
              {...form.register('quietHours.start')}
            />
          </Field>
          <Field id={`${id}-end`} label={T.quietEnd} error={errors.quietHours?.end?.message}>
            <input
              type="time"
              className={inputClass}
              {...fieldAria(`${id}-end`, errors.quietHours?.end?.message)}
              {...form.register('quietHours.end')}
            />
          </Field>
        </div>
      </fieldset>

      <button type="submit" className={`${buttonPrimary} mt-4`} disabled={save.isPending}>
        {T.save}
      </button>
    </form>
  );
}
