import { DATA_RIGHTS, DATA_RIGHTS_MAIL_SUBJECTS as S } from '@giot-hong/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { brandedLayout, buttonLink, escapeHtml } from '../../mail/templates.ts';

/** The data-rights mails, in Vietnamese, each with an HTML and a plain-text part. */

function mail(
  to: string,
  subject: string,
  username: string,
  paragraphs: string[],
  link?: { href: string; label: string },
) {
  const html = brandedLayout(
    subject,
    `<p>Xin chào <strong>${escapeHtml(username)}</strong>,</p>
    ${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n    ')}
    ${link ? buttonLink(link.href, link.label) : ''}`,
  );
  const text = [
    `Xin chào ${username},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [link.href] : []),
  ]
    .join('\n')
    .trim();
  return { to, subject, html, text, devLinks: link ? [link.href] : undefined } satisfies OutgoingMail;
}

export function exportReadyMail(to: string, username: string, link: string, expires: string): OutgoingMail {
  return mail(
    to,
    S.exportReady,
    username,
    [
      'Tệp dữ liệu bạn yêu cầu đã sẵn sàng. Đăng nhập và mở Trang cá nhân › Quyền riêng tư để tải tệp.',
      `Tệp được giữ đến ngày ${expires}, sau đó sẽ bị xóa.`,
      'Nếu bạn không yêu cầu, hãy đổi mật khẩu ngay.',
    ],
    { href: link, label: 'Mở trang Quyền riêng tư' },
  );
}

export function deletionConfirmMail(to: string, username: string, link: string): OutgoingMail {
  return mail(
    to,
    S.deletionConfirm,
    username,
    [
      'Chúng tôi nhận được yêu cầu xóa tài khoản Giọt Hồng của bạn. Nhấn vào nút bên dưới để xác nhận.',
      `Liên kết có hiệu lực trong ${DATA_RIGHTS.deletionLinkHours} giờ. Sau khi xác nhận, bạn vẫn có thể hủy yêu cầu trong thời gian chờ trước khi tài khoản bị xóa.`,
      'Nếu bạn không yêu cầu, hãy bỏ qua email này và đổi mật khẩu.',
    ],
    { href: link, label: 'Xác nhận xóa tài khoản' },
  );
}

export function deletionScheduledMail(
  to: string,
  username: string,
  date: string,
  link: string,
): OutgoingMail {
  return mail(
    to,
    S.deletionScheduled,
    username,
    [
      `Tài khoản và dữ liệu của bạn sẽ bị xóa vào ngày ${date}. Các lịch hẹn sắp tới đã được hủy.`,
      'Nếu đổi ý, hãy đăng nhập và hủy yêu cầu trong Trang cá nhân › Quyền riêng tư trước ngày đó.',
    ],
    { href: link, label: 'Mở trang Quyền riêng tư' },
  );
}

export function erasedMail(to: string, username: string): OutgoingMail {
  return mail(to, S.erased, username, [
    'Tài khoản Giọt Hồng của bạn cùng hồ sơ, thông tin căn cước, ảnh, câu trả lời phiếu sức khỏe và thông báo đã được xóa theo yêu cầu của bạn.',
    'Kết quả các lần hiến máu chỉ còn được giữ dưới dạng số liệu ẩn danh của sự kiện. Cảm ơn bạn đã đồng hành cùng phong trào hiến máu tình nguyện.',
  ]);
}
