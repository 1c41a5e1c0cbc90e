import { createServer } from 'node:net';

// Shared by the benchmarks: run `fn` n times in a row and report the median and 99th percentile.
/** @param {number} n @param {() => Promise<unknown>} fn */
export async function timed(n, fn) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => +samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))].toFixed(1);
  return { n, p50: pct(50), p99: pct(99) };
}

/** A TCP port free on 127.0.0.1 right now (for a server the benchmark starts). */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// HTTP helpers for the instance and fault benchmarks. Every public call carries its own client
// address (the balancer's X-Forwarded-For), so per-address limits see distinct visitors.
let ipSeq = 0;
export const clientIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** One API call to `base` (an instance or the balancer): status, parsed JSON (or null) and text. */
export async function call(base, method, url, body, headers = {}) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text };
}

/** The same, which must answer 200: its `data`. */
export async function must(base, method, url, body, headers) {
  const r = await call(base, method, url, body, headers);
  if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${r.text}`);
  return r.json.data;
}

/** The sandbox's card that succeeds. */
export const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
