import { zodResolver } from '@hookform/resolvers/zod';
import { APPOINTMENT_MESSAGES, FEEDBACK_MESSAGE_MAX, ZAppointmentFeedbackRequest } from '@giot-hong/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Field, fieldAria } from '../../../components/ui/field';
import { useSendAppointmentFeedback } from '../api/send-appointment-feedback';
import { buttonPrimary } from '../../../components/ui/buttons';
import { inputClass, readOnlyInputClass } from '../../../components/ui/input-class';
import { cardClass } from './ui';
import { errorMessage } from '../../../lib/api-errors';

/**
 * Feedback on an appointment that is no longer BOOKING (name, email, campaign, message): the first three
 * read-only, the message required ('Tin nhắn là bắt buộc.'; whitespace counts as empty).
 */
export function FeedbackForm({
  appointmentId,
  name,
  email,
  campaignName,
}: {
  appointmentId: number;
  name: string;
  email: string;
  campaignName: string;
}) {
  const form = useForm({
    resolver: zodResolver(ZAppointmentFeedbackRequest),
    defaultValues: { message: '' },
  });
  const send = useSendAppointmentFeedback();
  const error = form.formState.errors.message?.message;

  const submit = form.handleSubmit((values) =>
    send.mutate(
      { id: appointmentId, ...values },
      {
        onSuccess: () => {
          toast.success(APPOINTMENT_MESSAGES.feedbackSent, {
            description: 'Phản hồi của bạn đã được gửi tới ban tổ chức.',
          });
          form.reset({ message: '' });
        },
        onError: (e) =>
          toast.error('Đã có lỗi xảy ra', {
            description: errorMessage(e, APPOINTMENT_MESSAGES.loadFailed),
          }),
      },
    ),
  );

  return (
    <section aria-labelledby="feedback-heading" className={cardClass}>
      <h3 id="feedback-heading" className="mb-1 text-lg font-semibold text-slate-900">
        Gửi phản hồi
      </h3>
      <p className="mb-4 text-sm text-slate-600">
        Chia sẻ cảm nhận của bạn về buổi hiến máu để chúng tôi phục vụ tốt hơn.
      </p>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4 sm:grid-cols-2"
        aria-labelledby="feedback-heading"
      >
        <Field id="feedback-name" label="Họ và tên">
          <input id="feedback-name" value={name} readOnly className={`${inputClass} ${readOnlyInputClass}`} />
        </Field>
        <Field id="feedback-email" label="Email">
          <input
            id="feedback-email"
            type="email"
            value={email}
            readOnly
            className={`${inputClass} ${readOnlyInputClass}`}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="feedback-campaign" label="Chiến dịch">
            <input
              id="feedback-campaign"
              value={campaignName}
              readOnly
              className={`${inputClass} ${readOnlyInputClass}`}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field id="feedback-message" label="Tin nhắn *" error={error}>
            <textarea
              {...form.register('message')}
              {...fieldAria('feedback-message', error, true)}
              rows={4}
              maxLength={FEEDBACK_MESSAGE_MAX}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={send.isPending}>
            {send.isPending ? 'Đang gửi...' : 'Gửi phản hồi'}
          </button>
        </div>
      </form>
    </section>
  );
}
