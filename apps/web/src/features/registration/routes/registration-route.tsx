import { AppToaster } from '../../../components/ui/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { RegistrationWizard } from '../components/registration-wizard';

/** /dang-ky-hien-mau (login required): the donation registration wizard. */
export function Component() {
  usePageTitle('Đăng ký hiến máu');
  return (
    // At least a screen tall: the footer stays below the first screen while the campaigns load (ADR 39).
    <div className="mx-auto min-h-dvh w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Đăng ký hiến máu</h1>
      <RegistrationWizard />
      <AppToaster />
    </div>
  );
}
