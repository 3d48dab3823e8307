/** Query keys of the appointments feature: everything under ['appointments'] is invalidated together after a change. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  history: () => ['appointments', 'history'] as const,
  nextEligible: () => ['appointments', 'next-eligible'] as const,
  detail: (id: number) => ['appointments', 'detail', id] as const,
};
