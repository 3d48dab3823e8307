/** The standard pre-donation health questionnaire (national blood service form), by time window. */
export const STANDARD_QUESTION_SET: {
  name: string;
  questions: { content: string; hasDetail?: boolean }[];
}[] = [
  { name: 'Tiền sử hiến máu', questions: [{ content: 'Anh/chị từng hiến máu chưa?' }] },
  {
    name: 'Tình trạng sức khỏe hiện tại',
    questions: [{ content: 'Hiện tại, anh/chị có mắc bệnh lý nào không?', hasDetail: true }],
  },
  {
    name: 'Tiền sử bệnh',
    questions: [
      {
        content:
          'Trước đây, anh/chị có từng mắc một trong các bệnh: viêm gan siêu vi B, C, HIV, vảy nến, phì đại tiền liệt tuyến, sốc phản vệ, tai biến mạch máu não, nhồi máu cơ tim, lupus ban đỏ, động kinh, ung thư, hen, được cấy ghép mô tạng?',
        hasDetail: true,
      },
    ],
  },
  {
    name: 'Trong 12 tháng gần đây',
    questions: [
      {
        content:
          'Khỏi bệnh sau khi mắc một trong các bệnh: sốt rét, giang mai, lao, viêm não – màng não, uốn ván, phẫu thuật ngoại khoa?',
      },
      { content: 'Được truyền máu hoặc các chế phẩm máu?' },
      { content: 'Tiêm vắc-xin?', hasDetail: true },
    ],
  },
  {
    name: 'Trong 6 tháng gần đây',
    questions: [
      {
        content:
          'Khỏi bệnh sau khi mắc một trong các bệnh: thương hàn, nhiễm trùng máu, bị rắn cắn, viêm tắc động mạch, viêm tắc tĩnh mạch, viêm tụy, viêm tủy xương?',
      },
      { content: 'Sút cân nhanh không rõ nguyên nhân?' },
      { content: 'Nổi hạch kéo dài?' },
      { content: 'Thực hiện thủ thuật y tế xâm lấn (chữa răng, châm cứu, lăn kim, nội soi…)?' },
      { content: 'Xăm, xỏ lỗ tai, lỗ mũi hoặc các vị trí khác trên cơ thể?' },
      { content: 'Sử dụng ma túy?' },
      { content: 'Tiếp xúc trực tiếp với máu, dịch tiết của người khác hoặc bị thương bởi kim tiêm?' },
      { content: 'Sinh sống chung với người nhiễm bệnh viêm gan siêu vi B?' },
      {
        content:
          'Quan hệ tình dục với người nhiễm viêm gan siêu vi B, C, HIV, giang mai hoặc người có nguy cơ nhiễm?',
      },
      { content: 'Quan hệ tình dục với người cùng giới?' },
    ],
  },
  {
    name: 'Trong 1 tháng gần đây',
    questions: [
      {
        content:
          'Khỏi bệnh sau khi mắc một trong các bệnh: viêm đường tiết niệu, viêm da nhiễm trùng, viêm phế quản, viêm phổi, sởi, ho gà, quai bị, sốt xuất huyết, kiết lỵ, tả, Rubella?',
      },
      { content: 'Đi vào vùng có dịch bệnh lưu hành (sốt rét, sốt xuất huyết, Zika…)?' },
    ],
  },
  {
    name: 'Trong 14 ngày gần đây',
    questions: [{ content: 'Bị cúm, cảm lạnh, ho, nhức đầu, sốt, đau họng?', hasDetail: true }],
  },
  {
    name: 'Trong 7 ngày gần đây',
    questions: [{ content: 'Dùng thuốc kháng sinh, kháng viêm, Aspirin, Corticoid?', hasDetail: true }],
  },
  {
    name: 'Câu hỏi dành cho phụ nữ',
    questions: [
      { content: 'Hiện chị đang mang thai hoặc nuôi con dưới 12 tháng tuổi?' },
      { content: 'Chấm dứt thai kỳ trong 12 tháng gần đây (sảy thai, phá thai, thai ngoài tử cung)?' },
    ],
  },
];
