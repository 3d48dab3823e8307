import { CHAPTER_CONTACT } from '@giot-hong/contract';
import { externalLinks } from '../../../lib/paths';

/** An OpenStreetMap frame: no script of ours, no key, allowed by the CSP's frame-src. */
export function ContactMap() {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
      <iframe
        title={`Bản đồ vị trí: ${CHAPTER_CONTACT.address}`}
        src={externalLinks.openStreetMapEmbed(CHAPTER_CONTACT.map)}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="block h-72 w-full sm:h-80"
      />
      <figcaption className="bg-white px-4 py-2 text-sm">
        <a
          href={externalLinks.openStreetMap(CHAPTER_CONTACT.map)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 hover:underline"
        >
          Xem bản đồ lớn hơn
        </a>
      </figcaption>
    </figure>
  );
}
