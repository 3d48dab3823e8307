/** Query keys of the privacy tab: mutations invalidate through these. */
export const privacyKeys = {
  all: ['privacy'] as const,
  consents: ['privacy', 'consents'] as const,
  exports: ['privacy', 'exports'] as const,
  views: ['privacy', 'views'] as const,
  deletion: ['privacy', 'deletion'] as const,
  policy: ['privacy', 'policy'] as const,
  /** The rare-blood club's card: the donor's membership, on call and hours. */
  rareBlood: ['privacy', 'rare-blood'] as const,
};
