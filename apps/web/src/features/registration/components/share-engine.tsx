import { registrationLinkPath, type TCampaign } from '@giot-hong/contract';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import { AppToaster, COPY_LINK_TOASTS } from '../../../components/ui/toaster';
import { externalLinks } from '../../../lib/paths';
import { createShareLink } from '../api/create-share-link';

// Loaded on the first share or copy click (see share-actions.tsx), so the landing page does not
// carry the toast library before anyone shares.

type ShareCampaign = Pick<TCampaign, 'id' | 'questionSetId' | 'name'>;

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * The toast area for sharing, in document.body: a slide of the landing carousel is transformed
 * (which would trap a fixed element) and hidden slides are inert.
 */
export function ShareToaster() {
  // Runs after the toaster below has subscribed to toasts (children's effects run first).
  useEffect(() => markReady(), []);
  return createPortal(<AppToaster />, document.body);
}

/** A toast shown before the area exists would be lost: wait for it, but never for long. */
async function whenToasterReady() {
  await Promise.race([ready, new Promise((r) => setTimeout(r, 1500))]);
}

/** Our short link, or the long one when the shortener does not answer. */
export async function resolveShareLink(campaign: ShareCampaign): Promise<string> {
  try {
    return (await createShareLink(campaign.id)).link;
  } catch {
    return `${window.location.origin}${registrationLinkPath(campaign)}`;
  }
}

/** Points the window opened at click time to Facebook's sharer (short link, else the long one). */
export async function shareOnFacebook(campaign: ShareCampaign, win: Window | null) {
  const link = await resolveShareLink(campaign);
  const url = externalLinks.facebookShare(link);
  if (win && !win.closed) {
    win.location.href = url;
    return;
  }
  // The pop-up was blocked: the system share sheet if there is one, else a plain new tab.
  if (navigator.share) {
    try {
      await navigator.share({ title: campaign.name, url: link });
      return;
    } catch {
      /* dismissed or unavailable */
    }
  }
  window.open(url, '_blank', 'noopener');
}

export async function notifyCopied(ok: boolean) {
  await whenToasterReady();
  if (ok)
    toast.success(COPY_LINK_TOASTS.success.title, { description: COPY_LINK_TOASTS.success.description });
  else toast.error(COPY_LINK_TOASTS.failure.title, { description: COPY_LINK_TOASTS.failure.description });
}
