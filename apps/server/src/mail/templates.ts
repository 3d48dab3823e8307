/**
 * The one home of what every mail's HTML is made of: escaping and the branded layout (the
 * portal's name in its red, a white card on a pale rose page, the automatic-mail footer). Each
 * module writes its mails in its own `*.mails.ts` with these; no mail builds its HTML otherwise.
 */

/** Escapes text for HTML content and double- or single-quoted attributes. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A complete HTML document around `body` (already HTML; its text escaped by the caller). */
export function brandedLayout(title: string, body: string): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fff1f2;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;border:1px solid #fec6cc">
    <p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#c8102e">Giọt Hồng</p>
    ${body}
    <p style="margin:24px 0 0;font-size:12px;color:#64748b">Email này được gửi tự động từ cổng hiến máu tình nguyện Giọt Hồng. Vui lòng không trả lời email này.</p>
  </div>
</body></html>`;
}

/** A call-to-action button and the same address as a plain link under it (some clients hide buttons). */
export function buttonLink(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#c8102e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(label)}</a></p>
    <p>Hoặc mở liên kết sau: <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`;
}
