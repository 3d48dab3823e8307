import { zodResolver } from '@hookform/resolvers/zod';
import {
  INBOX_KIND_LABELS,
  INBOX_STATUS_LABELS,
  ZInboxReplyRequest,
  type TInboxItem,
  type TInboxKind,
  type TInboxReplyRequest,
  type TInboxStatus,
} from '@giot-hong/contract';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { EmptyView } from '../../../components/ui/empty-view';
import { FieldError, fieldAria } from '../../../components/ui/field';
import { LoadingView } from '../../../components/ui/loading-view';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { applyServerErrors, errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInbox } from '../api/get-inbox';
import { useStaffOptions } from '../api/get-staff-options';
import { useReplyToInboxItem } from '../api/reply-to-inbox-item';
import { useUpdateInboxItem } from '../api/update-inbox-item';
import { ConsoleErrorView } from '../components/console-error-view';
import { FilterButtons, PageHeading, cardClass } from '../components/console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { formatVnDateTime as formatNewsTime } from '../../../lib/vn-time';

/** /quan-tri/hop-thu: contact messages and appointment feedback, new or handled. */
export function Component() {
  usePageTitle('Hộp thư');
  const [kind, setKind] = useState<TInboxKind>('contact');
  const [status, setStatus] = useState<TInboxStatus>('NEW');
  const inbox = useInbox(kind, status);
  return (
    <>
      <PageHeading title="Hộp thư" sub="Tin nhắn liên hệ và góp ý sau hiến máu." />
      <div className="mb-4 grid gap-2">
        <FilterButtons
          label="Hộp thư"
          value={kind}
          onChange={setKind}
          options={(['contact', 'feedback'] as const).map((k) => ({ value: k, label: INBOX_KIND_LABELS[k] }))}
        />
        <FilterButtons
          label="Trạng thái"
          value={status}
          onChange={setStatus}
          options={(['NEW', 'HANDLED'] as const).map((s) => ({
            value: s,
            label: INBOX_STATUS_LABELS[s],
            count: inbox.data?.counts[s],
          }))}
        />
      </div>
      {inbox.isPending ? (
        <LoadingView />
      ) : inbox.isError ? (
        <ConsoleErrorView onRetry={() => inbox.refetch()} />
      ) : inbox.data.items.length === 0 ? (
        <EmptyView title="Không có tin nhắn nào" icon={MailCheck} />
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {inbox.data.items.map((m) => (
            <InboxMessage key={`${m.kind}-${m.id}`} item={m} />
          ))}
        </ul>
      )}
    </>
  );
}

function InboxMessage({ item }: { item: TInboxItem }) {
  const ids = { assignee: useId(), reply: useId() };
  const staff = useStaffOptions();
  const update = useUpdateInboxItem();
  const reply = useReplyToInboxItem();
  const form = useForm<TInboxReplyRequest>({
    resolver: zodResolver(ZInboxReplyRequest),
    defaultValues: { message: '' },
    ...FORM_VALIDATION,
  });
  // A reply being written is not lost by leaving the page without sending it.
  useUnsavedChanges(form.formState.isDirty);
  const error = form.formState.errors.message?.message;
  const send = form.handleSubmit(({ message }) =>
    reply.mutate(
      { kind: item.kind, id: item.id, message },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          form.reset({ message: '' });
        },
        onError: (err) => applyServerErrors(err, form.setError, ['message'], {}, 'Không thể gửi trả lời'),
      },
    ),
  );
  return (
    <li className={`${cardClass} grid gap-3`}>
      <div>
        <p className="font-semibold break-words text-slate-900">
          {item.name} · <span className="font-normal">{item.email}</span>
        </p>
        <p className="text-sm text-slate-700">
          {formatNewsTime(item.createdAt)}
          {item.campaignName && ` · ${item.campaignName}`}
        </p>
        <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{item.message}</p>
      </div>
      {item.replies.length > 0 && (
        <ul className="grid grid-cols-1 gap-2 border-l-4 border-brand-200 pl-3" aria-label="Các câu trả lời">
          {item.replies.map((r) => (
            <li key={r.id}>
              <p className="text-sm text-slate-700">
                {r.staffName} · {formatNewsTime(r.createdAt)} · {r.sentAt ? 'Đã gửi' : 'Chưa gửi được'}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={ids.assignee} className="mb-1 block text-sm text-slate-700">
            Người phụ trách
          </label>
          <select
            id={ids.assignee}
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
      <form onSubmit={send} noValidate className="grid gap-2">
        <label htmlFor={ids.reply} className="text-sm font-medium text-slate-700">
          Trả lời qua email tới {item.email}
        </label>
        <textarea
          {...fieldAria(ids.reply, error)}
          {...form.register('message')}
          rows={3}
          maxLength={5000}
          className={inputClass}
        />
        <FieldError id={`${ids.reply}-error`} message={error} />
        <div>
          <button type="submit" className={buttonPrimary} disabled={reply.isPending}>
            Gửi trả lời
          </button>
        </div>
      </form>
    </li>
  );
}
