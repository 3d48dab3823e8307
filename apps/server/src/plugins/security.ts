import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The CSP allows scripts only from our origin: the built SPA has no
 * inline script. The contact page's map is an OpenStreetMap frame (no script, no key).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Styles may be inline: the toast library and Radix primitives inject style elements at run
  // time. Script stays 'self' only, which is what stops injected markup from running.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ['https://www.openstreetmap.org'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    // Login and share links must keep working when opened from other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only where the portal is served over https: a browser that saw the header on a plain-http
    // address (a developer's localhost) would refuse that address afterwards.
    hsts: app.config.publicUrl.startsWith('https://')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });
}
