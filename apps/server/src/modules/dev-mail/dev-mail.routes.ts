import { API } from '@giot-hong/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox, type StoredOutboxMail } from '../../mail/mailer.ts';
import { notFoundBody } from '../../lib/envelope.ts';
import { escapeHtml } from '../../mail/templates.ts';
import { isLocalRequest } from '../../lib/local-request.ts';

/** Escapes the text, then turns every http(s) address in it into a link. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMail(m: StoredOutboxMail): string {
  const links = (m.devLinks ?? [])
    .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
    .join('');
  return `<article>
    <h2>${escapeHtml(m.subject)}</h2>
    <p class="meta">Đến: ${escapeHtml(m.to)} · ${escapeHtml(new Date(m.createdAt).toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' }))}
      · <a href="${API.devMail}/${encodeURIComponent(m.id)}">Xem bản HTML</a></p>
    ${links ? `<ul class="links">${links}</ul>` : ''}
    <pre>${linkify(m.text)}</pre>
  </article>`;
}

/**
 * The development outbox: mails saved when SMTP_URL is unset, newest first, links clickable.
 * Never served in production (404), whatever the mailer, and elsewhere only to requests from this
 * machine: the outbox holds set-password and sign-up links, and HOST defaults to 0.0.0.0, so
 * anyone on the network could otherwise read them. Others get the same 404 as production.
 */
export async function devMailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const production = app.config.env === 'production';
  const hiddenFrom = (request: FastifyRequest) => production || !isLocalRequest(request);

  app.get(API.devMail, { schema: { hide: true } }, async (request, reply) => {
    if (hiddenFrom(request)) return reply.status(404).send(notFoundBody(request.id));
    const mails = listOutbox(app.config.dataDir);
    const note =
      app.mailer.kind === 'smtp'
        ? '<p>SMTP_URL đang được cấu hình: thư được gửi qua SMTP, không lưu ở đây.</p>'
        : '<p>Thư chưa được gửi đi thật: SMTP_URL chưa được cấu hình.</p>';
    const html = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Hộp thư phát triển | Giọt Hồng</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:16px;color:#0f172a}
article{border:1px solid #fec6cc;border-radius:8px;padding:12px 16px;margin:12px 0}h1{color:#c8102e}h2{font-size:18px;margin:0 0 4px}
.meta{color:#475569;font-size:14px;margin:0 0 8px}pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}a{color:#a50d26}</style></head>
<body><main><h1>Hộp thư phát triển (${mails.length})</h1>${note}
${mails.length ? mails.map(renderMail).join('\n') : '<p>Chưa có thư nào.</p>'}</main></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.get(
    `${API.devMail}/:id`,
    { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const mail = hiddenFrom(request)
        ? undefined
        : listOutbox(app.config.dataDir).find((m) => m.id === request.params.id);
      if (!mail) return reply.status(404).send(notFoundBody(request.id));
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(mail.html);
    },
  );
}
