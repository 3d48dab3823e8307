import { z } from 'zod';
import { APPEAL_URGENCIES } from './appeal-public.ts';
import {
  APPEAL_ANSWERS,
  APPEAL_DELIVERY_STATUSES,
  APPEAL_END_REASONS,
  APPEAL_MESSAGES,
  APPEAL_RULES,
  APPEAL_STATUSES,
} from './appeal-texts.ts';
import { BLOOD_GROUPS } from './constants.ts';
import { zInstant } from './dates.ts';
import { ZEnvelope } from './envelope.ts';
import { zId, ZIdParam } from './ids.ts';
import { multiLineText, singleLineText } from './text-field.ts';

/* Appeals' schemas: their paths, rules and words are in appeal-texts.ts. */

const M = APPEAL_MESSAGES;

const ZGroups = z
  .array(z.enum(BLOOD_GROUPS, { error: M.groupInvalid }), { error: M.groupsRequired })
  .min(1, M.groupsRequired)
  .max(BLOOD_GROUPS.length, M.groupInvalid)
  .refine((g) => new Set(g).size === g.length, M.groupInvalid);

/** Who an appeal would reach: what the preview counts and what the sending selects. */
export const ZAppealAudienceRequest = z.object({
  groups: ZGroups,
  urgency: z.enum(APPEAL_URGENCIES, { error: M.urgencyRequired }),
  campaignId: zId(M.campaignRequired),
});
export type TAppealAudienceRequest = z.input<typeof ZAppealAudienceRequest>;

export const ZAppealRequest = ZAppealAudienceRequest.extend({
  /** Chosen by the browser once per form: a double click or a retry creates one appeal. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, M.keyInvalid),
  title: singleLineText({ error: M.titleRequired }, { trim: true })
    .min(1, M.titleRequired)
    .max(APPEAL_RULES.titleMax, M.titleTooLong),
  /** Plain text (line breaks kept); the server escapes it for the notification and the e-mail. */
  message: multiLineText({ error: M.messageRequired }, { trim: true })
    .min(1, M.messageRequired)
    .max(APPEAL_RULES.messageMax, M.messageTooLong),
  /** Slot starts (ISO instants) of the campaign donors are asked to come to; empty or absent: any slot. */
  slotStarts: z
    .array(zInstant({ message: M.slotInvalid }))
    .max(200, M.slotInvalid)
    .optional()
    .default([]),
  endsAt: zInstant({ message: M.endsAtRequired }),
  target: z
    .number({ error: M.targetRange })
    .int(M.targetRange)
    .min(1, M.targetRange)
    .max(APPEAL_RULES.targetMax, M.targetRange),
});
export type TAppealRequest = z.input<typeof ZAppealRequest>;

/** The preview: how many donors the appeal would reach now, and how they were chosen. */
export const ZAppealPreview = z.object({
  count: z.number().int(),
  /** Reached by a lab-confirmed group. */
  confirmed: z.number().int(),
  /** Reached by a self-declared group (URGENT only). */
  selfDeclared: z.number().int(),
  /** Rare-blood club members on call, reached by a CRITICAL appeal whatever the 14-day rule says. */
  onCall: z.number().int(),
  /** Matching donors left out by the 14-day rule. */
  heldByFatigue: z.number().int(),
});
export type TAppealPreview = z.infer<typeof ZAppealPreview>;
export const ZAppealPreviewResponse = ZEnvelope(ZAppealPreview);

const ZAppealCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  questionSetId: z.number().int(),
  /** Where: the campaign's address as donors see it. */
  place: z.string(),
  /** ISO instants of the campaign's start and end. */
  startsAt: z.string(),
  endsAt: z.string(),
});

export const ZAppealCounts = z.object({
  reached: z.number().int(),
  opened: z.number().int(),
  answered: z.number().int(),
  coming: z.number().int(),
  declined: z.number().int(),
  booked: z.number().int(),
  donated: z.number().int(),
});
export type TAppealCounts = z.infer<typeof ZAppealCounts>;

/** An appeal as staff see it, with its sending and live counts. */
export const ZAdminAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  campaign: ZAppealCampaign,
  slotStarts: z.array(z.string()),
  endsAt: z.string(),
  target: z.number().int(),
  status: z.enum(APPEAL_STATUSES),
  endReason: z.enum(APPEAL_END_REASONS).nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  delivery: z.object({
    status: z.enum(APPEAL_DELIVERY_STATUSES),
    total: z.number().int(),
    sent: z.number().int(),
    emailed: z.number().int(),
  }),
  counts: ZAppealCounts,
});
export type TAdminAppeal = z.infer<typeof ZAdminAppeal>;
export const ZAdminAppealResponse = ZEnvelope(ZAdminAppeal);
export const ZAdminAppealListResponse = ZEnvelope(z.array(ZAdminAppeal));

/** An appeal as the donor it reached sees it. */
export const ZMyAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  /** URGENT appeals also reach self-declared groups, and say so (APPEAL_TEXTS.selfDeclaredNote). */
  includesSelfDeclared: z.boolean(),
  campaign: ZAppealCampaign,
  slotStarts: z.array(z.string()),
  endsAt: z.string(),
  status: z.enum(APPEAL_STATUSES),
  answer: z.enum(APPEAL_ANSWERS).nullable(),
  /** The donor holds a booking for the appeal's campaign. */
  booked: z.boolean(),
  reachedAt: z.string(),
});
export type TMyAppeal = z.infer<typeof ZMyAppeal>;
export const ZMyAppealResponse = ZEnvelope(ZMyAppeal);
export const ZMyAppealListResponse = ZEnvelope(z.array(ZMyAppeal));

/** The id in an appeal's path (donor and staff routes). */
export const ZAppealIdParams = z.object({ id: ZIdParam });

export const ZAppealResponseRequest = z.object({
  answer: z.enum(APPEAL_ANSWERS, { error: M.answerRequired }),
});
export type TAppealResponseRequest = z.input<typeof ZAppealResponseRequest>;

/** An open appeal as the landing page shows it to anyone: no count of donors, no person. */
export const ZPublicAppeal = z.object({
  id: z.number().int(),
  title: z.string(),
  groups: z.array(z.string()),
  urgency: z.enum(APPEAL_URGENCIES),
  campaign: ZAppealCampaign,
  endsAt: z.string(),
});
export type TPublicAppeal = z.infer<typeof ZPublicAppeal>;
export const ZPublicAppealListResponse = ZEnvelope(z.array(ZPublicAppeal));
