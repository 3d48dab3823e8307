import {
  CONSENT_TEXTS,
  DEFAULT_RETENTION,
  DONATION_RULES,
  DONOR_AGE,
  RECORDS_KEPT_AFTER_ERASURE,
  type TPrivacyPolicy,
} from '@giot-hong/contract';

/**
 * The five sections of /dieu-khoan-su-dung. Its figures: age 18–60; men ≥ 50 kg,
 * women ≥ 45 kg; 12 weeks between whole-blood donations; cancel at least 24 hours ahead. The
 * privacy section says what the portal really does with ID-card images and health answers.
 */
export type TermsBlock = { heading?: string; paragraphs?: string[]; list?: string[] };
export type TermsSection = { id: string; title: string; blocks: TermsBlock[] };

const weeks = DONATION_RULES.wholeBloodIntervalDays / 7;
const cancelHours = DONATION_RULES.cancelBeforeHours;

/**
 * The sections, with the chapter's configured e-mail (undefined while it loads) in the privacy
 * rights and the retention periods the server is configured with (the defaults while they load).
 */
export const termsSections = (
  chapterEmail: string | undefined,
  retention: TPrivacyPolicy['retention'] = DEFAULT_RETENTION,
): TermsSection[] => [
  {
    id: 'dieu-khoan-su-dung',
    title: '1. Điều khoản sử dụng',
    blocks: [
      {
        paragraphs: [
          'Giọt Hồng là cổng thông tin hiến máu tình nguyện của Hội Chữ thập đỏ. Khi truy cập và sử dụng cổng, bạn đồng ý với các điều khoản dưới đây.',
          'Bạn có thể xem sự kiện hiến máu, tin tức và câu hỏi thường gặp mà không cần tài khoản. Để đăng ký hiến máu, bạn cần tạo tài khoản, xác thực email và xác thực danh tính bằng căn cước công dân.',
        ],
      },
      {
        heading: 'Tài khoản',
        list: [
          'Mỗi người chỉ sử dụng một tài khoản; một số căn cước công dân chỉ được dùng để xác thực một tài khoản.',
          'Bạn chịu trách nhiệm giữ bí mật mật khẩu và mọi hoạt động diễn ra trong tài khoản của mình.',
          'Chúng tôi có thể tạm khóa tài khoản cung cấp thông tin giả mạo hoặc sử dụng cổng sai mục đích.',
        ],
      },
      {
        heading: 'Thay đổi điều khoản',
        paragraphs: [
          'Điều khoản có thể được cập nhật khi quy định về hiến máu hoặc chức năng của cổng thay đổi. Khi có thay đổi quan trọng, chúng tôi sẽ thông báo cho bạn trên cổng trước khi áp dụng.',
        ],
      },
    ],
  },
  {
    id: 'chinh-sach-bao-mat',
    title: '2. Chính sách bảo mật',
    blocks: [
      {
        heading: 'Thông tin chúng tôi thu thập',
        list: [
          'Thông tin tài khoản: tên đăng nhập, email và mật khẩu (chỉ lưu dưới dạng mã hóa một chiều, không ai đọc được).',
          'Hồ sơ người hiến máu: họ tên, ngày sinh, giới tính, số căn cước công dân, địa chỉ, số điện thoại, nghề nghiệp, đơn vị, nhóm máu và số lần đã hiến máu.',
          'Ảnh hai mặt căn cước công dân mà bạn tải lên để xác thực danh tính.',
          'Câu trả lời phiếu câu hỏi sức khỏe, lịch hẹn và lịch sử hiến máu.',
        ],
      },
      {
        heading: 'Ảnh căn cước công dân',
        list: [
          'Ảnh được xử lý ngay trên máy chủ của chúng tôi để đọc thông tin trên thẻ (mã QR, dòng mã ở mặt sau và nhận dạng chữ). Ảnh không bao giờ được gửi tới bất kỳ bên thứ ba nào.',
          'Ảnh được mã hóa khi lưu trữ và chỉ dùng để đối chiếu thông tin của bạn.',
          `Ảnh được xóa vĩnh viễn sau khi hồ sơ của bạn đã được xác nhận và hết thời hạn lưu giữ ${retention.idImageDays} ngày; các thông tin đã đọc từ thẻ được giữ trong hồ sơ người hiến máu của bạn.`,
        ],
      },
      {
        heading: 'Thông tin sức khỏe',
        list: [
          'Câu trả lời phiếu câu hỏi sức khỏe chỉ bạn và cán bộ của Hội phụ trách sự kiện hiến máu được xem, để khám sàng lọc và bảo đảm an toàn cho bạn và người nhận máu.',
          'Chúng tôi không bán, không chia sẻ và không dùng thông tin của bạn cho mục đích quảng cáo.',
        ],
      },
      {
        heading: 'Mục đích xử lý và sự đồng ý của bạn',
        paragraphs: [
          'Mỗi mục đích cần sự đồng ý riêng của bạn; chúng tôi ghi lại phiên bản văn bản bạn đã đồng ý và thời điểm. Khi văn bản thay đổi, bạn sẽ được hỏi lại trước khi dùng chức năng cần đến nó.',
        ],
        list: Object.values(CONSENT_TEXTS).map(
          (c) => `${c.title}${c.optional ? ' (không bắt buộc, mặc định tắt)' : ''}: ${c.text}`,
        ),
      },
      {
        heading: 'Thời hạn lưu trữ',
        list: [
          `Ảnh căn cước công dân: ${retention.idImageDays} ngày sau khi hồ sơ được xác nhận (hoặc sau khi tải lên nếu không hoàn tất), rồi bị xóa.`,
          `Tệp “Tải dữ liệu của tôi”: ${retention.exportDays} ngày kể từ khi tệp sẵn sàng, rồi bị xóa.`,
          `Yêu cầu xóa tài khoản: tài khoản bị xóa ${retention.deletionGraceDays} ngày sau khi bạn xác nhận qua email; trong thời gian này bạn có thể hủy yêu cầu.`,
          'Các dữ liệu khác: trong thời gian bạn sử dụng tài khoản.',
        ],
      },
      {
        heading: 'Quyền của bạn và cách thực hiện',
        paragraphs: [
          'Đăng nhập và mở Trang cá nhân › Quyền riêng tư để thực hiện các quyền sau:',
        ],
        list: [
          'Xem các đồng ý đã cho, bật hoặc tắt đồng ý không bắt buộc, rút lại đồng ý xử lý dữ liệu căn cước hoặc câu trả lời sức khỏe (khi đó bạn không thể đăng ký hiến máu cho đến khi đồng ý lại).',
          '“Tải dữ liệu của tôi”: nhận một tệp ZIP gồm bản tóm tắt và toàn bộ dữ liệu chúng tôi lưu về bạn; bạn được báo bằng thông báo và email khi tệp sẵn sàng.',
          'Xem ai đã xem dữ liệu của bạn: thời điểm, loại thao tác và vai trò của cán bộ.',
          '“Xóa tài khoản”: nhập mật khẩu và xác nhận qua liên kết trong email; các lịch hẹn sắp tới được hủy ngay.',
          `Bạn có thể cập nhật thông tin liên hệ trong trang cá nhân${chapterEmail ? ` và liên hệ với chúng tôi qua email ${chapterEmail} về mọi câu hỏi liên quan đến dữ liệu của mình` : ''}.`,
        ],
      },
      {
        heading: 'Dữ liệu được giữ lại sau khi xóa tài khoản',
        list: RECORDS_KEPT_AFTER_ERASURE.map((r) => `${r.what}. Lý do: ${r.reason}`),
      },
    ],
  },
  {
    id: 'quy-dinh-hien-mau',
    title: '3. Quy định hiến máu',
    blocks: [
      {
        paragraphs: ['Để bảo đảm an toàn cho người hiến và người nhận máu, người hiến máu cần đáp ứng các quy định sau:'],
        list: [
          `Tuổi từ ${DONOR_AGE.min} đến ${DONOR_AGE.max}.`,
          'Cân nặng: nam từ 50 kg trở lên, nữ từ 45 kg trở lên.',
          `Khoảng cách giữa hai lần hiến máu toàn phần tối thiểu ${weeks} tuần.`,
          'Không mắc các bệnh lây truyền qua đường máu, không nghiện ma túy, rượu bia hay chất kích thích.',
          'Trả lời trung thực phiếu câu hỏi sức khỏe và mang theo giấy tờ tùy thân có ảnh khi đến hiến máu.',
        ],
      },
      {
        paragraphs: [
          `Khi đăng ký, cổng kiểm tra tuổi của bạn vào ngày diễn ra sự kiện theo ngày sinh trên căn cước đã xác thực (${DONOR_AGE.regulation}). Cân nặng và sức khỏe được nhân viên y tế kiểm tra tại điểm hiến máu.`,
        ],
      },
      {
        heading: 'Lịch hẹn',
        list: [
          'Mỗi người chỉ đăng ký một lịch hẹn cho mỗi sự kiện hiến máu.',
          `Nếu không thể tham gia, vui lòng hủy lịch hẹn ít nhất ${cancelHours} giờ trước thời gian diễn ra sự kiện để nhường chỗ cho người khác.`,
        ],
      },
    ],
  },
  {
    id: 'trach-nhiem-nguoi-dung',
    title: '4. Trách nhiệm của người dùng',
    blocks: [
      {
        list: [
          'Cung cấp thông tin chính xác, đầy đủ và cập nhật khi có thay đổi.',
          'Chỉ tải lên giấy tờ tùy thân của chính mình.',
          'Trả lời trung thực phiếu câu hỏi sức khỏe; không hiến máu khi biết mình có nguy cơ lây truyền bệnh qua đường máu.',
          'Đến đúng giờ hẹn hoặc hủy lịch hẹn đúng thời hạn.',
          'Không sử dụng cổng để gửi nội dung sai sự thật, gây rối hoặc xâm phạm quyền của người khác.',
          'Tuân thủ hướng dẫn của nhân viên y tế tại điểm hiến máu.',
        ],
      },
    ],
  },
  {
    id: 'quyen-loi-nguoi-hien-mau',
    title: '5. Quyền lợi người hiến máu',
    blocks: [
      {
        list: [
          'Được khám, tư vấn sức khỏe và xét nghiệm miễn phí; kết quả được thông báo riêng và giữ bí mật.',
          'Được ăn nhẹ tại chỗ trị giá 30.000 đồng và hỗ trợ chi phí đi lại 50.000 đồng tiền mặt.',
          'Được nhận quà tặng trị giá 100.000 đồng (250 ml), 150.000 đồng (350 ml) hoặc 180.000 đồng (450 ml).',
          'Được cấp giấy chứng nhận hiến máu tình nguyện, có giá trị để được truyền máu miễn phí bằng lượng máu đã hiến khi bản thân cần.',
          'Được tôn vinh, khen thưởng theo quy định khi hiến máu nhiều lần.',
        ],
      },
    ],
  },
];
