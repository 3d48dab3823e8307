import { HeartIcon, ShieldIcon, UsersIcon } from '../../../components/icons';
import { SECTION_IDS, scrollToSection } from '../lib/sections';

const STATS = [
  { value: '1.234+', label: 'Người hiến máu' },
  { value: '98%', label: 'An toàn' },
  { value: '5.670', label: 'Người được cứu sống' },
] as const;

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-brand-50 via-white to-brand-100/60"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-brand-100/70 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 pt-10 pb-14 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-16 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
            <HeartIcon className="size-3.5" />
            Hội Chữ thập đỏ · Hiến máu tình nguyện
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[2.6rem] xl:text-[3.25rem]"
          >
            <span className="sm:block">Mỗi giọt máu cho đi,</span>{' '}
            <span className="text-brand-600 sm:block">một cuộc đời ở lại</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            Tìm sự kiện hiến máu gần bạn, trả lời phiếu sức khỏe và đặt lịch trực tuyến chỉ trong vài phút.
            Một lần hiến máu có thể cứu sống tới ba người bệnh.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button
              type="button"
              onClick={() => scrollToSection(SECTION_IDS.campaigns)}
              className="rounded-xl bg-brand-600 px-7 py-3.5 text-base font-semibold text-white shadow-lg shadow-brand-600/25 hover:bg-brand-700"
            >
              Đăng Ký Ngay
            </button>
            <button
              type="button"
              onClick={() => scrollToSection(SECTION_IDS.criteria)}
              className="rounded-xl border-2 border-brand-600 bg-white px-7 py-3 text-base font-semibold text-brand-700 hover:bg-brand-50"
            >
              Tìm Hiểu Thêm
            </button>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-brand-100 pt-6">
            {STATS.map((s) => (
              <div key={s.label} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-xs font-medium text-slate-600 sm:text-sm">{s.label}</dt>
                <dd className="text-2xl font-extrabold text-brand-700 sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="relative mx-auto w-full max-w-[18rem] sm:max-w-md lg:max-w-lg">
          <img
            src="/images/hero.webp"
            alt=""
            width={640}
            height={560}
            fetchPriority="high"
            className="h-auto w-full drop-shadow-2xl"
          />
          <div className="absolute top-6 -left-2 flex items-center gap-3 rounded-2xl bg-white/95 p-3 pr-4 shadow-lg ring-1 ring-brand-100 sm:-left-6">
            <span className="grid size-10 place-items-center rounded-xl bg-brand-600 text-white">
              <ShieldIcon />
            </span>
            <p className="flex flex-col leading-tight">
              <strong className="text-lg text-slate-900">3 người/ngày</strong>
              <span className="text-xs text-slate-600">được cứu sống nhờ máu hiến tặng</span>
            </p>
          </div>
          <div className="absolute -right-2 bottom-8 flex items-center gap-3 rounded-2xl bg-white/95 p-3 pr-4 shadow-lg ring-1 ring-brand-100 sm:-right-6">
            <span className="grid size-10 place-items-center rounded-xl bg-brand-100 text-brand-700">
              <UsersIcon />
            </span>
            <p className="flex flex-col leading-tight">
              <strong className="text-lg text-slate-900">500+</strong>
              <span className="text-xs text-slate-600">tình nguyện viên</span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
