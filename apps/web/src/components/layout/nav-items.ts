import { HomeIcon, DropIcon, InfoIcon, MailIcon, CalendarIcon } from '../icons';
import { paths, profileTabs } from '../../lib/paths';

/** The header's menu, shared by the desktop bar and the mobile drawer. */
export const NAV_LINKS = [
  { to: paths.home, label: 'Trang chủ', icon: HomeIcon },
  { to: paths.news, label: 'Tin tức', icon: CalendarIcon },
  { to: paths.faq, label: 'Câu hỏi thường gặp', icon: InfoIcon },
  { to: paths.contact, label: 'Liên hệ', icon: MailIcon },
  { to: paths.donationRegistration, label: 'Đăng ký hiến máu', icon: DropIcon },
] as const;

/** The id of the mobile drawer, for the aria-controls of the buttons that open it. */
export const DRAWER_ID = 'mobile-drawer';

const APPOINTMENT_HASH = `#${profileTabs.appointment('')}`;

/**
 * Which of `targets` (paths, some with a hash: '/trang-ca-nhan#lich-su-hien-mau') the location is
 * on: the one with the same path and hash, else the one with the same path (the profile without a
 * known tab's hash shows the personal information). An appointment's view ('#xem-lich-hen-12')
 * is part of the history. NavLink compares paths only, so on the profile it would mark every
 * tab's link as the current page.
 */
export function currentTarget(targets: readonly string[], at: { pathname: string; hash: string }) {
  const hash = at.hash.startsWith(APPOINTMENT_HASH) ? `#${profileTabs.history}` : at.hash;
  return targets.find((t) => t === at.pathname + hash) ?? targets.find((t) => t === at.pathname);
}
