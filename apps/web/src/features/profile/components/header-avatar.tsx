import type { ReactNode } from 'react';
import { useAvatarUrl } from '../api/get-avatar';

/**
 * The donor's own picture in the header's account button, or `fallback` (the default picture)
 * while it loads and when there is none. Shares the profile's avatar query, so a new upload shows
 * here at once. Decorative: the button carries the name 'Tài khoản'.
 */
export default function HeaderAvatar({ fallback }: { fallback: ReactNode }) {
  const avatar = useAvatarUrl();
  if (!avatar.data) return fallback;
  return <img src={avatar.data} alt="" className="size-9 rounded-full object-cover" />;
}
