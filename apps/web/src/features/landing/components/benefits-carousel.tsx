import { TIMING } from '@giot-hong/contract';
import { CoffeeIcon, GiftIcon, HeartIcon, WalletIcon } from '../../../components/icons';
import { useCarousel } from '../hooks/use-carousel';
import { CarouselControls } from './carousel-controls';

const BENEFITS = [
  {
    icon: CoffeeIcon,
    title: 'Phần ăn nhẹ tại chỗ',
    figure: '30.000 đồng',
    text: 'Được phục vụ phần ăn nhẹ trị giá 30.000 đồng ngay sau khi hiến máu để nhanh chóng hồi phục.',
  },
  {
    icon: WalletIcon,
    title: 'Hỗ trợ chi phí đi lại',
    figure: '50.000 đồng',
    text: 'Nhận 50.000 đồng tiền mặt hỗ trợ chi phí đi lại cho mỗi lần hiến máu.',
  },
  {
    icon: GiftIcon,
    title: 'Quà tặng tri ân',
    figure: '100.000 – 180.000 đồng',
    text: 'Quà tặng trị giá 100.000 đồng khi hiến 250 ml, 150.000 đồng khi hiến 350 ml và 180.000 đồng khi hiến 450 ml.',
  },
  {
    icon: HeartIcon,
    title: 'Cứu sống người bệnh',
    figure: 'Tới 3 người',
    text: 'Mỗi lần hiến máu của bạn có thể cứu sống tới 3 người bệnh đang cần truyền máu.',
  },
] as const;

/** 'Quyền lợi của người hiến máu': one benefit at a time, every 5 s; a manual move restarts the wait. */
export function BenefitsCarousel() {
  const carousel = useCarousel(BENEFITS.length, TIMING.benefitsCarouselMs);
  return (
    <section
      aria-labelledby="benefits-title"
      className="bg-gradient-to-br from-brand-600 to-brand-800 py-14 text-white sm:py-20"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-100">Tri ân người hiến máu</p>
          <h2 id="benefits-title" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Quyền lợi của người hiến máu
          </h2>
        </div>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Quyền lợi"
          className="mt-10"
          {...carousel.rootProps}
        >
          <div className="overflow-hidden rounded-3xl">
            <div
              aria-live={carousel.rotating ? 'off' : 'polite'}
              className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
              style={{ transform: `translateX(-${carousel.index * 100}%)` }}
            >
              {BENEFITS.map(({ icon: Icon, title, figure, text }, i) => (
                <div
                  key={title}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} / ${BENEFITS.length}`}
                  aria-hidden={i !== carousel.index}
                  inert={i !== carousel.index}
                  className="w-full shrink-0 px-1"
                >
                  <div className="flex h-full flex-col items-center gap-4 rounded-3xl bg-white/10 p-8 text-center ring-1 ring-white/20 sm:flex-row sm:gap-8 sm:p-10 sm:text-left">
                    <span className="grid size-20 shrink-0 place-items-center rounded-2xl bg-white text-brand-600 shadow-lg">
                      <Icon className="size-10" />
                    </span>
                    <div>
                      <h3 className="text-2xl font-bold">{title}</h3>
                      <p className="mt-1 text-3xl font-extrabold text-brand-100">{figure}</p>
                      <p className="mt-3 text-brand-50">{text}</p>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          </div>
          <CarouselControls carousel={carousel} noun="Quyền lợi" tone="dark" />
        </div>
      </div>
    </section>
  );
}
