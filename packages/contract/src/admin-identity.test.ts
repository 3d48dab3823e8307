import { describe, expect, it } from 'vitest';
import {
  IDENTITY_REVIEW_MESSAGES as M,
  ZIdentityApproveRequest,
  externalDonationSchema,
} from './admin-identity.ts';

const messagesOf = (
  schema: {
    safeParse(v: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('staff console II rules', () => {
  it('checks an approval in Vietnamese: 12-digit ID number, name, dd/mm/yyyy birth date, sex', () => {
    expect(
      messagesOf(ZIdentityApproveRequest, { card_id: '1234', name: ' ', dob: '1995-03-12', sex: 'X' }),
    ).toEqual([
      `card_id: ${M.cardIdInvalid}`,
      `name: ${M.nameRequired}`,
      `dob: ${M.dateInvalid}`,
      `sex: ${M.sexInvalid}`,
    ]);
    expect(
      ZIdentityApproveRequest.parse({
        card_id: ' 079201001234 ',
        name: ' Lê Thị Ánh ',
        dob: '12/03/1995',
        sex: 'Nữ',
      }),
    ).toMatchObject({ card_id: '079201001234', name: 'Lê Thị Ánh' });
  });

  it('refuses a donation elsewhere in the future or without type and place', () => {
    const schema = externalDonationSchema(() => '2026-11-25');
    expect(messagesOf(schema, { date: '2026-11-26', donationType: 'WHOLE_BLOOD', place: 'BV' })).toEqual([
      `date: ${M.donationDateFuture}`,
    ]);
    expect(messagesOf(schema, { date: '2026-11-25', place: '' })).toEqual([
      `donationType: ${M.donationTypeRequired}`,
      `place: ${M.placeRequired}`,
    ]);
  });
});
