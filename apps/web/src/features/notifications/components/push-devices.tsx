import { PUSH_TEXTS as T } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { buttonDanger, buttonSecondary } from '../../../components/ui/buttons';
import { errorMessage } from '../../../lib/api-errors';
import { formatVnDateTime } from '../../../lib/vn-time';
import { useAddPushDevice, usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { enablePushOnThisDevice } from '../lib/push-subscribe';

/**
 * Push on this device (the browser's permission is asked when the button is pressed, never on
 * page load), and the donor's devices, each removable.
 */
export function PushDevices() {
  const id = useId();
  const devices = usePushDevices();
  const add = useAddPushDevice();
  const remove = useRemovePushDevice();
  const [asking, setAsking] = useState(false);

  async function enable() {
    setAsking(true);
    try {
      const result = await enablePushOnThisDevice();
      if (result.outcome === 'SUBSCRIBED') {
        await add.mutateAsync(result.request);
        toast.success(T.enabled);
      } else toast.error(result.outcome === 'DENIED' ? T.denied : T.unsupported);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <button type="button" className={buttonSecondary} onClick={enable} disabled={asking || add.isPending}>
        {T.enable}
      </button>
      <h3 id={`${id}-devices`} className="mb-2 mt-5 font-medium text-slate-900">
        {T.devices}
      </h3>
      {devices.isError ? (
        <p role="alert" className="text-slate-700">
          {errorMessage(devices.error)}
        </p>
      ) : devices.data && devices.data.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noDevices}</p>
      ) : (
        <ul aria-labelledby={`${id}-devices`} className="divide-y divide-slate-100">
          {devices.data?.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="text-slate-800">{d.label}</p>
                <p className="text-sm text-slate-600">
                  {T.added_at} {formatVnDateTime(d.created)} · {d.service}
                </p>
              </div>
              <button
                type="button"
                className={buttonDanger}
                aria-label={`${T.remove} ${d.label}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(d.id, {
                    onSuccess: () => toast.success(T.removed),
                    onError: (err) => toast.error(errorMessage(err)),
                  })
                }
              >
                {T.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
