import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

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
  // The service worker (/sw.js) and the web app manifest: our origin only (ADR 34).
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ['https://www.openstreetmap.org'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const helmetOptions = (https: boolean): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  crossOriginEmbedderPolicy: false,
  // Login and share links must keep working when opened from other sites.
  crossOriginResourcePolicy: { policy: 'same-site' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
});

/**
 * The headers helmet sets for these options: the same for every response, so computed once.
 * HSTS only where the portal is served over https: a browser that saw the header on a plain-http
 * address (a developer's localhost) would refuse that address afterwards.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(https))({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers for every response. Helmet builds them from the options; they do not depend
 * on the request, so they are built once at start and copied onto each reply by the app's one
 * `onRequest` hook (building them per request was a large share of a cached API answer's cost).
 */
export function securityHeadersFor(app: FastifyInstance): Record<string, string> {
  return securityHeaders(app.config.publicUrl.startsWith('https://'));
}
