import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES, ZChangePasswordForm } from '@giot-hong/contract';
import { ShieldCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useChangePassword } from '../api/change-password';
import { AuthForm } from '../components/auth-form';
import { NewPasswordFields, PasswordField } from '../components/form-field';
import { useMe } from '../api/get-me';
import { withGuessableCheck } from '../lib/guessable-password';
import { AUTH_TOASTS } from '../lib/texts';
import { placeFieldErrors, requestMessage } from '../../../lib/api-errors';

/** /doi-mat-khau ('Bảo mật'): logged in only; other devices are logged out by the server. */
export function Component() {
  usePageTitle('Bảo mật');
  const mutation = useChangePassword();
  const me = useMe();
  const form = useForm({
    resolver: withGuessableCheck(zodResolver(ZChangePasswordForm), 'newPassword', () => ({
      username: me.data?.username,
      email: me.data?.email,
    })),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;
  const [newPassword, confirmNewPassword] = useWatch({
    control: form.control,
    name: ['newPassword', 'confirmNewPassword'],
  });
  // A mismatch is said while typing, before the form's own check on submit.
  const showMismatch = Boolean(
    newPassword && confirmNewPassword && newPassword !== confirmNewPassword && !errors.confirmNewPassword,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync(values);
      toast.success(AUTH_TOASTS.changeSuccessTitle, {
        description: res.message || AUTH_TOASTS.changeSuccess,
      });
      form.reset();
    } catch (error) {
      placeFieldErrors(error, form.setError, ['oldPassword', 'newPassword']);
      toast.error(requestMessage(error) ?? AUTH_TOASTS.changeFailed);
    }
  });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <header className="mb-6 flex items-center gap-3">
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
          <ShieldCheck aria-hidden className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Bảo mật</h1>
          <p className="text-sm text-slate-600">Quản lý mật khẩu đăng nhập của bạn.</p>
        </div>
      </header>
      <section
        aria-labelledby="change-password-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
          Đổi mật khẩu
        </h2>
        <p className="mb-5 mt-1 text-sm text-slate-600">
          Hãy dùng mật khẩu mạnh và không trùng với mật khẩu ở trang khác. Sau khi đổi, các thiết bị khác đang
          đăng nhập sẽ bị đăng xuất.
        </p>
        <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Đổi mật khẩu">
          <PasswordField
            label="Mật khẩu cũ"
            autoComplete="current-password"
            placeholder="Nhập mật khẩu hiện tại"
            error={errors.oldPassword?.message}
            {...form.register('oldPassword')}
          />
          <NewPasswordFields
            form={form}
            password="newPassword"
            confirm="confirmNewPassword"
            variant="replace"
            confirmHint={
              showMismatch ? (
                <span className="text-amber-700">{AUTH_MESSAGES.newAndConfirmMismatch}</span>
              ) : undefined
            }
          />
        </AuthForm>
      </section>
    </div>
  );
}
