import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { PASSWORD_RULES_HINT } from './password-rules-hint';
import { loadPasswordStrength } from '../lib/guessable-password';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** The field's validation or server message. */
  error?: string;
  /** A hint under the field (rules of the password …). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

const INPUT =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';

function describedBy(error: string | undefined, hint: ReactNode, id: string) {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-brand-700" data-field-error>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled input with its error under it (react-hook-form passes `ref`, `name`, `onChange`, `onBlur`). */
export function TextField({ label, error, hint, className, ref, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, id)}
        className={`${INPUT} ${error ? 'border-brand-600' : 'border-slate-300'}`}
        {...input}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, className, ref, ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error, hint, id)}
          className={`${INPUT} pr-12 ${error ? 'border-brand-600' : 'border-slate-300'}`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? `Ẩn ${label.toLowerCase()}` : `Hiện ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-slate-800"
        >
          {shown ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The e-mail input of the sign-up, recovery and resend forms. */
export function EmailField(props: Omit<FieldProps, 'label'>) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="ten@example.com"
      {...props}
    />
  );
}

/** The username input of the login and sign-up forms. */
export function UsernameField(props: Omit<FieldProps, 'label'>) {
  return (
    <TextField label="Tên đăng nhập" autoComplete="username" placeholder="Nhập tên đăng nhập" {...props} />
  );
}

const NEW_PASSWORD_TEXTS = {
  /** The first password of a new account. */
  signup: {
    password: 'Mật khẩu',
    passwordPlaceholder: 'Nhập mật khẩu',
    confirm: 'Xác nhận mật khẩu',
    confirmPlaceholder: 'Nhập lại mật khẩu',
  },
  /** A password that replaces the old one (reset, change). */
  replace: {
    password: 'Mật khẩu mới',
    passwordPlaceholder: 'Nhập mật khẩu mới',
    confirm: 'Xác nhận mật khẩu mới',
    confirmPlaceholder: 'Nhập lại mật khẩu mới',
  },
} as const;

/**
 * A new password with the strength rules under it, then its confirmation; both with show/hide
 * and the form's messages (react-hook-form registers them under `password` and `confirm`).
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  password,
  confirm,
  variant,
  confirmHint,
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  password: Path<T>;
  confirm: Path<T>;
  variant: keyof typeof NEW_PASSWORD_TEXTS;
  /** Under the confirmation (a mismatch said while typing). */
  confirmHint?: ReactNode;
}) {
  const texts = NEW_PASSWORD_TEXTS[variant];
  const error = (name: Path<T>) => get<unknown, FieldError | undefined>(form.formState.errors, name)?.message;
  return (
    <>
      <PasswordField
        label={texts.password}
        autoComplete="new-password"
        placeholder={texts.passwordPlaceholder}
        hint={PASSWORD_RULES_HINT}
        error={error(password)}
        onFocus={() => void loadPasswordStrength().catch(() => undefined)}
        {...form.register(password)}
      />
      <PasswordField
        label={texts.confirm}
        autoComplete="new-password"
        placeholder={texts.confirmPlaceholder}
        error={error(confirm)}
        hint={confirmHint}
        {...form.register(confirm)}
      />
    </>
  );
}
