import { UNIT_JOURNEY_TEXTS } from '@giot-hong/contract';

/**
 * The questions of /cau-hoi-thuong-gap. Its figures, kept exact: age 18–60; weight
 * ≥ 45 kg (men) and ≥ 42 kg (women); 250–350 ml; recovery 24–48 hours; 6 steps; rest 15 minutes;
 * no smoking for 30 minutes; no motorbike for 1 hour; again after 3 months (men) or 4 (women);
 * at most 4 times a year (men) or 3 (women).
 */
export type FaqAnswer = { paragraphs?: string[]; list?: string[]; ordered?: boolean; after?: string[] };
export type FaqQuestion = { id: string; question: string; answer: FaqAnswer };
export type FaqCategoryId = 'thong-tin-chung' | 'quy-trinh-hien-mau' | 'sau-khi-hien-mau' | 'quyen-loi';
export type FaqCategory = { id: FaqCategoryId; title: string; description: string; questions: FaqQuestion[] };

export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'thong-tin-chung',
    title: 'Thông tin chung',
    description: 'Ai có thể hiến máu và hiến máu có an toàn không',
    questions: [
      {
        id: 'ai-co-the-hien-mau',
        question: 'Ai có thể tham gia hiến máu?',
        answer: {
          paragraphs: ['Bạn có thể tham gia hiến máu nếu đáp ứng các điều kiện sau:'],
          list: [
            'Tuổi từ 18 đến 60.',
            'Cân nặng từ 45 kg trở lên đối với nam và từ 42 kg trở lên đối với nữ.',
            'Khỏe mạnh, không mắc các bệnh mạn tính hoặc bệnh lây truyền qua đường máu như HIV, viêm gan B, viêm gan C, giang mai.',
            'Không nghiện ma túy, rượu bia hay các chất kích thích.',
            'Mang theo giấy tờ tùy thân có ảnh (căn cước công dân hoặc hộ chiếu).',
          ],
        },
      },
      {
        id: 'luong-mau-moi-lan',
        question: 'Mỗi lần hiến máu, tôi sẽ cho bao nhiêu máu?',
        answer: {
          paragraphs: [
            'Mỗi lần hiến máu toàn phần, bạn cho 250–350 ml máu. Lượng máu cụ thể được bác sĩ quyết định dựa trên cân nặng và kết quả khám sàng lọc của bạn.',
            'Lượng máu này chỉ là một phần nhỏ trong tổng lượng máu của cơ thể.',
          ],
        },
      },
      {
        id: 'hien-mau-co-hai-khong',
        question: 'Hiến máu có ảnh hưởng đến sức khỏe không?',
        answer: {
          paragraphs: [
            'Hiến máu đúng quy định không ảnh hưởng đến sức khỏe. Cơ thể bù lại lượng máu đã cho trong vòng 24–48 giờ; các tế bào máu được tái tạo dần trong những tuần sau đó.',
            'Trước khi hiến, bạn được khám và xét nghiệm sàng lọc để chắc chắn rằng việc hiến máu an toàn cho bạn.',
          ],
        },
      },
      {
        id: 'co-bi-lay-benh-khong',
        question: 'Hiến máu có bị lây bệnh không?',
        answer: {
          paragraphs: [
            'Không. Kim lấy máu, túi máu và mọi dụng cụ tiếp xúc với máu đều vô trùng và chỉ dùng một lần cho một người, nên bạn không thể bị lây bệnh khi hiến máu.',
          ],
        },
      },
      {
        id: 'ai-chua-nen-hien',
        question: 'Khi nào tôi chưa nên hiến máu?',
        answer: {
          paragraphs: ['Bạn nên hoãn hiến máu nếu:'],
          list: [
            'Đang bị cảm cúm, sốt, hoặc vừa khỏi bệnh chưa lâu.',
            'Đang mang thai, đang cho con bú hoặc đang trong kỳ kinh nguyệt.',
            'Đang dùng thuốc kháng sinh hoặc thuốc điều trị bệnh.',
            'Vừa xăm mình, xỏ khuyên hoặc phẫu thuật trong thời gian gần đây.',
            'Đã uống rượu bia trong vòng 24 giờ trước khi hiến.',
          ],
          after: ['Nếu chưa chắc chắn, hãy trả lời phiếu câu hỏi sức khỏe trung thực; bác sĩ sẽ tư vấn cho bạn khi khám sàng lọc.'],
        },
      },
    ],
  },
  {
    id: 'quy-trinh-hien-mau',
    title: 'Quy trình hiến máu',
    description: 'Các bước từ lúc đăng ký đến khi hiến xong',
    questions: [
      {
        id: 'cac-buoc-hien-mau',
        question: 'Quy trình hiến máu gồm những bước nào?',
        answer: {
          paragraphs: ['Quy trình hiến máu gồm 6 bước:'],
          ordered: true,
          list: [
            'Đăng ký và xuất trình giấy tờ tùy thân có ảnh.',
            'Trả lời phiếu câu hỏi sức khỏe.',
            'Khám sàng lọc: đo cân nặng, mạch và huyết áp.',
            'Xét nghiệm nhanh nồng độ huyết sắc tố và viêm gan B trước khi hiến.',
            'Hiến máu: việc lấy máu chỉ mất khoảng 5–10 phút.',
            'Nghỉ ngơi 15 phút tại chỗ, ăn nhẹ, nhận quà và giấy chứng nhận hiến máu.',
          ],
        },
      },
      {
        id: 'mang-theo-gi',
        question: 'Tôi cần mang theo gì khi đi hiến máu?',
        answer: {
          paragraphs: [
            'Bạn cần mang theo giấy tờ tùy thân có ảnh: căn cước công dân, hộ chiếu hoặc giấy tờ tùy thân hợp lệ khác. Nếu đã hiến máu trước đây, hãy mang theo giấy chứng nhận hiến máu.',
          ],
        },
      },
      {
        id: 'chuan-bi-truoc-khi-hien',
        question: 'Tôi nên chuẩn bị gì trước khi hiến máu?',
        answer: {
          list: [
            'Ngủ đủ giấc vào đêm hôm trước.',
            'Ăn nhẹ trước khi hiến máu, không ăn đồ nhiều dầu mỡ.',
            'Không uống rượu bia trước khi hiến máu.',
            'Uống đủ nước trước khi đến điểm hiến máu.',
          ],
        },
      },
      {
        id: 'dang-ky-truc-tuyen',
        question: 'Tôi có thể đăng ký hiến máu trực tuyến không?',
        answer: {
          paragraphs: [
            'Có. Sau khi đăng nhập, bạn vào trang Đăng ký hiến máu, chọn sự kiện phù hợp, trả lời phiếu câu hỏi sức khỏe và xác nhận. Lịch hẹn của bạn được lưu trong trang cá nhân, nơi bạn cũng có thể hủy lịch nếu không thể tham gia.',
          ],
        },
      },
    ],
  },
  {
    id: 'sau-khi-hien-mau',
    title: 'Sau khi hiến máu',
    description: 'Chăm sóc bản thân và lần hiến máu tiếp theo',
    questions: [
      {
        id: 'can-lam-gi-sau-khi-hien',
        question: 'Sau khi hiến máu tôi cần lưu ý những gì?',
        answer: {
          list: [
            'Nghỉ ngơi tại chỗ 15 phút sau khi hiến máu.',
            'Không hút thuốc trong vòng 30 phút sau khi hiến máu.',
            'Không đi xe máy trong vòng 1 giờ sau khi hiến máu.',
            'Giữ miếng băng dính ở chỗ lấy máu, tránh mang vác vật nặng bằng tay vừa lấy máu.',
            'Uống nhiều nước và ăn uống đầy đủ trong ngày.',
          ],
        },
      },
      {
        id: 'bi-chong-mat',
        question: 'Nếu bị chóng mặt sau khi hiến máu thì phải làm sao?',
        answer: {
          paragraphs: [
            'Hãy nằm xuống hoặc ngồi cúi đầu, kê chân cao và báo ngay cho nhân viên y tế tại điểm hiến máu. Cảm giác chóng mặt thường hết sau vài phút nghỉ ngơi và uống nước.',
          ],
        },
      },
      {
        id: 'bao-lau-hoi-phuc',
        question: 'Bao lâu thì cơ thể hồi phục sau khi hiến máu?',
        answer: {
          paragraphs: [
            'Lượng máu đã hiến được cơ thể bù lại trong vòng 24–48 giờ. Bạn có thể sinh hoạt, học tập và làm việc bình thường ngay trong ngày.',
          ],
        },
      },
      {
        id: 'khi-nao-hien-lai',
        question: 'Bao lâu sau tôi có thể hiến máu lại?',
        answer: {
          paragraphs: ['Nam giới có thể hiến máu toàn phần lại sau 3 tháng, nữ giới sau 4 tháng kể từ lần hiến trước.'],
        },
      },
      {
        id: 'so-lan-moi-nam',
        question: 'Một năm tôi được hiến máu tối đa bao nhiêu lần?',
        answer: {
          paragraphs: ['Nam giới được hiến máu tối đa 4 lần một năm, nữ giới tối đa 3 lần một năm.'],
        },
      },
      {
        // The words the donor's timeline refers to ('Đơn vị máu này không được sử dụng').
        id: 'don-vi-mau-khong-duoc-su-dung',
        question: UNIT_JOURNEY_TEXTS.faqQuestion,
        answer: { paragraphs: [UNIT_JOURNEY_TEXTS.faqAnswer] },
      },
    ],
  },
  {
    id: 'quyen-loi',
    title: 'Quyền lợi người hiến máu',
    description: 'Những gì bạn nhận được khi hiến máu',
    questions: [
      {
        id: 'quyen-loi-gom-nhung-gi',
        question: 'Người hiến máu được những quyền lợi gì?',
        answer: {
          list: [
            'Được khám và tư vấn sức khỏe miễn phí.',
            'Được xét nghiệm và thông báo kết quả nhóm máu, viêm gan B, viêm gan C, HIV, giang mai.',
            'Được ăn nhẹ tại chỗ trị giá 30.000 đồng.',
            'Được hỗ trợ chi phí đi lại 50.000 đồng tiền mặt.',
            'Được nhận quà tặng trị giá 100.000 đồng (250 ml), 150.000 đồng (350 ml) hoặc 180.000 đồng (450 ml).',
            'Được cấp giấy chứng nhận hiến máu tình nguyện.',
          ],
        },
      },
      {
        id: 'giay-chung-nhan',
        question: 'Giấy chứng nhận hiến máu có giá trị gì?',
        answer: {
          paragraphs: [
            'Giấy chứng nhận hiến máu tình nguyện có giá trị để bạn được truyền máu miễn phí với số lượng bằng lượng máu đã hiến, khi bản thân bạn cần truyền máu tại các cơ sở y tế công lập.',
          ],
        },
      },
      {
        id: 'ket-qua-xet-nghiem',
        question: 'Tôi có được biết kết quả xét nghiệm máu không?',
        answer: {
          paragraphs: [
            'Có. Kết quả xét nghiệm được thông báo riêng cho bạn và được giữ bí mật. Nếu có kết quả bất thường, bạn sẽ được mời tư vấn và hướng dẫn khám, điều trị.',
          ],
        },
      },
      {
        id: 'cuu-duoc-bao-nhieu-nguoi',
        question: 'Một lần hiến máu có thể giúp được bao nhiêu người?',
        answer: {
          paragraphs: [
            'Mỗi đơn vị máu được tách thành các chế phẩm như hồng cầu, tiểu cầu và huyết tương, nên một lần hiến máu có thể cứu sống tới 3 người bệnh.',
          ],
        },
      },
    ],
  },
];
