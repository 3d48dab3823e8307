import type { TChapterContact } from '@giot-hong/contract';
import { MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { externalLinks } from '../../../lib/paths';

/**
 * How long the map site may take to answer before the address is shown instead. A frame that
 * cannot load shows the browser's error page and still fires `load`, so the frame itself cannot
 * tell; a small image of the map's tile server can (`error`), and a hanging network gets this long.
 */
const MAP_PROBE_TIMEOUT_MS = 8_000;

type MapState = 'checking' | 'ready' | 'unreachable';

/** Whether the map site answers: an image request (the CSP allows https images) with a time limit. */
function useMapSiteReachable(): MapState {
  const [state, setState] = useState<MapState>('checking');
  useEffect(() => {
    const probe = new Image();
    const settle = (next: MapState) => setState((s) => (s === 'checking' ? next : s));
    const timer = window.setTimeout(() => settle('unreachable'), MAP_PROBE_TIMEOUT_MS);
    probe.onload = () => settle('ready');
    probe.onerror = () => settle('unreachable');
    probe.src = externalLinks.openStreetMapProbe;
    return () => {
      window.clearTimeout(timer);
      probe.onload = probe.onerror = null;
    };
  }, []);
  return state;
}

/**
 * An OpenStreetMap frame (no script of ours, no key, allowed by the CSP's frame-src); when the map
 * site cannot be reached, the address with a link to the map instead of a broken frame.
 */
export function ContactMap({ contact }: { contact: TChapterContact }) {
  const state = useMapSiteReachable();
  const link = (
    <a
      href={externalLinks.openStreetMap(contact.map)}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-brand-700 hover:underline"
    >
      Xem bản đồ lớn hơn
    </a>
  );
  if (state === 'unreachable') {
    return (
      <figure className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <MapPin aria-hidden className="size-5" />
        </span>
        <figcaption className="space-y-1 text-sm">
          <p className="text-slate-600">Không tải được bản đồ. Địa chỉ của chúng tôi:</p>
          <p className="font-medium text-slate-900">{contact.address}</p>
          <p>{link}</p>
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
      {state === 'ready' ? (
        <iframe
          title={`Bản đồ vị trí: ${contact.address}`}
          src={externalLinks.openStreetMapEmbed(contact.map)}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="block h-72 w-full sm:h-80"
        />
      ) : (
        <div className="h-72 w-full sm:h-80" aria-hidden />
      )}
      <figcaption className="bg-white px-4 py-2 text-sm">{link}</figcaption>
    </figure>
  );
}
