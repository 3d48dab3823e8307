import {
  type TAuditAction,
  DONOR_STATUS,
  ErrorCode,
  IDENTITY_FIELD_LABELS,
  IDENTITY_FIELDS,
  IDENTITY_REVIEW_MESSAGES as M,
  maskCardId,
  maskEmail,
  maskUsername,
  type TIdentityApproveRequest,
  type TIdentityField,
  type TIdentityHolder,
  type TIdentityReview,
  type TIdentityReviewItem,
} from '@giot-hong/contract';
import type { z } from 'zod';
import type { ZIdentityApproveRequest } from '@giot-hong/contract';
import {
  CONFIDENCE_THRESHOLD,
  EXTRACT_FIELDS,
  KEY_FIELDS,
  type CardExtract,
} from '../../idcard/extract-fields.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { audit, recordListView, type AuditMore, type DbOrTx } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { IdentityRepository } from '../identity/identity.repository.ts';
import { IDENTITY_MESSAGES } from '../identity/identity.service.ts';
import { NOTIFICATION_TEMPLATES } from '../notifications/notification.texts.ts';
import { identityDecisionMail } from './identity-review.mails.ts';
import type { IdentityReviewRepository } from './identity-review.repository.ts';

type Row = NonNullable<Awaited<ReturnType<IdentityReviewRepository['find']>>>;
type Approve = z.output<typeof ZIdentityApproveRequest>;
type NotificationText = { title: string; content: string; link: string | null };

const EMPTY: CardExtract = {
  fields: Object.fromEntries(EXTRACT_FIELDS.map((f) => [f, null])) as CardExtract['fields'],
  disagreements: [],
  score_front: 0,
  score_back: 0,
} as unknown as CardExtract;

const mergedOf = (row: Row) => (row.extract.merged as CardExtract | null) ?? EMPTY;

/** Why the reading was not trusted: fields whose sides disagreed, key fields unsure or missing. */
function reasons(merged: CardExtract) {
  const disagreements = [...new Set(merged.disagreements.map((d) => d.field))];
  const unsure = KEY_FIELDS.filter((k) => {
    const v = merged.fields[k];
    return !v || !v.value || v.confidence < CONFIDENCE_THRESHOLD;
  });
  return { disagreements, unsure };
}

function toItem(row: Row): TIdentityReviewItem {
  const merged = mergedOf(row);
  return {
    extractId: row.extract.id,
    userId: row.extract.userId,
    username: row.username,
    fullName: merged.fields.name?.value ?? row.profile?.fullName ?? null,
    // Masked in the queue; in full on the review page (an audited view).
    cardId: maskCardId(merged.fields.card_id?.value ?? null),
    waitingSince: row.extract.reviewRequestedAt!.toISOString(),
    // Confirmed as PENDING, or refused at confirmation because another account holds the number.
    kind: row.extract.confirmedAt ? 'PENDING' : 'DISPUTE',
    ...reasons(merged),
  };
}

function toHolder(h: Awaited<ReturnType<IdentityRepository['verifiedHolder']>>): TIdentityHolder | null {
  if (!h) return null;
  return {
    userId: h.userId,
    username: maskUsername(h.username),
    email: maskEmail(h.email),
    fullName: h.fullName,
    verifiedAt: h.verifiedAt?.toISOString() ?? null,
  };
}

