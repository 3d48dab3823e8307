import { zodResolver } from '@hookform/resolvers/zod';
import { ZInboxReplyRequest, type TInboxItem, type TInboxReplyRequest } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { FieldError, fieldAria } from '../../../components/ui/field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { useReplyToInboxItem } from '../api/reply-to-inbox-item';
import { inputClass } from '../../../components/ui/input-class';

/**
 * A reply by e-mail to one inbox message, checked by the contract's schema (the server checks it
 * again). The label names the address the reply goes to; after sending, the box is emptied.
 */
export function InboxReplyForm({ item }: { item: TInboxItem }) {
  const id = useId();
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
    <form onSubmit={send} noValidate className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Trả lời qua email tới {item.email}
      </label>
      <textarea
        {...fieldAria(id, error)}
        {...form.register('message')}
        rows={3}
        maxLength={5000}
        className={inputClass}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <button type="submit" className={buttonPrimary} disabled={reply.isPending}>
          Gửi trả lời
        </button>
      </div>
    </form>
  );
}
