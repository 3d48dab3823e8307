import { Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { ChevronDownIcon, KeyIcon, LogoutIcon, UserIcon } from '../icons';

const defaultPicture = (
  <span className="grid size-9 place-items-center rounded-full bg-brand-100 text-brand-700">
    <UserIcon />
  </span>
);

const ITEM =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';

/**
 * The avatar menu of a logged-in donor (menu button pattern): Enter/Space/↓ open it and focus the
 * first item, ↑/↓/Home/End move, Escape closes and returns focus, Tab or a click outside closes.
 */
export function AccountMenu({
  onLogout,
  picture,
}: {
  onLogout: () => void;
  /** The donor's picture, given the default one to show while it loads or when there is none. */
  picture?: (fallback: ReactNode) => ReactNode;
}) {
  const location = useLocation();
  // Remembering the location it was opened at closes the menu on any navigation.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(refocus: boolean) {
    setOpenAt(null);
    if (refocus) buttonRef.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpenAt(open ? null : location.key)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpenAt(location.key);
          }
        }}
        className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-brand-50"
      >
        {picture ? <Suspense fallback={defaultPicture}>{picture(defaultPicture)}</Suspense> : defaultPicture}
        <span className="sr-only">Tài khoản</span>
        <ChevronDownIcon className="size-4 text-slate-600" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id="account-menu"
          role="menu"
          aria-label="Tài khoản"
          onKeyDown={onMenuKey}
          className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <Link role="menuitem" tabIndex={-1} to={paths.profile} className={ITEM}>
            <UserIcon className="size-4 text-brand-600" />
            Thông tin cá nhân
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.changePassword} className={ITEM}>
            <KeyIcon className="size-4 text-brand-600" />
            Đổi mật khẩu
          </Link>
          <div role="separator" className="my-1 h-px bg-slate-100" />
          <button role="menuitem" tabIndex={-1} type="button" onClick={onLogout} className={ITEM}>
            <LogoutIcon className="size-4 text-brand-600" />
            Đăng xuất
          </button>
        </div>
      )}
    </div>
  );
}
