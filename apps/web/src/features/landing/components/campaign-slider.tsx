import { registrationLinkPath, SLOT_MESSAGES, TIMING, type TCampaign } from '@giot-hong/contract';
import { useNavigate } from 'react-router';
import { ClockIcon, DropIcon, MapPinIcon, UsersIcon } from '../../../components/icons';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { authStore } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useCampaigns } from '../api/get-campaigns';
import { useCarousel } from '../hooks/use-carousel';
import { formatCampaignTime } from '../../../lib/vn-time';
import { registrationPercent } from '../lib/format';
import { SECTION_IDS } from '../lib/sections';
import { CarouselControls } from './carousel-controls';
// Light by design: the sharing code and its toasts load on the first click.
import { CampaignShareActions } from '../../registration/components/share-actions';

/** The campaign slider 'SỰ KIỆN HIẾN MÁU', with its own texts for an empty or failed list. */
export function CampaignSlider() {
  const { data, isPending, isError } = useCampaigns();
  return (
    <section
      id={SECTION_IDS.campaigns}
      tabIndex={-1}
      aria-labelledby="campaigns-title"
      className="bg-gradient-to-b from-white to-brand-50 py-14 focus:outline-none sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600">Lịch hiến máu sắp tới</p>
          <h2
            id="campaigns-title"
            className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            SỰ KIỆN HIẾN MÁU
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-600">
            Chọn một sự kiện gần bạn và đăng ký trước để được đón tiếp nhanh chóng.
          </p>
        </div>
        <div className="mt-10">
          {isPending ? (
            <LoadingView />
          ) : isError ? (
            <ListProblem message="Không thể tải danh sách sự kiện" />
          ) : data === null ? (
            <ListProblem message="Không tìm thấy sự kiện nào" />
          ) : data.length === 0 ? (
            <EmptyView title="Không có sự kiện nào" />
          ) : (
            <Slider campaigns={data} />
          )}
        </div>
      </div>
    </section>
  );
}

function ListProblem({ message }: { message: string }) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-white">
      <p role="alert" className="px-4 pt-8 text-center font-semibold text-brand-700">
        {message}
      </p>
      <EmptyView />
    </div>
  );
}

function Slider({ campaigns }: { campaigns: TCampaign[] }) {
  const carousel = useCarousel(campaigns.length, TIMING.campaignSliderMs);
  const { index } = carousel;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Các sự kiện sắp diễn ra"
      {...carousel.rootProps}
    >
      <div className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 shadow-slate-900/5 ring-brand-100">
        <div
          aria-live={carousel.rotating ? 'off' : 'polite'}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {campaigns.map((c, i) => (
            <CampaignSlide
              key={c.id}
              campaign={c}
              position={i}
              total={campaigns.length}
              current={i === index}
              near={Math.abs(i - index) <= 1}
            />
          ))}
        </div>
      </div>
      <CarouselControls carousel={carousel} noun="Sự kiện" />
    </div>
  );
}

type SlideProps = { campaign: TCampaign; position: number; total: number; current: boolean; near: boolean };

function CampaignSlide({ campaign: c, position, total, current, near }: SlideProps) {
  const navigate = useNavigate();
  const percent = registrationPercent(c.appointmentCount, c.targetBloodUnits);

  function register() {
    // The registration wizard starts from this entry (and removes it once read).
    localStorage.setItem(STORAGE_KEYS.selectedCampaign, JSON.stringify(c));
    // Logging in clears local storage: a visitor still to log in carries the
    // campaign in the address instead, which the login page hands back through `redirect`.
    navigate(authStore.isLoggedIn() ? paths.donationRegistration : registrationLinkPath(c));
  }

  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} / ${total}`}
      aria-hidden={!current}
      inert={!current}
      className="grid w-full shrink-0 md:grid-cols-2"
    >
      <div className="relative aspect-[16/9] bg-brand-100 md:aspect-auto md:min-h-full">
        {c.imageUrl ? (
          <img
            src={c.imageUrl}
            alt=""
            width={800}
            height={450}
            loading={near ? 'eager' : 'lazy'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center bg-gradient-to-br from-brand-500 to-brand-800">
            <DropIcon className="size-20 text-white/80" />
          </div>
        )}
        <span className="absolute top-4 left-4 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
          Sự kiện {position + 1}/{total}
        </span>
      </div>

      <div className="flex flex-col gap-4 p-6 sm:p-8">
        <h3 className="text-xl font-bold text-slate-900 sm:text-2xl">{c.name}</h3>
        <ul className="space-y-2.5 text-sm text-slate-700">
          <li className="flex gap-2.5">
            <MapPinIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>
              <span className="sr-only">Địa điểm: </span>
              {c.location}
            </span>
          </li>
          <li className="flex gap-2.5">
            <ClockIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span>
              <span className="sr-only">Thời gian: </span>
              <time dateTime={c.startReceiveTime}>{formatCampaignTime(c.startReceiveTime)}</time>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> đến </span>
              <time dateTime={c.endReceiveTime}>{formatCampaignTime(c.endReceiveTime)}</time>
            </span>
          </li>
        </ul>
        <p className="line-clamp-4 text-slate-600">{c.description}</p>

        <div className="mt-auto">
          <div className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-1.5 font-medium text-slate-700">
              <UsersIcon className="size-4 text-brand-600" />
              Đã đăng ký {c.appointmentCount}/{c.targetBloodUnits}
            </span>
            <span className="font-bold text-brand-700" data-testid="campaign-progress-text">
              {percent}%
            </span>
          </div>
          {c.placesLeft !== undefined && (
            <p className="mt-1 text-sm font-medium text-slate-700" data-testid="campaign-places-left">
              {SLOT_MESSAGES.campaignPlacesLeft(c.placesLeft)}
            </p>
          )}
          <div
            role="progressbar"
            aria-label={`Tiến độ đăng ký: ${c.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-brand-100"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-700"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={register}
            className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            <DropIcon className="size-4" />
            Đăng ký
          </button>
          <CampaignShareActions campaign={c} />
        </div>
      </div>
    </div>
  );
}
