import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BellIcon } from '../../../components/icons';
import { useBodyScrollLock } from '../../../components/layout/use-body-scroll-lock';
import { useUnreadCount } from '../api/get-unread-count';

const loadPanel = () => import('./notification-panel');
const LazyNotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/**
 * The header's bell for a logged-in donor: the unread badge (count stale after
 * 30 s, kept 5 minutes) and the notification panel, whose code is fetched when a finger or pointer
 * first touches the bell. The panel closes on any navigation, and page scrolling is locked while
 * it is open.
 */
export function NotificationBell() {
  const location = useLocation();
  const { data: count = 0 } = useUnreadCount();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(true);
  useBodyScrollLock(open);

  const close = useCallback((toBell: boolean) => {
    refocus.current = toBell;
    setOpenAt(null);
  }, []);
  const onCloseAutoFocus = useCallback((e: Event) => {
    e.preventDefault();
    if (refocus.current) buttonRef.current?.focus();
  }, []);

  const badge = count > 99 ? '99+' : String(count);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadPanel()}
        onClick={() => {
          refocus.current = true;
          setOpenAt(open ? null : location.key);
        }}
        className="relative grid size-10 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <BellIcon />
        <span className="sr-only">{count > 0 ? `Thông báo (${count} chưa đọc)` : 'Thông báo'}</span>
        {count > 0 && (
          <span
            aria-hidden
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LazyNotificationPanel onClose={close} onCloseAutoFocus={onCloseAutoFocus} />
        </Suspense>
      )}
    </>
  );
}

export default NotificationBell;
