/**
 * The logger's options. Every logged URL and error text goes through lib/redact.ts (issue 12
 * item 1: no one-time token or capability id reaches a log line), and on a terminal outside
 * production the lines are short and readable instead of JSON (item 8). Production and any
 * non-terminal output (a pipe, a file, a log collector) keep one JSON object per line.
 */
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import type { Env } from '../config/env.js';
import { redactText, redactUrl } from '../lib/redact.js';

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: SerializedError;
}

function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: redactText(String(err)) };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: SerializedError = { type: e.name, message: redactText(e.message) };
  if (e.stack) out.stack = redactText(e.stack);
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export function loggerOptions(env: Env): LoggerOptions {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-registration-token"]',
        '*.password',
        '*.token',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
    hooks: {
      // Messages built from text (`outbox: "…"`, a framework's error text) are redacted too.
      logMethod(args, method) {
        const clean = args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as typeof args;
        return method.apply(this, clean);
      },
    },
  };
}

/** Readable lines on a terminal; JSON everywhere else (and always in production). */
export function wantsPrettyLogs(env: Env, isTTY = Boolean(process.stdout.isTTY)): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return env.NODE_ENV !== 'production' && isTTY;
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const QUIET = /^(GET|HEAD) \/(assets\/|files\/|favicon|robots\.txt|readyz|healthz)/;
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

/** One JSON log line as a short human line: `12:03:04 GET /api/v1/user/me 200 4 ms`. */
export function formatLine(line: string, requests: Map<string, string>): string | null {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line);
  } catch {
    return line;
  }
  const time = new Date(typeof o.time === 'number' ? o.time : Date.now()).toTimeString().slice(0, 8);
  const level = LEVELS[o.level as number] ?? String(o.level);
  const reqId = typeof o.reqId === 'string' ? o.reqId : '';
  const req = o.req as { method?: string; url?: string } | undefined;
  if (o.msg === 'incoming request' && req) {
    requests.set(reqId, `${req.method} ${req.url}`);
    if (requests.size > 1000) requests.delete(requests.keys().next().value as string);
    return null;
  }
  if (o.msg === 'request completed') {
    const what = requests.get(reqId) ?? reqId;
    requests.delete(reqId);
    const status = (o.res as { statusCode?: number } | undefined)?.statusCode ?? 0;
    // The web app's files and health probes answered well are not news on a terminal.
    if (status < 400 && QUIET.test(what)) return null;
    return `${time} ${what} ${status} ${Math.round(Number(o.responseTime ?? 0))} ms`;
  }
  // The banner (server.ts) says where to open the product; Fastify's per-interface lines repeat it.
  if (typeof o.msg === 'string' && o.msg.startsWith('Server listening at')) return null;
  const extras = Object.entries(o)
    .filter(([k]) => !SKIP.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const err = o.err as { message?: string; stack?: string } | undefined;
  const head = `${time} ${level === 'info' ? '' : `${level} `}${String(o.msg ?? '')}`;
  return [head, ...extras].join(' ') + (err ? `\n  ${err.stack ?? err.message}` : '');
}

export function prettyStream(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  const requests = new Map<string, string>();
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) {
        const text = l.trim() ? formatLine(l, requests) : null;
        if (text !== null) out.write(`${text}\n`);
      }
      done();
    },
  });
}

/** The Fastify `logger` option: the options above with the chosen destination. */
export function createLogger(env: Env, stream?: DestinationStream): FastifyBaseLogger {
  const destination = stream ?? (wantsPrettyLogs(env) ? prettyStream() : undefined);
  return destination ? pino(loggerOptions(env), destination) : pino(loggerOptions(env));
}
