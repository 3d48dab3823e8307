import { APPEAL_RULES, type TAppealPreview, type TAppealUrgency } from '@giot-hong/contract';
import { isEligibleOn } from '../registration/registration.service.ts';
import type { AppealBasis, AppealRepository } from './appeal.repository.ts';

const DAY_MS = 86_400_000;
/** Donors judged per statement when counting a preview. */
const PREVIEW_BATCH = 1000;

/**
 * Rare-blood club members on call for some groups at a time (the club's repository answers it).
 * The one way into an appeal's audience that the 14-day rule does not hold back.
 */
export type OnCallMemberIds = (groups: string[], at: Date) => Promise<number[]>;

/** Who an appeal is for: its groups, urgency and campaign (the day donors must be eligible on). */
export type AudienceSpec = {
  groups: readonly string[];
  urgency: TAppealUrgency;
  campaign: { id: number; organizeTime: Date };
  /** When sending: the appeal, whose recipients are not chosen again. */
  appealId?: number;
};

export type AudienceBatch = {
  /** The donors to reach, with how they were chosen. */
  picks: { id: number; basis: AppealBasis }[];
  /** Matching, eligible donors left out by the 14-day rule. */
  held: number;
  /** The last donor id looked at (the next batch starts after it); undefined when none was left. */
  last: number | undefined;
};

/**
 * An appeal's audience (ADR 29): SQL narrows the donors by group, verification, consent, erasure
 * request and booking (appeal.repository `candidates`); the registration's own rules
 * (`isEligibleOn`: age, deferral or open counselling case, interval) judge each on the campaign's
 * day, on facts read in one statement per batch; then the 14-day rule. Preview and sending go
 * through `batch`, so the count staff see is the rule the sending applies.
 */
export function createAppealAudience(deps: {
  repo: AppealRepository;
  /** APPEAL_MIN_DAYS_BETWEEN */
  minDaysBetween: number;
  /**
   * The extension point for the rare-blood club (`onCallMemberIds` of rare-blood.repository): a
   * CRITICAL appeal for Rh-negative groups also reaches the members on call for them at the moment
   * of sending, whatever the 14-day rule says (eligibility, the APPEALS consent and the rest still
   * apply: the club's own consent is about phone calls). Absent: nobody is on call.
   */
  onCallMemberIds?: OnCallMemberIds;
}) {
  const { repo } = deps;

  /** Since when a donor's appeals count against the 14-day rule. */
  const windowStart = (now: Date) => new Date(now.getTime() - deps.minDaysBetween * DAY_MS);
  /** How many appeals in the window a donor may already have had and still be reached: 1 for CRITICAL. */
  const fatigueLimit = (urgency: TAppealUrgency) =>
    1 + (urgency === 'CRITICAL' ? APPEAL_RULES.criticalExtra : 0);

  /** The members on call at the moment of sending (their call hours are hours of the day). */
  async function onCall(spec: AudienceSpec, now: Date): Promise<number[]> {
    if (spec.urgency !== 'CRITICAL' || !deps.onCallMemberIds) return [];
    const negative = spec.groups.filter((g) => g.endsWith('-'));
    return negative.length ? deps.onCallMemberIds(negative, now) : [];
  }

  /** The donors after `cursor` (at most `limit` looked at) that the appeal reaches now. */
  async function batch(spec: AudienceSpec, cursor: number, limit: number, now: Date): Promise<AudienceBatch> {
    const onCallIds = await onCall(spec, now);
    const candidates = await repo.candidates(
      {
        groups: spec.groups,
        urgency: spec.urgency,
        campaignId: spec.campaign.id,
        appealId: spec.appealId,
        onCall: onCallIds,
        since: windowStart(now),
      },
      cursor,
      limit,
    );
    const facts = await repo.donorFacts(candidates.map((c) => c.id));
    const eligible = candidates.filter((c) => isEligibleOn(facts.get(c.id)!, spec.campaign.organizeTime));
    const limitOf = fatigueLimit(spec.urgency);
    const fresh = (c: (typeof eligible)[number]) => c.basis === 'ON_CALL' || c.recent < limitOf;
    return {
      picks: eligible.filter(fresh).map((c) => ({ id: c.id, basis: c.basis })),
      held: eligible.filter((c) => !fresh(c)).length,
      last: candidates.at(-1)?.id,
    };
  }

  return {
    batch,
    /** The 14-day rule as the insert re-checks it. */
    fatigueRule: (urgency: TAppealUrgency, now: Date) => ({
      since: windowStart(now),
      limit: fatigueLimit(urgency),
    }),

    /** How many donors the appeal would reach now, and how they were chosen. */
    async preview(spec: AudienceSpec, now: Date): Promise<TAppealPreview> {
      const preview: TAppealPreview = {
        count: 0,
        confirmed: 0,
        selfDeclared: 0,
        onCall: 0,
        heldByFatigue: 0,
      };
      for (let cursor = 0; ;) {
        const b = await batch(spec, cursor, PREVIEW_BATCH, now);
        preview.heldByFatigue += b.held;
        for (const p of b.picks) {
          preview.count += 1;
          if (p.basis === 'CONFIRMED') preview.confirmed += 1;
          else if (p.basis === 'SELF_DECLARED') preview.selfDeclared += 1;
          else preview.onCall += 1;
        }
        if (b.last === undefined) return preview;
        cursor = b.last;
      }
    },
  };
}
export type AppealAudience = ReturnType<typeof createAppealAudience>;
