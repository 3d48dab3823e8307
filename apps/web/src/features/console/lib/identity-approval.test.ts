import { describe, expect, it } from 'vitest';
import { approvalWarnings, needsConfirmation } from './identity-approval';

const review = {
  disagreements: ['name'],
  fields: [
    { field: 'name', value: 'Nguyễn Thi Thu', confidence: 0.41, other: 'NGUYEN THI THU' },
    { field: 'doe', value: '12/03/2035', confidence: 0.95, other: null },
  ],
};

describe('what staff confirm before approving an ID card', () => {
  it('lists the fields the sides read differently, with what will be saved', () => {
    const w = approvalWarnings(review, { name: 'Nguyễn Thị Thu', doe: '12/03/2035' }, '2026-11-22');
    expect(w).toEqual({
      disagreements: [
        { field: 'Họ và tên', front: 'Nguyễn Thi Thu', back: 'NGUYEN THI THU', saved: 'Nguyễn Thị Thu' },
      ],
      expiredOn: null,
    });
    expect(needsConfirmation(w)).toBe(true);
  });

  it('warns about a card that has expired (as entered), never about one without an end date', () => {
    const agreed = { disagreements: [], fields: review.fields };
    expect(approvalWarnings(agreed, { doe: '21/11/2026' }, '2026-11-22').expiredOn).toBe('21/11/2026');
    expect(approvalWarnings(agreed, { doe: '22/11/2026' }, '2026-11-22').expiredOn).toBeNull();
    expect(approvalWarnings(agreed, { doe: 'Không thời hạn' }, '2026-11-22').expiredOn).toBeNull();
    expect(needsConfirmation(approvalWarnings(agreed, { doe: '' }, '2026-11-22'))).toBe(false);
  });
});
