import { CHAPTER_LINKS, CHAPTER_NAME, phoneHref } from '@giot-hong/contract';
import { Link } from 'react-router';
import { useChapterContact } from '../../lib/chapter-contact';

// NOTE: the contact page and the terms take the hook from here, not from lib/chapter-contact:
// then it travels in the footer's chunk, which every page loads anyway, instead of a chunk of its
// own that the entry would have to list (the landing page's first load is on a tight budget).
export { useChapterContact };
import { paths } from '../../lib/paths';
import { ClockIcon, FacebookIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon } from '../icons';
import { Logo } from './logo';

const FOOTER_LINKS = [
  { to: paths.home, label: 'Trang chủ' },
  { to: paths.news, label: 'Tin tức' },
  { to: paths.faq, label: 'Câu hỏi thường gặp' },
  { to: paths.donationRegistration, label: 'Đăng ký hiến máu' },
  { to: paths.contact, label: 'Liên hệ' },
  { to: paths.terms, label: 'Điều khoản sử dụng' },
] as const;

const HEADING = 'text-sm font-semibold uppercase tracking-wider text-white';
const SOCIAL =
  'inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-medium text-white hover:bg-white/20';
const LINK = 'rounded text-brand-100 hover:text-white hover:underline';

export function SiteFooter() {
  const contact = useChapterContact().data;
  return (
    <footer className="bg-brand-800 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.3fr]">
        <section aria-labelledby="footer-about">
          <Logo tone="light" />
          <h2 id="footer-about" className="sr-only">
            Về Giọt Hồng
          </h2>
          <p className="mt-4 max-w-md text-sm leading-relaxed">
            Giọt Hồng là cổng hiến máu tình nguyện của Hội Chữ thập đỏ, giúp bạn tìm sự kiện hiến máu gần
            nhất, đăng ký lịch hiến máu trực tuyến và theo dõi hành trình sẻ chia của mình. Mỗi giọt máu cho
            đi là một cuộc đời ở lại.
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <a href={CHAPTER_LINKS.facebook} target="_blank" rel="noopener noreferrer" className={SOCIAL}>
              <FacebookIcon className="size-4" />
              Facebook
              <span className="sr-only"> của Hội Chữ thập đỏ (mở trong thẻ mới)</span>
            </a>
            <a href={CHAPTER_LINKS.website} target="_blank" rel="noopener noreferrer" className={SOCIAL}>
              <GlobeIcon className="size-4" />
              Trang web
              <span className="sr-only"> của Hội Chữ thập đỏ (mở trong thẻ mới)</span>
            </a>
          </div>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={HEADING}>
            Liên kết
          </h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={LINK}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={HEADING}>
            Liên hệ
          </h2>
          {contact && (
            <ul className="mt-4 space-y-3 text-sm">
              <li className="flex gap-3">
                <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-200" />
                <span>{contact.address}</span>
              </li>
              <li className="flex gap-3">
                <PhoneIcon className="mt-0.5 size-4 shrink-0 text-brand-200" />
                <a href={`tel:${phoneHref(contact.phone)}`} className={LINK}>
                  {contact.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MailIcon className="mt-0.5 size-4 shrink-0 text-brand-200" />
                <a href={`mailto:${contact.email}`} className={`break-all ${LINK}`}>
                  {contact.email}
                </a>
              </li>
              <li className="flex gap-3">
                <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-200" />
                <span>{contact.openingHours}</span>
              </li>
            </ul>
          )}
        </section>
      </div>
      <div className="border-t border-white/10">
        {/* The server's year may differ from the visitor's on New Year's Eve. */}
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200 sm:px-6" suppressHydrationWarning>
          © {new Date().getFullYear()} {CHAPTER_NAME}. Hiến máu cứu người — một nghĩa cử cao đẹp.
        </p>
      </div>
    </footer>
  );
}
