/**
 * The chapter's public contact details, shown on /lien-he and in the footer of every page. The
 * e-mail is the default of CONTACT_INBOX, where the contact form's messages are delivered.
 *
 * NOTE: kept in a file without zod: the footer is part of the first page load, and importing a
 * module that builds zod schemas at top level would pull zod into that bundle.
 */
export const CHAPTER_CONTACT = {
  name: 'Hội Chữ thập đỏ — Cổng hiến máu Giọt Hồng',
  address: '82 Nguyễn Du, phường Cửa Nam, Hà Nội',
  phone: '024 3822 5596',
  /** tel: form of the phone number. */
  phoneHref: '+842438225596',
  email: 'lienhe@giothong.local',
  openingHours: 'Thứ Hai - Thứ Sáu: 8:00 - 17:00',
  /** Map position of the address (WGS 84). */
  map: { lat: 21.0188, lon: 105.8446 },
} as const;

/** The provider's public pages (the Vietnam Red Cross Society), linked from the footer. */
export const CHAPTER_LINKS = {
  facebook: 'https://www.facebook.com/hoichuthapdovietnam',
  website: 'https://redcross.org.vn',
} as const;
