/**
 * The handful of line icons the shell and the landing page need, as inline SVG (24×24, stroke
 * drawn). Inline paths instead of an icon library keep the landing route's first load small.
 * Icons are decorative: the control that holds one carries the accessible name.
 */
type IconProps = { className?: string };

/** A line icon from its path data; features with icons of their own build them with this too. */
export function lineIcon(paths: string[]) {
  return function Icon({ className = 'size-5' }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const MenuIcon = lineIcon(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const CloseIcon = lineIcon(['M18 6 6 18', 'M6 6l12 12']);
export const HomeIcon = lineIcon(['M3 10.5 12 3l9 7.5', 'M5 9.5V20h5v-6h4v6h5V9.5']);
export const DropIcon = lineIcon(['M12 2.7s-6.5 7.1-6.5 11.8a6.5 6.5 0 0 0 13 0C18.5 9.8 12 2.7 12 2.7Z']);
export const HeartIcon = lineIcon([
  'M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z',
]);
export const LoginIcon = lineIcon([
  'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4',
  'M10 17l5-5-5-5',
  'M15 12H3',
]);
export const UserPlusIcon = lineIcon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  'M19 8v6',
  'M22 11h-6',
]);
export const UserIcon = lineIcon([
  'M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2',
  'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
]);
export const HistoryIcon = lineIcon(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5', 'M12 7v5l4 2']);
export const BellIcon = lineIcon([
  'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9',
  'M10.3 21a1.94 1.94 0 0 0 3.4 0',
]);
export const KeyIcon = lineIcon([
  'M2.6 18.4 12.4 8.6',
  'M15.5 4.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z',
  'M6 15l3 3',
  'M4 17l2 2',
]);
export const LogoutIcon = lineIcon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9']);
export const ChevronLeftIcon = lineIcon(['M15 18l-6-6 6-6']);
export const ChevronRightIcon = lineIcon(['M9 18l6-6-6-6']);
export const ChevronDownIcon = lineIcon(['M6 9l6 6 6-6']);
export const MapPinIcon = lineIcon([
  'M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z',
  'M12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
]);
export const ClockIcon = lineIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z', 'M12 6v6l4 2']);
export const PhoneIcon = lineIcon([
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z',
]);
export const MailIcon = lineIcon([
  'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  'M22 6l-10 7L2 6',
]);
export const GlobeIcon = lineIcon([
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z',
  'M2 12h20',
  'M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z',
]);
export const FacebookIcon = lineIcon(['M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3Z']);
export const CheckIcon = lineIcon(['M20 6 9 17l-5-5']);
export const XCircleIcon = lineIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z', 'M15 9l-6 6', 'M9 9l6 6']);
export const InfoIcon = lineIcon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z', 'M12 16v-4', 'M12 8h.01']);
export const ShieldIcon = lineIcon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z', 'M9 12l2 2 4-4']);
export const UsersIcon = lineIcon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  'M22 21v-2a4 4 0 0 0-3-3.9',
  'M16 3.1a4 4 0 0 1 0 7.8',
]);
export const CalendarIcon = lineIcon([
  'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  'M16 2v4',
  'M8 2v4',
  'M3 10h18',
]);
export const GiftIcon = lineIcon([
  'M20 12v10H4V12',
  'M2 7h20v5H2z',
  'M12 22V7',
  'M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7Z',
  'M12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7Z',
]);
export const CoffeeIcon = lineIcon([
  'M17 8h1a4 4 0 1 1 0 8h-1',
  'M3 8h14v9a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4Z',
  'M6 2v2',
  'M10 2v2',
  'M14 2v2',
]);
export const WalletIcon = lineIcon([
  'M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2',
  'M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
]);
export const PauseIcon = lineIcon(['M8 5v14', 'M16 5v14']);
export const PlayIcon = lineIcon(['M7 4l13 8-13 8Z']);
