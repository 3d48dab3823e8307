/**
 * The chapter's public contact details, shown on /lien-he, in the footer of every page and in the
 * terms. They come from the server's configuration (CHAPTER_* variables, see the README); these
 * are the demo values it falls back to. The web app reads them from the page (CHAPTER_CONTACT_META)
 * or GET /api/chapter/contact, never from this file.
 *
 * NOTE: kept in a file without zod: the footer is part of every page, and importing a module that
 * builds zod schemas at top level would pull zod into that bundle.
 */
export type TChapterContact = {
  address: string;
  phone: string;
  email: string;
  openingHours: string;
  /** Map position of the address (WGS 84). */
  map: { lat: number; lon: number };
};

export const DEMO_CHAPTER_CONTACT: TChapterContact = {
  address: '82 Nguyễn Du, phường Cửa Nam, Hà Nội',
  phone: '024 3822 5596',
  email: 'lienhe@giothong.local',
  openingHours: 'Thứ Hai - Thứ Sáu: 8:00 - 17:00',
  map: { lat: 21.0188, lon: 105.8446 },
};

/** The chapter's name as the public reads it (CHAPTER_NAME's demo default). */
export const DEMO_CHAPTER_NAME = 'Hội Chữ thập đỏ thành phố Hà Nội';

/** Name of the `<meta>` in which the server hands the chapter's contact details (JSON) to the page. */
export const CHAPTER_CONTACT_META = 'giot-hong:chapter-contact';

/** The `tel:` form of a Vietnamese phone number as people write it ('024 3822 5596' → '+842438225596'). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits;
  if (digits.startsWith('84')) return `+${digits}`;
  return digits.startsWith('0') ? `+84${digits.slice(1)}` : digits;
}

/** Who runs the portal, as the footer's line of credit says it. */
export const CHAPTER_NAME = 'Hội Chữ thập đỏ — Cổng hiến máu Giọt Hồng';

/** The provider's public pages (the Vietnam Red Cross Society), linked from the footer. */
export const CHAPTER_LINKS = {
  facebook: 'https://www.facebook.com/hoichuthapdovietnam',
  website: 'https://redcross.org.vn',
} as const;
