import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_LIMITS, CONTACT_MESSAGES, ZContactRequest, type TContactRequest } from '@giot-hong/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { toast } from 'sonner';
import { useSendContactMessage } from '../api/send-contact-message';
import { errorMessage, fieldErrors } from '../../../lib/api-errors';

const FIELDS: FieldPath<TContactRequest>[] = ['name', 'email', 'message'];
const isField = (f: string): f is FieldPath<TContactRequest> => (FIELDS as string[]).includes(f);

const inputClass = (invalid: boolean) =>
  `w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 ${
    invalid
      ? 'border-brand-600 focus:ring-brand-200'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-200'
  }`;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-brand-700">
      {message}
    </p>
  );
}

/**
 * The contact form. Rules come from the contract, shown when the form is sent;
 * a field's error disappears as soon as the field is edited. A failed send keeps what was typed.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<TContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { name: '', email: '', message: '' },
    mode: 'onSubmit',
    // Not re-validated while typing: an edited field simply loses its error until the next send.
    reValidateMode: 'onSubmit',
  });
  const field = (name: FieldPath<TContactRequest>) =>
    register(name, {
      onChange: () => {
        if (errors[name]) clearErrors(name);
        if (serverError) setServerError(null);
      },
    });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send.mutateAsync(values);
      toast.success(CONTACT_MESSAGES.sentTitle, { description: CONTACT_MESSAGES.sentDescription });
      reset();
    } catch (err) {
      const message = errorMessage(err);
      for (const e of fieldErrors(err)) {
        if (isField(e.field)) setError(e.field, { message: e.message });
      }
      setServerError(message);
      toast.error('Đã có lỗi xảy ra', { description: message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="flex flex-col gap-4">
      <div>
        <label htmlFor="contact-name" className="mb-1.5 block font-medium text-slate-800">
          Họ và tên{' '}
          <span aria-hidden className="text-brand-600">
            *
          </span>
        </label>
        <input
          id="contact-name"
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.nameMax}
          placeholder="Nguyễn Văn A"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'contact-name-error' : undefined}
          className={inputClass(!!errors.name)}
          {...field('name')}
        />
        <FieldError id="contact-name-error" message={errors.name?.message} />
      </div>
      <div>
        <label htmlFor="contact-email" className="mb-1.5 block font-medium text-slate-800">
          Email{' '}
          <span aria-hidden className="text-brand-600">
            *
          </span>
        </label>
        <input
          id="contact-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.emailMax}
          placeholder="email@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'contact-email-error' : undefined}
          className={inputClass(!!errors.email)}
          {...field('email')}
        />
        <FieldError id="contact-email-error" message={errors.email?.message} />
      </div>
      <div>
        <label htmlFor="contact-message" className="mb-1.5 block font-medium text-slate-800">
          Tin nhắn{' '}
          <span aria-hidden className="text-brand-600">
            *
          </span>
        </label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={CONTACT_LIMITS.messageMax}
          placeholder="Nội dung bạn muốn gửi tới chúng tôi..."
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className={`${inputClass(!!errors.message)} resize-y`}
          {...field('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      {serverError ? (
        <p
          role="alert"
          className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
        >
          {serverError}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={send.isPending}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
      >
        <Send aria-hidden className="size-4" />
        {send.isPending ? 'Đang gửi...' : 'Gửi tin nhắn'}
      </button>
    </form>
  );
}
