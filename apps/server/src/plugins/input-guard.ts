import { hasControlCharacters, TEXT_MESSAGES } from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error.ts';

/** The first string anywhere in `value` that holds a control character no text field takes. */
function findControlCharacters(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    if (findControlCharacters(item, depth + 1)) return true;
  }
  return false;
}

/**
 * A net under the contract's text fields: a NUL (which PostgreSQL refuses, failing the request)
 * or another control character in any parameter, query or JSON value is a 400 with the contract's
 * message, also on routes whose schemas use plain strings. Line breaks and tabs pass here; the
 * one-line fields of the contract refuse them themselves.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook: it runs on every request, and most have nothing to look at.
  app.addHook('preValidation', (request, _reply, done) => {
    if (
      findControlCharacters(request.params) ||
      findControlCharacters(request.query) ||
      findControlCharacters(request.body)
    ) {
      done(badRequest(TEXT_MESSAGES.controlCharacters));
      return;
    }
    done();
  });
}
