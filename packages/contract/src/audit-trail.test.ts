import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditActionStaffLabel,
  auditTargetTypeLabel,
  describeAuditDetail,
} from './audit-trail.ts';

describe('the audit trail in words', () => {
  it('says an action to the donor from the donor’s side where it differs, and a plain kind for unknown ones', () => {
    expect(auditActionStaffLabel('inbox.list')).toBe('Xem hộp thư (tin nhắn liên hệ, góp ý sau hiến máu)');
    expect(auditActionLabel('inbox.list')).toBe('Xem góp ý của bạn trong hộp thư của Hội');
    expect(auditActionLabel('donor.view')).toBe('Xem hồ sơ người hiến máu');
    expect(auditActionLabel('something.view')).toBe('Xem dữ liệu của bạn');
    expect(auditActionLabel('something.else')).toBe('Thay đổi dữ liệu của bạn');
    expect(auditActionStaffLabel('something.else')).toBe('something.else');
    expect(auditTargetTypeLabel('campaign')).toBe('Chiến dịch');
    expect(auditTargetTypeLabel('robot')).toBe('robot');
  });

  it('puts a row’s detail in words, with names for the accounts it mentions', () => {
    const names = { user: (id: number) => (id === 7 ? 'canbo' : undefined) };
    expect(describeAuditDetail({ result: 'DONE', donationType: 'WHOLE_BLOOD', reason: null }, names)).toBe(
      'Kết quả: Hoàn thành · Loại hiến: Máu toàn phần',
    );
    expect(describeAuditDetail({ result: 'DEFERRED', donationType: null, reason: 'LOW_HEMOGLOBIN' })).toBe(
      'Kết quả: Tạm hoãn · Lý do: Huyết sắc tố thấp',
    );
    expect(describeAuditDetail({ status: 'HANDLED', assignedTo: 7 }, names)).toBe(
      'Trạng thái: Đã xử lý · Giao cho: canbo',
    );
    expect(describeAuditDetail({ status: null, assignedTo: 9 }, names)).toBe('Giao cho: tài khoản #9');
    expect(describeAuditDetail({ extractId: 'a1b2', corrected: 'name,dob' })).toBe(
      'Thông tin đã sửa: Họ và tên, Ngày sinh',
    );
    expect(describeAuditDetail({ extractId: 'a1b2', corrected: '' })).toBeNull();
    expect(describeAuditDetail({ role: 'ADMIN' })).toBe('Vai trò: Quản trị viên');
    expect(describeAuditDetail({ kind: 'card-suffix', results: 2 })).toBe(
      'Tìm theo: 4 số cuối căn cước kèm tên · 2 kết quả',
    );
    expect(describeAuditDetail({ byCode: true })).toBe('Bằng mã check-in');
    expect(describeAuditDetail({ audience: 'ALL', total: 120, sendEmail: false })).toBe(
      'Người nhận: Tất cả người hiến máu · 120 người nhận · Kèm e-mail: không',
    );
    // A key added later is still shown, as it is.
    expect(describeAuditDetail({ newThing: 3 })).toBe('newThing: 3');
    expect(describeAuditDetail(null)).toBeNull();
  });
});
