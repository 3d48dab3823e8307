// NOTE: zod-free on purpose, like registration-links.ts. The landing page's sections show the open
// appeals; imported from appeals.ts, whose schemas are built at the top of the module, they would
// pull those schemas into the landing page's chunks.

/** Public: open appeals, for the landing page (groups, place and time; nothing personal). */
export const PUBLIC_APPEAL_API = { open: '/api/appeals/open' } as const;

export const APPEAL_URGENCIES = ['URGENT', 'CRITICAL'] as const;
export type TAppealUrgency = (typeof APPEAL_URGENCIES)[number];
export const APPEAL_URGENCY_LABELS: Record<TAppealUrgency, string> = {
  URGENT: 'Cần gấp',
  CRITICAL: 'Nguy cấp',
};

/** What the landing page's section says (APPEAL_TEXTS holds the same words for the other pages). */
export const APPEAL_PUBLIC_TEXTS = {
  groupsNeeded: 'Nhóm máu cần',
  place: 'Địa điểm',
  time: 'Thời gian',
  openTitle: 'Lời kêu gọi hiến máu',
  openIntro: 'Các nhóm máu đang cần gấp. Nếu bạn có nhóm máu này, hãy đăng ký hiến máu.',
  register: 'Đăng ký hiến máu',
  openListLabel: 'Lời kêu gọi đang mở',
} as const;
