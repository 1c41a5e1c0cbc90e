/**
 * Secrets kept at rest and values handed out signed, both keyed from the server secret (the JWT
 * key every instance shares, lib/bootstrap.ts), each purpose with its own derived key (HKDF), so a
 * key for one purpose never opens or signs another's values.
 *
 * - `sealer(key, purpose)`: AES-256-GCM. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url):
 *   a fresh 96-bit IV per value; the tag refuses a changed or foreign value (`open` answers null).
 * - `signer(key, purpose)`: a compact signed, expiring payload `<json b64url>.<hmac b64url>`.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const deriveKey = (secret: Uint8Array, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `fc:${purpose}`, 32));

export interface Sealer {
  seal(plain: string): string;
  /** The plain text, or null when the value was changed or sealed with another key. */
  open(sealed: string): string | null;
}

export function sealer(secret: Uint8Array, purpose: string): Sealer {
  const key = deriveKey(secret, `seal:${purpose}`);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ct]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export interface Signer<T> {
  sign(payload: T, ttlSeconds: number, now?: Date): string;
  /** The payload when the signature holds and it has not expired; null otherwise. */
  verify(value: string, now?: Date): T | null;
}

export function signer<T extends object>(secret: Uint8Array, purpose: string): Signer<T> {
  const key = deriveKey(secret, `sign:${purpose}`);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload, ttlSeconds, now = new Date()) {
      const body = Buffer.from(
        JSON.stringify({
          ...payload,
          exp: Math.floor(now.getTime() / 1000) + ttlSeconds,
          n: randomBytes(6).toString('base64url'),
        }),
      ).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    verify(value, now = new Date()) {
      const [body, sig] = value.split('.');
      if (!body || !sig) return null;
      const given = Buffer.from(sig, 'base64url');
      const want = mac(body);
      if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: number };
        if (typeof parsed.exp !== 'number' || parsed.exp * 1000 <= now.getTime()) return null;
        return parsed;
      } catch {
        return null;
      }
    },
  };
}
