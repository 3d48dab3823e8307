import { Link2, Share2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import { COPY_LINK_TOASTS } from '../../../components/ui/toaster';
import { externalLinks } from '../../../lib/paths';

/** Facebook's "f" mark (lucide no longer ships brand icons). */
function FacebookMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.51c-1.49 0-1.96.93-1.96 1.89v2.26h3.33l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07Z" />
    </svg>
  );
}

const itemClass =
  'flex cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/**
 * Share a page: Facebook's share dialog or copy its link (with the copy-link toasts). The address
 * is built from the browser's origin only when the menu is used (the page also renders on the server).
 */
export function ShareMenu({ path }: { path: string }) {
  // The menu's items exist only while it is open, in the browser; on the server this is never shown.
  const url = () => (typeof window === 'undefined' ? path : `${window.location.origin}${path}`);
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url());
      toast.success(COPY_LINK_TOASTS.success.title, { description: COPY_LINK_TOASTS.success.description });
    } catch {
      toast.error(COPY_LINK_TOASTS.failure.title, { description: COPY_LINK_TOASTS.failure.description });
    }
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 data-[state=open]:bg-slate-100">
        <Share2 aria-hidden className="size-4" />
        Chia sẻ
      </DropdownMenu.Trigger>
      {/* Not portalled: the menu stays inside the page's landmarks (axe "region"). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
      >
        <DropdownMenu.Item asChild className={itemClass}>
          <a href={externalLinks.facebookShare(url())} target="_blank" rel="noopener noreferrer">
            <FacebookMark className="size-4 text-[#1877f2]" />
            Chia sẻ lên Facebook
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => void copyLink()}>
          <Link2 aria-hidden className="size-4" />
          Sao chép liên kết
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
