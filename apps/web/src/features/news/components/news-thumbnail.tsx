import { Droplet } from 'lucide-react';

/** A news picture in a fixed 16:9 frame (its box is reserved: no layout shift); a plain brand-coloured frame when the item has none. */
export function NewsThumbnail({
  src,
  alt,
  className = '',
  eager = false,
  priority = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  /** On screen when the page opens: loaded at once, not when scrolled near. */
  eager?: boolean;
  /** The page's largest picture: fetched before the other pictures. */
  priority?: boolean;
}) {
  return (
    <div className={`relative aspect-video overflow-hidden bg-brand-50 ${className}`}>
      {src ? (
        <img
          src={src}
          alt={alt}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      ) : (
        <Droplet aria-hidden className="absolute inset-0 m-auto size-10 text-brand-200" />
      )}
    </div>
  );
}
