import { describe, expect, it } from 'vitest';
import { IDENTITY_REVIEW_MESSAGES as M, ZIdentityApproveRequest } from './identity-review.ts';

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

describe('identity review', () => {
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
});
