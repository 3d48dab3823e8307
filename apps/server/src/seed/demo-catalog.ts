/** Demo campaigns, news, jobs and organizations for a new database. */

export const DEMO_JOBS = [
  'Sinh viên',
  'Học sinh',
  'Giáo viên',
  'Bác sĩ',
  'Điều dưỡng',
  'Kỹ sư',
  'Công nhân',
  'Nhân viên văn phòng',
  'Kinh doanh tự do',
  'Nông dân',
  'Bộ đội',
  'Công an',
  'Quân nhân',
  'Cán bộ, công chức',
  'Lái xe',
  'Nội trợ',
  'Khác',
];

export const DEMO_ORGANIZATIONS: { name: string; type: string }[] = [
  { name: 'Đại học Bách khoa Hà Nội', type: 'OTHER' },
  { name: 'Đại học Quốc gia Hà Nội', type: 'OTHER' },
  { name: 'Học viện Nông nghiệp Việt Nam', type: 'OTHER' },
  { name: 'Đoàn Thanh niên phường Hoàn Kiếm', type: 'OTHER' },
  { name: 'Câu lạc bộ Hiến máu tình nguyện Giọt Hồng', type: 'OTHER' },
  { name: 'Công ty Cổ phần Công nghệ Sao Mai', type: 'OTHER' },
  { name: 'Bệnh viện Bạch Mai', type: 'OTHER' },
  { name: 'Hội Chữ thập đỏ phường Ba Đình', type: 'OTHER' },
  { name: 'Ngân hàng TMCP Ngoại thương — Chi nhánh Hà Nội', type: 'OTHER' },
  { name: 'Trung tâm Máu quốc gia', type: 'BLOOD_CENTER' },
];

/** Campaigns relative to the day of seeding: `dayOffset` days ahead, receiving 07:00–11:30 or 13:30–16:30 Vietnam time. */
export const DEMO_CAMPAIGNS = [
  {
    dayOffset: 3,
    startHour: 7,
    endHour: 11.5,
    name: 'Ngày hội Chủ nhật Đỏ 2026',
    location: 'Nhà văn hóa Sinh viên, Đại học Quốc gia Hà Nội, 144 Xuân Thủy, phường Cầu Giấy, Hà Nội',
    description:
      'Ngày hội hiến máu lớn nhất năm dành cho sinh viên và người dân Thủ đô. Mỗi đơn vị máu của bạn có thể cứu sống tới 3 người bệnh.',
    target: 500,
    image: '/images/campaigns/chu-nhat-do.webp',
  },
  {
    dayOffset: 6,
    startHour: 7.5,
    endHour: 11.5,
    name: 'Hiến máu tình nguyện phường Hoàn Kiếm',
    location: 'Trụ sở UBND phường Hoàn Kiếm, 126 Hàng Trống, phường Hoàn Kiếm, Hà Nội',
    description:
      'Chương trình hiến máu định kỳ của phường, phối hợp với Viện Huyết học – Truyền máu Trung ương. Có khám sàng lọc miễn phí.',
    target: 200,
    image: '/images/campaigns/hoan-kiem.webp',
  },
  {
    dayOffset: 10,
    startHour: 13.5,
    endHour: 16.5,
    name: 'Giọt hồng Bách khoa',
    location: 'Hội trường C2, Đại học Bách khoa Hà Nội, 1 Đại Cồ Việt, phường Bạch Mai, Hà Nội',
    description:
      'Sinh viên Bách khoa chung tay hiến máu cứu người. Mang theo căn cước công dân hoặc thẻ sinh viên có ảnh.',
    target: 300,
    image: '/images/campaigns/bach-khoa.webp',
  },
  {
    dayOffset: 15,
    startHour: 7,
    endHour: 11,
    name: 'Hành trình Đỏ — Kết nối dòng máu Việt',
    location: 'Cung Văn hóa Lao động Hữu nghị Việt Xô, 91 Trần Hưng Đạo, phường Cửa Nam, Hà Nội',
    description:
      'Chặng Hà Nội của chiến dịch Hành trình Đỏ, vận động hiến máu và tuyên truyền phòng chống bệnh Thalassemia.',
    target: 400,
    image: '/images/campaigns/hanh-trinh-do.webp',
  },
  {
    dayOffset: 22,
    startHour: 8,
    endHour: 11.5,
    name: 'Hiến máu nhân đạo Học viện Nông nghiệp',
    location: 'Nhà thi đấu, Học viện Nông nghiệp Việt Nam, thị trấn Trâu Quỳ, xã Gia Lâm, Hà Nội',
    description:
      'Tuổi trẻ Học viện Nông nghiệp Việt Nam hưởng ứng phong trào hiến máu tình nguyện mùa lễ hội.',
    target: 250,
    image: '/images/campaigns/nong-nghiep.webp',
  },
  {
    dayOffset: 29,
    startHour: 7.5,
    endHour: 16,
    name: 'Lễ hội Xuân Hồng 2027',
    location: 'Viện Huyết học – Truyền máu Trung ương, phố Phạm Văn Bạch, phường Yên Hòa, Hà Nội',
    description:
      'Lễ hội hiến máu dịp Tết, góp phần bảo đảm nguồn máu cho người bệnh trong và sau Tết Nguyên đán.',
    target: 1000,
    image: '/images/campaigns/xuan-hong.webp',
  },
  {
    dayOffset: 38,
    startHour: 13.5,
    endHour: 16.5,
    name: 'Hiến máu cùng Ngân hàng Ngoại thương',
    location: 'Hội sở Vietcombank Hà Nội, 344 Bà Triệu, phường Hai Bà Trưng, Hà Nội',
    description: 'Cán bộ, nhân viên ngân hàng và người dân khu vực cùng tham gia hiến máu tình nguyện.',
    target: 150,
    image: '/images/campaigns/ngan-hang.webp',
  },
];

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join('');

