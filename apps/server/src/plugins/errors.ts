import {
  BODY_TOO_LARGE_MESSAGE,
  ERROR_MESSAGES,
  ErrorCode,
  type TErrorBody,
  type TErrorCode,
  URI_TOO_LONG_MESSAGE,
} from '@giot-hong/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { notFoundBody } from '../lib/envelope.ts';

/** Limits of @fastify/multipart other than the file size (a 413 by default: a count, not a size). */
const MULTIPART_COUNT_LIMITS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * One error handler for the whole API. Every error leaves in the envelope with a Vietnamese
 * message and a stable code; details of a 5xx stay in the log under the request id.
 *
 * Validation messages are the contract's: a schema's own Vietnamese text where it has one, otherwise
 * zod's Vietnamese locale, which the contract installs (packages/contract/src/zod-locale.ts).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = request.id;
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path names a resource: one that cannot exist (an id out of range, a malformed code) is
      // not found, like any other unknown path.
      if (error.validationContext === 'params') {
        return reply.status(404).send(notFoundBody(requestId));
      }
      const errors = error.validation.map((v) => ({
        field: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replace(/\//g, '.'),
        message: v.message ?? ERROR_MESSAGES.VALIDATION,
      }));
      const body: TErrorBody = {
        success: false,
        message: errors[0]?.message ?? ERROR_MESSAGES.VALIDATION,
        data: null,
        code: ErrorCode.VALIDATION,
        requestId,
        errors,
      };
      return reply.status(400).send(body);
    }
    if (error instanceof HttpError) {
      if (error.extra.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil(error.extra.retryAfterSeconds))));
      }
      const body: TErrorBody & Record<string, unknown> = {
        success: false,
        message: error.message,
        data: null,
        code: error.code,
        requestId,
        ...(error.extra.details ?? {}),
      };
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    const send = (httpStatus: number, code: TErrorCode, message: string) => {
      const body: TErrorBody = { success: false, message, data: null, code, requestId };
      return reply.status(httpStatus).send(body);
    };
    if (status === 429) return send(429, ErrorCode.RATE_LIMITED, ERROR_MESSAGES.RATE_LIMITED);
    // Upload routes turn these into their own message (lib/multipart.ts); this is the fallback.
    if (MULTIPART_COUNT_LIMITS.has(error.code))
      return send(400, ErrorCode.VALIDATION, ERROR_MESSAGES.VALIDATION);
    // An oversized JSON body is no file: the file-size text would mislead.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(413, ErrorCode.PAYLOAD_TOO_LARGE, BODY_TOO_LARGE_MESSAGE);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE')
      return send(413, ErrorCode.PAYLOAD_TOO_LARGE, ERROR_MESSAGES.PAYLOAD_TOO_LARGE);
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the framework's message is not for users.
      request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
      return send(status, ErrorCode.VALIDATION, ERROR_MESSAGES.VALIDATION);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or restarting: the request may be tried again shortly.
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', '5');
      return send(503, ErrorCode.UNAVAILABLE, ERROR_MESSAGES.UNAVAILABLE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, ErrorCode.INTERNAL, ERROR_MESSAGES.INTERNAL);
  });
}

/**
 * Errors the router meets before any route runs (a path that is not valid percent-encoding, a
 * path parameter over the router's length limit): Fastify's option `frameworkErrors`. They leave
 * in the envelope too; the onRequest hooks have not run, so the request id header is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  const send = (status: number, code: TErrorCode, message: string) => {
    const body: TErrorBody = { success: false, message, data: null, code, requestId: request.id };
    return reply.status(status).send(body);
  };
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(414, ErrorCode.VALIDATION, URI_TOO_LONG_MESSAGE);
  }
  if (error.code === 'FST_ERR_BAD_URL') return send(400, ErrorCode.VALIDATION, ERROR_MESSAGES.VALIDATION);
  request.log.error({ err: { code: error.code, message: error.message } }, 'router error');
  return send(500, ErrorCode.INTERNAL, ERROR_MESSAGES.INTERNAL);
}

/**
 * Paths that belong to the API: unknown ones answer JSON 404, everything else falls to the SPA.
 * Short links (/s/{code}) are not among them: people open them in a browser, so an unknown code
 * gets the SPA's 404 page.
 */
export const API_PREFIXES = [
  '/api/',
  '/auth/',
  '/answer',
  '/questionset',
  '/recognition-id',
  '/extract/',
  '/status',
  '/dev/',
];

export function isApiPath(url: string): boolean {
  const p = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));
}
