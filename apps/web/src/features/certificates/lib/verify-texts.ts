import { CERTIFICATE_STATES, type TPublicCertificate } from '@giot-hong/contract';

/** The words of the verification page. */
export const VERIFY_TEXTS = {
  title: 'Xác minh giấy chứng nhận hiến máu',
  serial: (s: string) => `Số: ${s}`,
  valid: 'Giấy chứng nhận hợp lệ, do Hội cấp',
  badSignature: 'Chữ ký không khớp: giấy chứng nhận này không do Hội cấp hoặc đã bị sửa',
  noSignature:
    'Liên kết không kèm chữ ký: hãy quét mã QR trên giấy chứng nhận để xác minh chữ ký. Thông tin dưới đây là dữ liệu Hội đang lưu.',
  usedUp: 'Giấy chứng nhận đã được sử dụng hết thể tích',
  revoked: 'Giấy chứng nhận đã bị thu hồi',
  labels: {
    state: 'Trạng thái',
    donatedOn: 'Ngày hiến',
    volume: 'Thể tích đã hiến',
    remaining: 'Thể tích còn lại',
    facility: 'Nơi hiến',
    donor: 'Người hiến',
    birthYear: 'Năm sinh',
  },
  privacy: 'Trang này chỉ hiện tên đã che và năm sinh để đối chiếu với người mang giấy.',
  loadFailed: 'Không tải được thông tin. Vui lòng thử lại.',
  retry: 'Thử lại',
} as const;

const dmy = (day: string) => day.split('-').reverse().join('/');

/** The rows of the page, in reading order. */
export function verifyRows(c: TPublicCertificate): [string, string][] {
  const L = VERIFY_TEXTS.labels;
  return [
    [L.state, CERTIFICATE_STATES[c.state]],
    [L.donatedOn, dmy(c.donatedOn)],
    [L.volume, `${c.volumeMl} ml`],
    [L.remaining, `${c.remainingMl} ml`],
    [L.facility, c.facility],
    [L.donor, c.maskedName],
    [L.birthYear, c.birthYear === null ? '—' : String(c.birthYear)],
  ];
}

/** The verdict line: the signature first (a forged paper), then the state. */
export function verdictOf(c: TPublicCertificate): { tone: 'ok' | 'warn' | 'bad'; text: string } {
  if (c.signatureValid === false) return { tone: 'bad', text: VERIFY_TEXTS.badSignature };
  if (c.state === 'REVOKED') return { tone: 'bad', text: VERIFY_TEXTS.revoked };
  if (c.state === 'USED_UP') return { tone: 'warn', text: VERIFY_TEXTS.usedUp };
  if (c.signatureValid === null) return { tone: 'warn', text: VERIFY_TEXTS.noSignature };
  return { tone: 'ok', text: VERIFY_TEXTS.valid };
}
