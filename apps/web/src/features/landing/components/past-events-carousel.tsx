import { TIMING } from '@giot-hong/contract';
import { CalendarIcon, MapPinIcon } from '../../../components/icons';
import { useCarousel } from '../hooks/use-carousel';
import { CarouselControls } from './carousel-controls';

const EVENTS = [
  {
    slug: 'xuan-hong-2026',
    title: 'Lễ hội Xuân Hồng 2026',
    when: 'Tháng 2/2026',
    where: 'Viện Huyết học – Truyền máu Trung ương',
    text: 'Hơn 2.000 người tham gia hiến máu dịp đầu xuân, góp phần bảo đảm nguồn máu sau Tết.',
    // What each picture shows, in the order scripts/generate-images.ts draws the event's scenes.
    pictures: [
      'Giọt máu giữa cành mai, cành đào ngày Tết',
      'Người dân vui hội hiến máu đầu xuân',
      'Người hiến máu thư giãn trên ghế lấy máu',
      'Bàn đón tiếp và đăng ký người hiến máu',
      'Đôi bàn tay nâng niu trái tim, biểu tượng của sẻ chia',
      'Tình nguyện viên cùng chung tay vì người bệnh',
    ],
  },
  {
    slug: 'hanh-trinh-do-2026',
    title: 'Hành trình Đỏ 2026',
    when: 'Tháng 7/2026',
    where: 'Cung Văn hóa Lao động Hữu nghị Việt Xô',
    text: 'Chặng Hà Nội của chiến dịch vận động hiến máu tình nguyện xuyên Việt.',
    pictures: [
      'Lộ trình hành trình đỏ qua các tỉnh thành',
      'Xe của hành trình đỏ lên đường',
      'Nhà bạt tiếp nhận người hiến máu ngoài trời',
      'Giọt máu hồng trên nền phố phường Hà Nội',
      'Những túi máu vừa được tiếp nhận',
      'Giọt máu và nhịp tim, thông điệp của hành trình',
    ],
  },
  {
    slug: 'giot-hong-thu-2026',
    title: 'Giọt hồng mùa thu 2026',
    when: 'Tháng 9/2026',
    where: 'Đại học Bách khoa Hà Nội',
    text: 'Tân sinh viên chung tay hiến máu cứu người ngay trong tuần lễ đầu năm học.',
    pictures: [
      'Cây mùa thu mang hình giọt máu trong sân trường',
      'Buổi giới thiệu về hiến máu trong giảng đường',
      'Thẻ sinh viên của người hiến máu',
      'Sinh viên giơ tay hưởng ứng hiến máu',
      'Suất ăn nhẹ sau khi hiến máu',
      'Chiếc xe đạp chở trái tim tới điểm hiến máu',
    ],
  },
] as const;

/** Photos of past events: three events, six pictures each, one event at a time every 8 s. */
export function PastEventsCarousel() {
  const carousel = useCarousel(EVENTS.length, TIMING.pastEventsCarouselMs);
  return (
    <section aria-labelledby="past-events-title" className="py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600">Hành trình đã qua</p>
          <h2
            id="past-events-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            Hoạt động đã tổ chức
          </h2>
        </div>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Ảnh các hoạt động"
          className="mt-10"
          {...carousel.rootProps}
        >
          <div className="overflow-hidden">
            <div
              aria-live={carousel.rotating ? 'off' : 'polite'}
              className="flex transition-transform duration-700 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${carousel.index * 100}%)` }}
            >
              {EVENTS.map((event, e) => (
                <div
                  key={event.slug}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${e + 1} / ${EVENTS.length}`}
                  aria-hidden={e !== carousel.index}
                  inert={e !== carousel.index}
                  className="w-full shrink-0"
                >
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
                    <div>
                      <h3 className="text-xl font-bold text-slate-900">{event.title}</h3>
                      <p className="mt-1 text-slate-600">{event.text}</p>
                    </div>
                    <p className="flex shrink-0 flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                      <span className="flex items-center gap-1.5">
                        <CalendarIcon className="size-4 text-brand-600" />
                        {event.when}
                      </span>
                      <span className="flex items-center gap-1.5">
                        <MapPinIcon className="size-4 text-brand-600" />
                        {event.where}
                      </span>
                    </p>
                  </div>
                  <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
                    {event.pictures.map((picture, i) => (
                      <li key={i} className="overflow-hidden rounded-xl bg-brand-50">
                        <img
                          src={`/images/events/${event.slug}-${i + 1}.webp`}
                          alt={`${picture} – ${event.title}`}
                          width={480}
                          height={320}
                          loading="lazy"
                          decoding="async"
                          className="aspect-[3/2] size-full object-cover transition-transform duration-300 hover:scale-105"
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </div>
          <CarouselControls carousel={carousel} noun="Hoạt động" />
        </div>
      </div>
    </section>
  );
}
