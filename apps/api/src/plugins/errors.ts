/** The only place that shapes error bodies (DECISIONS §4). 5xx bodies never carry internals. */

import { isConnectionLost } from '@fc/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../lib/errors.js';
import { ProviderError } from '../providers/payments/payments.js';

/** The first path (e.g. `body.contacts.0.name`) whose text holds a NUL, which PostgreSQL cannot store. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nulPath(v, `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The router's own refusals, which never reach the error handler: a path with a broken escape
 * (`%E0%A4%A`, 400) or a path parameter over the router's length limit (414). Fastify's option
 * `frameworkErrors` hands them here so they answer in the envelope like every other 4xx.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the address is too long.' : 'The address is not valid.';
  return reply.status(status).send({ hasError: true, code: err.code ?? 'BAD_REQUEST', message });
}

export function registerErrorHandling(app: FastifyInstance) {
  // Text with a NUL character is refused for every route, before validation, with its path.
  app.addHook('preValidation', async (req) => {
    const path = nulPath(req.body, 'body') ?? nulPath(req.query, 'querystring') ?? nulPath(req.params, 'params');
    if (path) {
      const message = 'Text may not contain NUL characters';
      throw badRequest('VALIDATION_FAILED', `Invalid ${path}: ${message}`, [{ path, message }]);
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.status)
        .send({ hasError: true, code: err.code, message: err.message, errors: err.errors });
    }
    if (err instanceof ProviderError) {
      // The payment provider refused or could not be reached: its own message for a request it
      // refused (spec §8: the provider's message), a plain one when it is down. Never internals.
      req.log.warn({ code: err.code, status: err.status }, 'payment provider error');
      const down = err.status >= 500;
      return reply.status(down ? 502 : err.status === 402 ? 402 : 409).send({
        hasError: true,
        code: down ? 'PAYMENT_PROVIDER_UNAVAILABLE' : err.code,
        message: down
          ? 'We could not reach the payment processor. Nothing was charged; please try again in a minute.'
          : err.message,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const keys = (v.params as { keys?: unknown }).keys;
        let path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        // An unknown key is reported on its parent; name the key itself so the client can show it.
        if (v.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length)
          path = [path, keys.join(',')].filter(Boolean).join('.');
        return { path: `${err.validationContext ?? 'body'}${path ? `.${path}` : ''}`, message: v.message };
      });
      const first = errors[0];
      return reply.status(400).send({
        hasError: true,
        code: 'VALIDATION_FAILED',
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request.',
        errors,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ hasError: true, code: 'INTERNAL', message: 'Something went wrong.' });
    }
    if (isConnectionLost(err)) {
      // The database connection was lost (killed, restarting). Reads were already run again once
      // (packages/db resilience.ts), and writes whose caller opted in (retry.ts); any other write is
      // never re-run blindly, so the client is told plainly.
      // Not the error itself: a failed query's message carries its parameters (emails, hashes).
      req.log.warn({ route: req.routeOptions.url }, 'database connection lost');
      return reply.status(503).header('retry-after', '1').send({
        hasError: true,
        code: 'DATABASE_UNAVAILABLE',
        message:
          'The database connection was interrupted. If you were saving something, check whether it was saved before trying again.',
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(status).send({ hasError: true, code: 'INTERNAL', message: 'Something went wrong.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type...): safe messages.
    return reply.status(status).send({ hasError: true, code: err.code ?? 'BAD_REQUEST', message: err.message });
  });
}
