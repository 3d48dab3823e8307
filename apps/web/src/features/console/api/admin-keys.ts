import type {
  TAdminRareBloodQuery,
  TAppealAudienceRequest,
  TAuditQuery,
  TBroadcastAudience,
  TInboxKind,
  TInboxStatus,
} from '@giot-hong/contract';
import type { TTaskStatus } from '../lib/task-rules';

/**
 * The one factory of the console's query keys. Every list and record sits under ['admin'], so
 * a change anywhere (a check-in, a decision, a saved campaign) refreshes the console's lists
 * together with one `invalidateQueries({ queryKey: adminKeys.all })`; the narrower keys below
 * are for the few mutations that only touch their own list. Nothing outside this file writes a
 * console key by hand: an invalidation names a factory entry, never an array position.
 */
export const adminKeys = {
  all: ['admin'] as const,

  // Campaigns and their day page.
  campaigns: (filter: string, search: string) => ['admin', 'campaigns', filter, search] as const,
  campaign: (id: number) => ['admin', 'campaign', id] as const,
  /** Every cached day list of one campaign (each status filter, search and page). */
  campaignAppointments: (campaignId: number) => ['admin', 'appointments', campaignId] as const,
  appointments: (campaignId: number, status: string, search: string, page: number) =>
    [...adminKeys.campaignAppointments(campaignId), status, search, page] as const,
  answers: (appointmentId: number) => ['admin', 'answers', appointmentId] as const,
  waitingWork: () => ['admin', 'waiting-work'] as const,
  dashboard: (from: string, to: string) => ['admin', 'dashboard', from, to] as const,

  // Questionnaires.
  questionSets: () => ['admin', 'question-sets'] as const,
  questionSet: (id: number) => ['admin', 'question-set', id] as const,
  olderCampaigns: (questionSetId: number) =>
    ['admin', 'question-set-older-campaigns', questionSetId] as const,

  // Identity reviews, donor records and the audit trail.
  identityReviews: () => ['admin', 'identity-reviews'] as const,
  identityReview: (extractId: string) => ['admin', 'identity-review', extractId] as const,
  donors: (search: string, page: number) => ['admin', 'donors', search, page] as const,
  donor: (id: number) => ['admin', 'donor', id] as const,
  donorDeletion: (userId: number) => ['admin', 'donor-deletion', userId] as const,
  donorCertificates: (userId: number) => ['admin', 'donor-certificates', userId] as const,
  honours: (from: string, to: string) => ['admin', 'honours', from, to] as const,
  audit: (q: TAuditQuery) => ['admin', 'audit', q] as const,

  // News, broadcasts, inboxes and staff accounts.
  newsLists: () => ['admin', 'news'] as const,
  newsList: (search: string) => ['admin', 'news', search] as const,
  newsItem: (id: number) => ['admin', 'news-item', id] as const,
  broadcasts: () => ['admin', 'broadcasts'] as const,
  audience: (audience: TBroadcastAudience | null) => ['admin', 'audience', audience] as const,
  inboxes: () => ['admin', 'inbox'] as const,
  inbox: (kind: TInboxKind, status: TInboxStatus) => ['admin', 'inbox', kind, status] as const,
  staffOptions: () => ['admin', 'staff-options'] as const,
  staff: () => ['admin', 'staff'] as const,

  // The blood stock board.
  stock: () => ['admin', 'stock'] as const,

  // Appeals by blood group: the list, one appeal, and the audience a draft would reach.
  appeals: () => ['admin', 'appeals'] as const,
  appeal: (id: number) => ['admin', 'appeals', id] as const,
  appealAudience: (audience: TAppealAudienceRequest | null) =>
    ['admin', 'appeal-audience', audience] as const,

  /** What the signed-in staff member may do beyond the role (the navigation shows what it allows). */
  myPermissions: () => ['admin', 'my-permissions'] as const,

  // The blood centre's link: API keys, and the lab blood groups that disagree.
  apiKeys: () => ['admin', 'api-keys'] as const,
  bloodGroupTaskLists: () => ['admin', 'blood-group-tasks'] as const,
  bloodGroupTasks: (status: TTaskStatus) => ['admin', 'blood-group-tasks', status] as const,
};

/**
 * Result-counselling cases sit outside ['admin'] for the same reason as the ID-card photos: every
 * view of them is audited and written to the donor's access log, so only opening the page or
 * closing a case asks for them again, never a console-wide refresh.
 */
/**
 * The rare-blood club's listings, outside ['admin'] like the counselling cases: every read is written
 * to the listed members' access logs, so no console refresh asks for them again.
 */
export const rareBloodKeys = {
  list: (q: TAdminRareBloodQuery) => ['admin-rare-blood', q.group, q.province ?? '', q.ward ?? ''] as const,
};

export const counsellingKeys = {
  all: ['admin-counselling'] as const,
  list: (status: TTaskStatus) => ['admin-counselling', status] as const,
};

/**
 * The photos of an ID card sit outside ['admin'] on purpose: they never change and every view of
 * them is written to the audit trail, so no console refresh may ask for them again.
 */
export const identityPhotoKey = (extractId: string, side: 'front' | 'back') =>
  ['admin-identity-photo', extractId, side] as const;

/** How often the day page asks again (counters and list), so two desks see each other's work. */
export const LIVE_REFETCH_MS = 10_000;
