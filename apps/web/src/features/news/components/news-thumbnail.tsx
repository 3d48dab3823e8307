import { Droplet } from 'lucide-react';

/** A news picture in a fixed 16:9 frame; a plain brand-coloured frame when the item has none. */
export function NewsThumbnail({
  src,
  alt,
  className = '',
  eager = false,
}: {
  src: string | null;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <div className={`relative aspect-video overflow-hidden bg-brand-50 ${className}`}>
      {src ? (
        <img
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      ) : (
        <Droplet aria-hidden className="absolute inset-0 m-auto size-10 text-brand-200" />
      )}
    </div>
  );
}