/** News items: `daysAgo` before seeding, HTML content, a thumbnail of our own. */
export const DEMO_NEWS: { daysAgo: number; title: string; content: string; thumbnail: string }[] = [
  {
    daysAgo: 1,
    title: 'Hơn 3.000 đơn vị máu được tiếp nhận trong Ngày hội Chủ nhật Đỏ',
    thumbnail: '/images/news/news-01.webp',
    content:
      p(
        'Ngày hội <strong>Chủ nhật Đỏ</strong> năm nay thu hút hàng nghìn sinh viên, thanh niên tham gia hiến máu tại nhiều điểm trên địa bàn Hà Nội.',
        'Ban tổ chức cho biết lượng máu tiếp nhận sẽ được chuyển tới các bệnh viện để phục vụ người bệnh trong dịp cuối năm.',
      ) + '<ul><li>Hơn 3.000 đơn vị máu</li><li>Hơn 200 tình nguyện viên</li><li>15 điểm hiến máu</li></ul>',
  },
  {
    daysAgo: 3,
    title: 'Những điều cần biết trước khi hiến máu lần đầu',
    thumbnail: '/images/news/news-02.webp',
    content:
      p(
        'Hiến máu lần đầu có thể khiến bạn lo lắng. Dưới đây là những lưu ý giúp buổi hiến máu diễn ra an toàn, nhẹ nhàng.',
      ) +
      '<h3>Trước khi hiến máu</h3><ul><li>Ngủ đủ giấc, ít nhất 6 tiếng.</li><li>Ăn nhẹ, không ăn đồ nhiều dầu mỡ.</li><li>Uống 300-500 ml nước.</li></ul>' +
      '<h3>Sau khi hiến máu</h3><ul><li>Nghỉ ngơi tại chỗ 10 phút.</li><li>Giữ miếng băng dính 4-6 giờ.</li><li>Không uống rượu bia trong 24 giờ.</li></ul>',
  },
  {
    daysAgo: 5,
    title: 'Ngân hàng máu cần nhóm máu O trong dịp cuối năm',
    thumbnail: '/images/news/news-03.webp',
    content: p(
      'Viện Huyết học – Truyền máu Trung ương kêu gọi người hiến máu nhóm O tham gia hiến máu trong các tuần tới, khi nhu cầu điều trị tăng cao.',
      'Người hiến máu có thể đăng ký trực tuyến trên cổng Giọt Hồng để được sắp xếp thời gian phù hợp, tránh phải chờ đợi.',
    ),
  },
  {
    daysAgo: 8,
    title: 'Sinh viên Bách khoa lan tỏa phong trào hiến máu tình nguyện',
    thumbnail: '/images/news/news-04.webp',
    content: p(
      'Câu lạc bộ hiến máu của sinh viên Bách khoa đã duy trì hoạt động hơn 10 năm, tổ chức mỗi năm hai đợt hiến máu lớn.',
      'Nhiều bạn sinh viên đã hiến máu từ 10 lần trở lên và trở thành tình nguyện viên hướng dẫn người hiến máu mới.',
    ),
  },
  {
    daysAgo: 11,
    title: 'Hiến máu có ảnh hưởng đến sức khỏe không?',
    thumbnail: '/images/news/news-05.webp',
    content: p(
      'Mỗi lần hiến máu toàn phần, người hiến cho từ 250 đến 350 ml máu, chỉ chiếm một phần nhỏ lượng máu trong cơ thể.',
      'Lượng máu này được cơ thể bù lại nhanh chóng. Người hiến máu được khám sàng lọc kỹ trước khi hiến, nên việc hiến máu đúng quy định là an toàn.',
    ),
  },
  {
    daysAgo: 14,
    title: 'Ra mắt cổng đăng ký hiến máu trực tuyến Giọt Hồng',
    thumbnail: '/images/news/news-06.webp',
    content:
      p(
        'Từ nay, người hiến máu có thể tìm sự kiện, trả lời phiếu câu hỏi sức khỏe và đặt lịch hiến máu ngay trên điện thoại.',
      ) + '<blockquote>Đăng ký trước giúp rút ngắn thời gian chờ tại điểm hiến máu.</blockquote>',
  },
  {
    daysAgo: 18,
    title: 'Câu chuyện người hiến máu 50 lần',
    thumbnail: '/images/news/news-07.webp',
    content: p(
      'Anh Nguyễn Văn Hùng, 45 tuổi, đã hiến máu 50 lần trong hơn 20 năm. Với anh, mỗi lần hiến máu là một lần được góp phần cứu người.',
      'Anh mong nhiều bạn trẻ hơn nữa sẽ tham gia hiến máu định kỳ.',
    ),
  },
  {
    daysAgo: 22,
    title: 'Quy trình 6 bước khi tham gia hiến máu',
    thumbnail: '/images/news/news-08.webp',
    content:
      '<ol><li>Đăng ký và xuất trình giấy tờ tùy thân.</li><li>Trả lời phiếu câu hỏi sức khỏe.</li><li>Khám sàng lọc, đo huyết áp.</li><li>Xét nghiệm nhanh.</li><li>Hiến máu.</li><li>Nghỉ ngơi, nhận quà và giấy chứng nhận.</li></ol>',
  },
  {
    daysAgo: 27,
    title: 'Thalassemia và nhu cầu truyền máu suốt đời',
    thumbnail: '/images/news/news-09.webp',
    content: p(
      'Người bệnh Thalassemia thể nặng cần truyền máu định kỳ suốt đời. Mỗi giọt máu bạn cho là nguồn sống của họ.',
      'Hiến máu đều đặn là cách thiết thực nhất để giúp đỡ người bệnh.',
    ),
  },
  {
    daysAgo: 33,
    title: 'Hiến máu tình nguyện tại phường Hoàn Kiếm tiếp nhận 250 đơn vị máu',
    thumbnail: '/images/news/news-10.webp',
    content: p(
      'Đợt hiến máu định kỳ quý III tại phường Hoàn Kiếm đã tiếp nhận 250 đơn vị máu, vượt chỉ tiêu đề ra.',
      'Ban chỉ đạo vận động hiến máu phường cảm ơn người dân và các đơn vị đã tham gia.',
    ),
  },
  {
    daysAgo: 40,
    title: 'Ăn gì trước và sau khi hiến máu?',
    thumbnail: '/images/news/news-11.webp',
    content:
      p(
        'Bữa ăn nhẹ trước khi hiến máu giúp bạn không bị hạ đường huyết. Sau khi hiến, nên bổ sung thực phẩm giàu sắt như thịt đỏ, rau xanh đậm.',
      ) + '<p>Hạn chế cà phê và không uống rượu bia trong ngày hiến máu.</p>',
  },
  {
    daysAgo: 47,
    title: 'Tình nguyện viên — những người thầm lặng tại điểm hiến máu',
    thumbnail: '/images/news/news-12.webp',
    content: p(
      'Hơn 500 tình nguyện viên đã tham gia hỗ trợ các sự kiện hiến máu trong năm: hướng dẫn người hiến, phát quà, chăm sóc sau hiến.',
      'Bạn có thể đăng ký làm tình nguyện viên bằng cách liên hệ với chúng tôi qua trang Liên hệ.',
    ),
  },
  {
    daysAgo: 55,
    title: 'Giấy chứng nhận hiến máu có giá trị gì?',
    thumbnail: '/images/news/news-13.webp',
    content: p(
      'Người hiến máu được cấp giấy chứng nhận hiến máu tình nguyện. Giấy chứng nhận có giá trị để được truyền máu miễn phí bằng số lượng máu đã hiến khi bản thân người hiến máu có nhu cầu sử dụng máu.',
    ),
  },
];
