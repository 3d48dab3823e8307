import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../../components/icons';
import type { Carousel } from '../hooks/use-carousel';

type Props = {
  carousel: Carousel;
  /** What one slide is, for the buttons' names: 'Sự kiện' → 'Sự kiện trước', 'Xem sự kiện 2' … */
  noun: string;
  tone?: 'light' | 'dark';
};

const ARROW = 'grid size-10 place-items-center rounded-full border transition-colors';

/** Previous/next, one dot per slide and the rotation switch, shared by the landing carousels. */
export function CarouselControls({ carousel: c, noun, tone = 'light' }: Props) {
  if (c.count < 2) return null;
  const dark = tone === 'dark';
  const arrow = `${ARROW} ${dark ? 'border-white/40 text-white hover:bg-white/15' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700'}`;
  return (
    <div className="mt-6 flex items-center justify-center gap-2">
      <button type="button" onClick={c.prev} className={arrow}>
        <ChevronLeftIcon />
        <span className="sr-only">{noun} trước</span>
      </button>
      <div className="flex flex-wrap justify-center">
        {Array.from({ length: c.count }, (_, i) => (
          <button
            key={i}
            type="button"
            onClick={() => c.goTo(i)}
            aria-current={i === c.index ? 'true' : undefined}
            className="group grid size-6 place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 rounded-full transition-all ${
                i === c.index
                  ? `w-5 ${dark ? 'bg-white' : 'bg-brand-600'}`
                  : `w-2.5 ${dark ? 'bg-white/45' : 'bg-slate-300 group-hover:bg-brand-200'}`
              }`}
            />
            <span className="sr-only">
              Xem {noun.toLowerCase()} {i + 1}
            </span>
          </button>
        ))}
      </div>
      <button type="button" onClick={c.next} className={arrow}>
        <ChevronRightIcon />
        <span className="sr-only">{noun} tiếp theo</span>
      </button>
      <button type="button" onClick={c.toggleStopped} className={`${arrow} ml-1 size-8 border-transparent`}>
        {c.stopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
        <span className="sr-only">{c.stopped ? 'Tiếp tục tự động chuyển' : 'Dừng tự động chuyển'}</span>
      </button>
    </div>
  );
}
