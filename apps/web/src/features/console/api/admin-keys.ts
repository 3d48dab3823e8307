/** Query keys of the console: everything under ['admin'] is refreshed together after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  campaigns: (filter: string, search: string) => ['admin', 'campaigns', filter, search] as const,
  campaign: (id: number) => ['admin', 'campaign', id] as const,
  questionSets: () => ['admin', 'question-sets'] as const,
  appointments: (campaignId: number, status: string, search: string) =>
    ['admin', 'appointments', campaignId, status, search] as const,
  answers: (appointmentId: number) => ['admin', 'answers', appointmentId] as const,
  waitingWork: () => ['admin', 'waiting-work'] as const,
};

/** How often the day page asks again (counters and list), so two desks see each other's work. */
export const LIVE_REFETCH_MS = 10_000;
