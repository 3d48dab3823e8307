import { describe, expect, it } from 'vitest';
import { deletionStatusStaffLabel } from './data-rights.ts';

describe('deletionStatusStaffLabel (staff donor record)', () => {
  it('states each state with its days in Vietnam time', () => {
    expect(
      deletionStatusStaffLabel({ state: 'NONE', requestedAt: null, confirmedAt: null, eraseAfter: null }),
    ).toBe('Không có');
    expect(
      deletionStatusStaffLabel({
        state: 'AWAITING_CONFIRMATION',
        // 23:30 UTC is already the next day in Vietnam.
        requestedAt: '2026-11-24T23:30:00.000Z',
        confirmedAt: null,
        eraseAfter: null,
      }),
    ).toBe('Đã yêu cầu ngày 25/11/2026, chờ người hiến máu xác nhận qua email');
    expect(
      deletionStatusStaffLabel({
        state: 'SCHEDULED',
        requestedAt: '2026-11-25T02:00:00.000Z',
        confirmedAt: '2026-11-25T03:00:00.000Z',
        eraseAfter: '2026-12-02T03:00:00.000Z',
      }),
    ).toBe(
      'Đã xác nhận ngày 25/11/2026; tài khoản sẽ bị xóa từ ngày 02/12/2026 nếu người hiến máu không hủy',
    );
  });
});
