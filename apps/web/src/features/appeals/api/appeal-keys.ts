/** Query keys of the donor's appeals: the answer invalidates through these. */
export const appealKeys = {
  all: ['appeals'] as const,
  mine: () => ['appeals', 'mine'] as const,
  appeal: (id: number) => ['appeals', 'one', id] as const,
};
