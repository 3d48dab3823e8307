import type { TCampaign } from '@giot-hong/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FacebookIcon, lineIcon } from '../../../components/icons';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

// NOTE: this file is on the landing page's load path: no toast library, no zod. The rest of the
// sharing (short link request, toasts) loads on the first click, from ./share-engine.

type Engine = typeof import('./share-engine');
type ShareCampaign = Pick<TCampaign, 'id' | 'questionSetId' | 'name'>;

let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;
/** Toast hosts mounted now; the first one renders the toast area (one area however many cards). */
const hosts: symbol[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function loadEngine(): Promise<Engine> {
  loading ??= import('./share-engine').then(
    (m) => {
      engine = m;
      emit();
      return m;
    },
    (err: unknown) => {
      // A failed chunk load (deploy, offline) may succeed on the next click.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** Renders the toast area once the engine is loaded, for the first mounted host only. */
function ShareToastHost() {
  const [id] = useState(() => Symbol('share-toast-host'));
  useEffect(() => {
    hosts.push(id);
    emit();
    return () => {
      hosts.splice(hosts.indexOf(id), 1);
      emit();
    };
  }, [id]);
  const loaded = useSyncExternalStore(
    subscribe,
    () => engine,
    () => undefined,
  );
  const owner = useSyncExternalStore(
    subscribe,
    () => hosts[0],
    () => undefined,
  );
  return loaded && owner === id ? <loaded.ShareToaster /> : null;
}

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60';

const LinkIcon = lineIcon([
  'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71',
  'M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71',
]);

/**
 * Share and copy-link actions of a campaign card: our short link first, the long
 * link when that fails; both remove `selectedCampaign`. Whatever must happen inside the click
 * (opening the window, claiming the clipboard) happens here, before anything is loaded.
 */
export function CampaignShareActions({ campaign }: { campaign: ShareCampaign }) {
  const [busy, setBusy] = useState(false);

  function forgetSelection() {
    localStorage.removeItem(STORAGE_KEYS.selectedCampaign);
  }

  function shareOnFacebook() {
    forgetSelection();
    // Opened now: a window opened after the network round trip would be blocked as a pop-up.
    const win = window.open('', '_blank');
    if (win) win.opener = null;
    setBusy(true);
    void loadEngine()
      .then((m) => m.shareOnFacebook(campaign, win))
      .catch(() => win?.close())
      .finally(() => setBusy(false));
  }

  function copyLink() {
    forgetSelection();
    setBusy(true);
    const text = loadEngine().then((m) => m.resolveShareLink(campaign));
    let written: Promise<void>;
    try {
      // Safari lets a page write the clipboard only inside the click: hand it a promise of the text.
      written =
        typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write
          ? navigator.clipboard
              .write([
                new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) }),
              ])
              .catch(() => text.then((t) => navigator.clipboard.writeText(t)))
          : text.then((t) => navigator.clipboard.writeText(t));
    } catch (err) {
      written = Promise.reject(err);
    }
    void written
      .then(
        () => true,
        () => false,
      )
      .then(async (ok) => (await loadEngine()).notifyCopied(ok))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }

  return (
    <>
      <button
        type="button"
        onClick={shareOnFacebook}
        disabled={busy}
        className={actionClass}
        aria-label={`Chia sẻ lên Facebook: ${campaign.name}`}
      >
        <FacebookIcon className="size-4 text-[#1877f2]" />
        Chia sẻ
      </button>
      <button
        type="button"
        onClick={copyLink}
        disabled={busy}
        className={actionClass}
        aria-label={`Sao chép liên kết: ${campaign.name}`}
      >
        <LinkIcon className="size-4" />
        Sao chép liên kết
      </button>
      <ShareToastHost />
    </>
  );
}
