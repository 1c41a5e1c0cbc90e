/** Issue 12 item 8: readable lines on a terminal, JSON in production or when piped. */
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { formatLine, wantsPrettyLogs } from './logging.js';

describe('log format', () => {
  it('is readable on a terminal outside production, JSON otherwise', () => {
    expect(wantsPrettyLogs(loadEnv({}), true)).toBe(true);
    expect(wantsPrettyLogs(loadEnv({}), false)).toBe(false);
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ALLOW_SANDBOX_PAYMENTS: 'true' };
    expect(wantsPrettyLogs(loadEnv(prod), true)).toBe(false);
    expect(wantsPrettyLogs(loadEnv({ LOG_FORMAT: 'json' }), true)).toBe(false);
  });

  it('turns a request into one short line and keeps asset hits quiet', () => {
    const seen = new Map<string, string>();
    const at = Date.UTC(2026, 0, 1, 12, 3, 4);
    const incoming = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'r1',
      req: { method: 'GET', url: '/api/v1/user/me' },
      msg: 'incoming request',
    });
    const done = JSON.stringify({
      level: 30,
      time: at,
      reqId: 'r1',
      res: { statusCode: 200 },
      responseTime: 4.2,
      msg: 'request completed',
    });
    expect(formatLine(incoming, seen)).toBeNull();
    expect(formatLine(done, seen)).toMatch(/^\d\d:\d\d:\d\d GET \/api\/v1\/user\/me 200 4 ms$/);
    formatLine(
      JSON.stringify({ level: 30, reqId: 'r2', req: { method: 'GET', url: '/assets/a.js' }, msg: 'incoming request' }),
      seen,
    );
    expect(
      formatLine(JSON.stringify({ level: 30, reqId: 'r2', res: { statusCode: 200 }, msg: 'request completed' }), seen),
    ).toBeNull();
    expect(formatLine(JSON.stringify({ level: 50, msg: 'boom', err: { message: 'bad' } }), seen)).toMatch(
      /ERROR boom\n {2}bad/,
    );
  });
});
