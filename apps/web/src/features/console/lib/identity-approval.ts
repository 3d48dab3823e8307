import {
  CARD_NO_EXPIRY,
  IDENTITY_FIELD_LABELS,
  type TIdentityApproveRequest,
  type TIdentityField,
  type TIdentityReview,
} from '@giot-hong/contract';

export type TApprovalWarnings = {
  /** Fields whose two sides disagreed: what each side read and what will be saved. */
  disagreements: { field: string; front: string; back: string; saved: string }[];
  /** 'dd/mm/yyyy' of an expiry date already passed, or null. */
  expiredOn: string | null;
};

const dayOf = (ddmmyyyy: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(ddmmyyyy.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

/**
 * What staff must see before approving: the fields the card's two sides read differently, and an
 * expiry date in the past (`today`: yyyy-mm-dd in Vietnam). Nothing to warn about: approve at once.
 */
export function approvalWarnings(
  review: Pick<TIdentityReview, 'disagreements' | 'fields'>,
  values: Partial<TIdentityApproveRequest>,
  today: string,
): TApprovalWarnings {
  const disagreements = review.disagreements.map((field) => {
    const read = review.fields.find((f) => f.field === field);
    return {
      field: IDENTITY_FIELD_LABELS[field as TIdentityField] ?? field,
      front: read?.value ?? '',
      back: read?.other ?? '',
      saved: String(values[field as keyof TIdentityApproveRequest] ?? ''),
    };
  });
  const doe = String(values.doe ?? '').trim();
  const expiry = doe && doe !== CARD_NO_EXPIRY ? dayOf(doe) : null;
  return { disagreements, expiredOn: expiry && expiry < today ? doe : null };
}

export const needsConfirmation = (w: TApprovalWarnings) => w.disagreements.length > 0 || w.expiredOn !== null;
