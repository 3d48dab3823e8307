import {
  API_KEY_PAGE_TEXTS as T,
  API_KEY_SCOPE_LABELS,
  API_KEY_STATES,
  formatExportDay,
  type TApiKey,
  type TApiKeyState,
} from '@giot-hong/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonDanger } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyView } from '../../../components/ui/empty-view';
import { errorMessage } from '../../../lib/api-errors';
import { formatVnDateTime, formatVnDay } from '../../../lib/vn-time';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { cardClass } from './console-ui';

/** The state in words, on a tone that only repeats them. */
const STATE_TONES: Record<TApiKeyState, string> = {
  ACTIVE: 'bg-green-100 text-green-900',
  EXPIRED: 'bg-amber-100 text-amber-900',
  REVOKED: 'bg-slate-200 text-slate-800',
};

/**
 * Every key with what it may do, its state, last day and last use; an active or expired one can be
 * revoked, after a question naming the consequence (systems using it are refused at once).
 */
export function ApiKeyList({ keys }: { keys: TApiKey[] }) {
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();
  if (keys.length === 0) return <EmptyView title={T.empty} icon={KeyRound} />;
  return (
    <>
      <ul className="grid gap-3">
        {keys.map((k) => (
          <li
            key={k.id}
            data-api-key-id={k.id}
            className={`${cardClass} grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start`}
          >
            <div className="min-w-0">
              <h3 className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                {k.name}
                <span
                  className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATE_TONES[k.state]}`}
                  data-api-key-state={k.state}
                >
                  {API_KEY_STATES[k.state]}
                </span>
              </h3>
              <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-slate-800">{T.prefix}</dt>
                <dd className="font-mono break-all">{k.prefix}</dd>
                <dt className="font-medium text-slate-800">{T.scopes}</dt>
                <dd>{k.scopes.map((s) => API_KEY_SCOPE_LABELS[s]).join(', ')}</dd>
                <dt className="font-medium text-slate-800">{T.expiry}</dt>
                <dd>{k.expiresOn ? formatExportDay(k.expiresOn) : T.noExpiry}</dd>
                <dt className="font-medium text-slate-800">{T.lastUsed}</dt>
                <dd>{k.lastUsedAt ? formatVnDateTime(k.lastUsedAt) : T.neverUsed}</dd>
              </dl>
              <p className="mt-1 text-sm text-slate-600">
                {T.created(formatVnDay(k.createdAt), k.createdBy)}
              </p>
            </div>
            {k.state !== 'REVOKED' && (
              <button type="button" className={buttonDanger} onClick={() => setRevoking(k)}>
                {T.revoke}
                <span className="sr-only"> {k.name}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? T.revokeTitle(revoking.name) : ''}
        description={T.revokeBody}
        confirmLabel={T.confirmRevoke}
        tone="danger"
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: (r) => {
              toast.success(r.message);
              setRevoking(null);
            },
            onError: (err) => {
              toast.error(errorMessage(err));
              setRevoking(null);
            },
          })
        }
      />
    </>
  );
}
