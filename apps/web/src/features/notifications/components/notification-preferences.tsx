import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_TEXTS as T,
  type TNotificationPreferences,
} from '@giot-hong/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';

type Channel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * 'Tùy chọn thông báo': the news of where a donation went, in the portal and by e-mail, each a
 * labelled switch saved as soon as it is flipped (with a toast). Messages the donor must get (an
 * appointment, a request to contact the chapter) have no switch.
 */
export function NotificationPreferences() {
  const id = useId();
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const flip = (current: TNotificationPreferences, channel: Channel, on: boolean) =>
    save.mutate(
      { ...current, journey: { ...current.journey, [channel]: on } },
      {
        onSuccess: () => toast.success(T.saved),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
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
        <fieldset>
          <legend className="mb-1 font-medium text-slate-900">{T.journey}</legend>
          <div className="flex flex-col">
            {NOTIFICATION_CHANNELS.map((channel) => (
              <label key={channel} className="inline-flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  role="switch"
                  className="size-5 accent-brand-600"
                  checked={prefs.data.journey[channel]}
                  disabled={save.isPending}
                  onChange={(e) => flip(prefs.data, channel, e.target.checked)}
                />
                <span className="text-slate-800">{T[channel]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
