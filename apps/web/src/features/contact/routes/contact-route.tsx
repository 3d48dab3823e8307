import { AppToaster } from '../../../components/ui/toaster';
import { useChapterContact } from '../../../components/layout/site-footer';
import { usePageTitle } from '../../../lib/use-page-title';
import { ContactDetails } from '../components/contact-details';
import { ContactForm } from '../components/contact-form';
import { ContactMap } from '../components/contact-map';

export function Component() {
  usePageTitle('Liên hệ');
  const contact = useChapterContact().data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <AppToaster />
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Liên hệ</h1>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Bạn có câu hỏi về hiến máu hoặc muốn tổ chức một sự kiện hiến máu? Hãy liên hệ với chúng tôi.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="contact-info-title" className="flex flex-col gap-6">
          <h2 id="contact-info-title" className="sr-only">
            Thông tin liên hệ
          </h2>
          {contact && (
            <>
              <div className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
                <ContactDetails contact={contact} />
              </div>
              <ContactMap contact={contact} />
            </>
          )}
        </section>
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="contact-form-title" className="mb-1 text-xl font-semibold text-slate-900">
            Gửi tin nhắn cho chúng tôi
          </h2>
          <p className="mb-5 text-sm text-slate-600">Chúng tôi sẽ phản hồi qua email trong giờ làm việc.</p>
          <ContactForm />
        </section>
      </div>
    </div>
  );
}
