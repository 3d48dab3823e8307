import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The brand mark: a drop holding a heart, with the portal's name. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-lg">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9">
        <path
          d="M16 2.5S6 13.4 6 20a10 10 0 0 0 20 0C26 13.4 16 2.5 16 2.5Z"
          fill={tone === 'dark' ? 'var(--color-brand-600)' : '#fff'}
        />
        <path
          d="M16 25.5c-3-2.3-5.6-4.4-5.6-6.9a2.9 2.9 0 0 1 5.6-1 2.9 2.9 0 0 1 5.6 1c0 2.5-2.6 4.6-5.6 6.9Z"
          fill={tone === 'dark' ? '#fff' : 'var(--color-brand-600)'}
        />
      </svg>
      <span className="flex flex-col leading-none">
        <span
          className={`text-lg font-extrabold tracking-tight ${tone === 'dark' ? 'text-brand-700' : 'text-white'}`}
        >
          Giọt Hồng
        </span>
        <span
          className={`mt-0.5 text-[11px] font-medium ${tone === 'dark' ? 'text-slate-600' : 'text-brand-100'}`}
        >
          Hiến máu tình nguyện
        </span>
      </span>
    </Link>
  );
}
