/**
 * TRUST_PROXY (issue 12, item 4; decision 011). `true` made Fastify believe every
 * X-Forwarded-For a client sent, so anyone could pick the address the per-IP throttles count.
 * Accepted now:
 * - unset, `false` or `0`: no proxy; the socket's address is the client (default);
 * - a hop count `1`..`10`: that many proxies in front; the client is the address the outermost
 *   one saw (entries a client wrote further left are ignored);
 * - a comma-separated list of proxy addresses or CIDRs (`10.0.0.5,10.1.0.0/16`), or the
 *   names `loopback`, `linklocal`, `uniquelocal`: only those proxies' headers are believed.
 * `true` is refused with a message saying what to write instead.
 */
import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const version = isIP(addr);
  if (!version) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (version === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    return {
      error:
        'TRUST_PROXY=true would believe any X-Forwarded-For a client sends. Set the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10
      ? hops
      : { error: 'TRUST_PROXY hop count must be between 1 and 10 (or false, or proxy addresses)' };
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((e) => !validEntry(e));
  if (bad.length)
    return {
      error: `TRUST_PROXY must be false, a hop count, or proxy addresses/CIDRs; not understood: ${bad.join(', ')}`,
    };
  return list;
}

/**
 * Fastify's own numeric `trustProxy` never believes the header (it cannot check the peer), so a
 * hop count becomes proxy-addr's rule: trust the socket's peer and the next `hops - 1` entries.
 * The operator vouches that the server is reachable only through those proxies (decision 011).
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}
