/** Query keys of the donor's record and honours. */
export const donationKeys = {
  all: ['donations'] as const,
  record: () => ['donations', 'record'] as const,
  honours: () => ['donations', 'honours'] as const,
};
