import { type TInboxItem } from '@giot-hong/contract';
import { useId } from 'react';
import { toast } from 'sonner';
import { buttonSecondary } from '../../../components/ui/buttons';
import { errorMessage } from '../../../lib/api-errors';
import { useStaffOptions } from '../api/get-staff-options';
import { useUpdateInboxItem } from '../api/update-inbox-item';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { InboxReplyForm } from './inbox-reply-form';
import { formatVnDateTime } from '../../../lib/vn-time';

/**
 * One message of the inbox: what was written, the replies sent, who handles it and its state (both
 * changed at once, without a form), and the reply form.
 */
export function InboxMessage({ item }: { item: TInboxItem }) {
  const assigneeId = useId();
  const staff = useStaffOptions();
  const update = useUpdateInboxItem();
  return (
    <li className={`${cardClass} grid gap-3`}>
      <div>
        <p className="font-semibold break-words text-slate-900">
          {item.name} · <span className="font-normal">{item.email}</span>
        </p>
        <p className="text-sm text-slate-700">
          {formatVnDateTime(item.createdAt)}
          {item.campaignName && ` · ${item.campaignName}`}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{item.message}</p>
      </div>
      {item.replies.length > 0 && (
        <ul className="grid grid-cols-1 gap-2 border-l-4 border-brand-200 pl-3" aria-label="Các câu trả lời">
          {item.replies.map((r) => (
            <li key={r.id}>
              <p className="text-sm text-slate-700">
                {r.staffName} · {formatVnDateTime(r.createdAt)} · {r.sentAt ? 'Đã gửi' : 'Chưa gửi được'}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={assigneeId} className="mb-1 block text-sm text-slate-700">
            Người phụ trách
          </label>
          <select
            id={assigneeId}
            value={item.assignedTo ?? ''}
            onChange={(e) =>
              update.mutate(
                {
                  kind: item.kind,
                  id: item.id,
                  body: { assignedTo: e.target.value ? Number(e.target.value) : null },
                },
                { onError: (err) => toast.error(errorMessage(err)) },
              )
            }
            className={`${inputClass} min-h-11`}
          >
            <option value="">Chưa giao</option>
            {(staff.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.username}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            update.mutate(
              { kind: item.kind, id: item.id, body: { status: item.status === 'NEW' ? 'HANDLED' : 'NEW' } },
              {
                onSuccess: (r) => toast.success(r.message),
                onError: (err) => toast.error(errorMessage(err)),
              },
            )
          }
        >
          {item.status === 'NEW' ? 'Đánh dấu đã xử lý' : 'Chuyển về mới'}
        </button>
      </div>
      <InboxReplyForm item={item} />
    </li>
  );
}
