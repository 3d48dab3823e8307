import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { TDetailRow } from '../lib/contact-details';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { DetailList } from '../../../components/ui/detail-list';
import { errorMessage, errorStatus } from '../../../lib/api-errors';

/**
 * A contact block (the profile's and the appointment's): its details as read-only rows with
 * 'Chỉnh sửa thông tin', or, while editing, the form with 'Hủy' and 'Lưu thay đổi'.
 */
export function ContactCard({
  headingId,
  headingLevel,
  title,
  formLabel,
  rows,
  fields,
  editing,
  saving,
  onEdit,
  onCancel,
  onSubmit,
}: {
  headingId: string;
  headingLevel: 2 | 3;
  title: string;
  /** The edit form's accessible name. */
  formLabel: string;
  rows: readonly TDetailRow[];
  /** The form's fields, shown while editing. */
  fields: ReactNode;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </Heading>
        {!editing && (
          <button type="button" className={buttonSecondary} onClick={onEdit}>
            Chỉnh sửa thông tin
          </button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={onSubmit} aria-label={formLabel}>
          {fields}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonSecondary} onClick={onCancel} disabled={saving}>
              Hủy
            </button>
            <button type="submit" className={buttonPrimary} disabled={saving}>
              {saving ? 'Đang lưu...' : 'Lưu thay đổi'}
            </button>
          </div>
        </form>
      ) : (
        <DetailList items={rows} />
      )}
    </section>
  );
}

/** The callbacks `useContactEditing` hands to `mutate` (react-query's `mutate` takes them). */
type TSaveFeedback = { onSuccess: () => void; onError: (error: unknown) => void };

/**
 * The editing state of a contact block, as `ContactCard`'s props: cancel puts the saved values
 * back; save sends `toPayload(values)` through `mutation`, then says how it went in a toast (a 400
 * shows the server's message) and closes the form once saved.
 */
export function useContactEditing<T extends FieldValues, TOut extends FieldValues, TPayload>({
  form,
  defaults,
  mutation,
  toPayload,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  defaults: T;
  mutation: { mutate: (payload: TPayload, feedback: TSaveFeedback) => void; isPending: boolean };
  toPayload: (values: TOut) => TPayload;
}) {
  const [editing, setEditing] = useState(false);
  return {
    editing,
    saving: mutation.isPending,
    onEdit: () => setEditing(true),
    onCancel: () => {
      form.reset(defaults);
      setEditing(false);
    },
    onSubmit: form.handleSubmit((values) =>
      mutation.mutate(toPayload(values), {
        onSuccess: () => {
          toast.success('Cập nhật thành công', { description: 'Thông tin đã được cập nhật thành công' });
          setEditing(false);
        },
        onError: (e) =>
          toast.error('Không thể cập nhật thông tin cá nhân.', {
            description:
              errorStatus(e) === 400
                ? errorMessage(e)
                : 'Không thể cập nhật thông tin. Vui lòng thử lại sau.',
          }),
      }),
    ),
  };
}