export function createIdentityReviewService(deps: {
  repo: IdentityReviewRepository;
  identity: IdentityRepository;
  clock: Clock;
  box: SealedBox;
  dispatcher: Pick<Dispatcher, 'email'>;
  publicUrl: string;
  notify: (userId: number, text: NotificationText, key: string) => Promise<unknown>;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  async function rowOrThrow(extractId: string) {
    const row = await repo.find(extractId);
    if (!row) throw notFound(M.reviewNotFound);
    return row;
  }

  /** Notification and e-mail; a failure is logged, the decision stands. */
  async function tell(userId: number, key: string, text: NotificationText) {
    await deps.notify(userId, text, key).catch((err) => deps.logError(err, 'identity notification failed'));
    const to = await repo.email(userId);
    if (!to) return;
    await deps.dispatcher
      .email({
        userId,
        kind: 'ACCOUNT',
        key: `identity:${key}`,
        mail: identityDecisionMail(to, text, deps.publicUrl),
      })
      .catch((err) => deps.logError(err, 'identity mail failed'));
  }

  /** A card's rows target its owner, who is also the donor the row concerns (who saw my data). */
  const auditCard = (
    db: DbOrTx,
    actor: Actor,
    action: TAuditAction,
    card: { userId: number },
    at: Date,
    detail: NonNullable<AuditMore['detail']>,
    subjects?: readonly number[],
  ) =>
    audit(db, actor, action, { type: 'user', id: card.userId }, at, {
      subjectUserId: card.userId,
      detail,
      ...(subjects ? { subjects } : {}),
    });

  return {
    /** The waiting cards: names and masked ID numbers of their donors, so a view is audited. */
    async queue(actor: Actor): Promise<TIdentityReviewItem[]> {
      const items = (await repo.queue()).map(toItem);
      await recordListView(
        repo.auditWriter,
        {
          actor,
          action: 'identity.queue.view',
          target: { type: 'identity-review', id: null },
          subjects: items.map((i) => i.userId),
          requestId: actor.requestId,
          detail: { items: items.length },
        },
        clock.now(),
      );
      return items;
    },

    /** The whole extraction, the account and the other holder of the number (an audited view of the full ID number). */
    async get(actor: Actor, extractId: string): Promise<TIdentityReview> {
      const row = await rowOrThrow(extractId);
      const merged = mergedOf(row);
      const cardId = merged.fields.card_id?.value ?? null;
      const holder = cardId ? await deps.identity.verifiedHolder(cardId, row.extract.userId) : undefined;
      // A dispute shows the other holder's name too: that donor gets a row in their access log.
      await auditCard(
        repo.auditWriter,
        actor,
        'identity.review.view',
        row.extract,
        clock.now(),
        { extractId },
        holder ? [holder.userId] : [],
      );
      const other = new Map(merged.disagreements.map((d) => [d.field as string, d.back]));
      const kept = !row.extract.imagesDeletedAt;
      return {
        ...toItem(row),
        cardId,
        fields: EXTRACT_FIELDS.map((f) => ({
          field: f,
          value: merged.fields[f]?.value ?? null,
          confidence: merged.fields[f]?.confidence ?? null,
          other: other.get(f) ?? null,
        })),
        account: { email: row.email, mobile: row.profile?.mobile ?? null },
        scoreFront: row.extract.scoreFront,
        scoreBack: row.extract.scoreBack,
        images: { front: kept && row.extract.hasFrontImage, back: kept && row.extract.hasBackImage },
        holder: toHolder(holder),
        reviewed: row.extract.reviewedAt
          ? {
              outcome: row.extract.reviewOutcome ?? '',
              reason: row.extract.reviewReason,
              at: row.extract.reviewedAt.toISOString(),
            }
          : null,
      };
    },

    /** A photo, decrypted in memory for this answer only; every view is an audit row. */
    async image(actor: Actor, extractId: string, side: 'front' | 'back'): Promise<Buffer> {
      const row = await rowOrThrow(extractId);
      const image = await repo.sealedImage(extractId, side);
      const sealed = image?.sealed;
      if (!sealed || image.imagesDeletedAt) throw notFound(M.imageGone);
      await auditCard(repo.auditWriter, actor, 'identity.image.view', row.extract, clock.now(), {
        extractId,
        side,
      });
      return deps.box.open(sealed);
    },

    /**
     * Verifies the donor with the fields staff checked (corrected where needed). One ID number
     * verifies one account: the same check as the wizard's, then the unique index.
     */
    async approve(actor: Actor, extractId: string, req: Approve | TIdentityApproveRequest) {
      const input = req as Approve;
      const row = await rowOrThrow(extractId);
      const userId = row.extract.userId;
      const holderConflict = async () => {
        const holder = await deps.identity.verifiedHolder(input.card_id, userId);
        return new HttpError(ErrorCode.CONFLICT, M.cardIdTaken, {
          details: { data: { holder: toHolder(holder) } },
        });
      };
      if (await deps.identity.cardIdVerifiedByOther(input.card_id, userId)) throw await holderConflict();
      const now = clock.now();
      let corrected: TIdentityField[] = [];
      try {
        await repo.transaction(async (tx) => {
          const locked = await repo.find(extractId, tx, true);
          if (!locked || locked.extract.reviewedAt) throw conflict(M.alreadyReviewed);
          if (locked.profile?.status === DONOR_STATUS.EXTRACTED)
            throw conflict(IDENTITY_MESSAGES.alreadyVerified);
          await repo.verify(
            tx,
            userId,
            extractId,
            {
              cardId: input.card_id,
              fullName: input.name,
              dob: input.dob,
              gender: input.sex,
              nationality: input.nationality ?? null,
              home: input.home ?? null,
              address: input.address ?? null,
              doe: input.doe ?? null,
              issueLoc: input.issue_loc ?? null,
              issueDate: input.issue_date ?? null,
            },
            now,
          );
          await repo.markReviewed(tx, extractId, {
            outcome: 'APPROVED',
            reason: null,
            by: actor.id,
            at: now,
          });
          // What staff changed: the field names in the trail; the values read and saved in
          // identity_corrections (personal data: the ADMIN's trail joins them, erasure deletes them).
          const merged = mergedOf(locked);
          const read = (f: string) => merged.fields[f as keyof CardExtract['fields']]?.value ?? null;
          const changes = IDENTITY_FIELDS.map((f) => ({
            field: f,
            oldValue: read(f),
            newValue: (input[f] ?? null) || null,
          })).filter((c) => c.oldValue !== c.newValue);
          corrected = changes.map((c) => c.field);
          const auditId = await auditCard(
            tx,
            actor,
            corrected.length ? 'identity.approve.corrected' : 'identity.approve',
            locked.extract,
            now,
            { extractId, corrected: corrected.join(',') },
          );
          await repo.insertCorrections(
            tx,
            changes.map((c) => ({ ...c, auditId, userId, extractId, createdAt: now })),
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw await holderConflict();
        throw err;
      }
      // The donor learns that the profile is verified, and which fields staff corrected.
      await tell(
        userId,
        `approved:${extractId}`,
        NOTIFICATION_TEMPLATES.identityApproved(corrected.map((f) => IDENTITY_FIELD_LABELS[f])),
      );
      return { extractId, status: DONOR_STATUS.EXTRACTED };
    },

    /** Refuses the card: the donor is back at the start of the wizard and told why. */
    async reject(actor: Actor, extractId: string, reason: string) {
      const row = await rowOrThrow(extractId);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const locked = await repo.find(extractId, tx, true);
        if (!locked || locked.extract.reviewedAt) throw conflict(M.alreadyReviewed);
        const status = locked.profile?.status;
        // A profile verified meanwhile (another extract) keeps its verification.
        if (status && status !== DONOR_STATUS.EXTRACTED)
          await repo.unverify(tx, locked.extract.userId, 'REJECTED', reason, now, status);
        await repo.markReviewed(tx, extractId, { outcome: 'REJECTED', reason, by: actor.id, at: now });
        await auditCard(tx, actor, 'identity.reject', locked.extract, now, { extractId });
      });
      await tell(
        row.extract.userId,
        `rejected:${extractId}`,
        NOTIFICATION_TEMPLATES.identityRejected(reason),
      );
      return { extractId, status: DONOR_STATUS.NONE };
    },

    /**
     * ADMIN: the ID number of this extract is verified by another account; that (older)
     * verification is revoked so this one can be reviewed. Both donors are told.
     */
    async revokeOther(actor: Actor, extractId: string, reason: string) {
      const row = await rowOrThrow(extractId);
      if (row.extract.reviewedAt) throw conflict(M.alreadyReviewed);
      const cardId = mergedOf(row).fields.card_id?.value ?? null;
      const holder = cardId ? await deps.identity.verifiedHolder(cardId, row.extract.userId) : undefined;
      if (!holder) throw conflict(M.noConflict);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        if (!(await repo.unverify(tx, holder.userId, 'REVOKED', reason, now, DONOR_STATUS.EXTRACTED)))
          throw conflict(M.noConflict);
        await audit(tx, actor, 'identity.revoke', { type: 'user', id: holder.userId }, now, {
          subjectUserId: holder.userId,
          detail: { forUserId: row.extract.userId, extractId },
        });
      });
      await tell(holder.userId, `revoked:${extractId}`, NOTIFICATION_TEMPLATES.identityRevoked(reason));
      await tell(
        row.extract.userId,
        `dispute:${extractId}`,
        NOTIFICATION_TEMPLATES.identityDisputeResolved(),
      );
      return { extractId, status: row.profile?.status ?? DONOR_STATUS.NONE };
    },
  };
}
export type IdentityReviewService = ReturnType<typeof createIdentityReviewService>;
