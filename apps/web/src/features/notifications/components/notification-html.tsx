import { previewHtml } from '../lib/truncate-html';

const FULL =
  'text-base leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-3 [&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6';
const PREVIEW =
  'text-sm leading-snug text-slate-700 [&_li]:inline [&_ol]:inline [&_p]:inline [&_p+p]:before:content-["_"] [&_ul]:inline';

/**
 * A notification's HTML. The server sanitises it when it is stored and again when it is served
 * (modules/notifications), and the CSP allows no inline script, so it is rendered as is.
 * Previews drop links and pictures (the preview sits inside the item's own link) and are cut
 * to `cut` visible characters when longer than `threshold`.
 */
export function NotificationHtml({
  html,
  preview,
}: {
  html: string;
  preview?: { cut: number; threshold?: number };
}) {
  if (!preview) return <div className={FULL} dangerouslySetInnerHTML={{ __html: html }} />;
  const plainer = html.replace(/<\/?(?:a|img)\b[^>]*>/gi, '');
  return (
    <div
      className={PREVIEW}
      dangerouslySetInnerHTML={{ __html: previewHtml(plainer, preview.cut, preview.threshold) }}
    />
  );
}
