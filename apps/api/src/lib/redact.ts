/**
 * Secrets out of URLs (issue 12, item 1): one-time tokens ride in query strings
 * (`/reset-password?token=…`, `/onboarding/campaign/invite/{cfid}?token=…`) and capability ids in
 * paths (`/public/donations/{publicId}`, `/abandoned_cart/{publicId}`). Anything logged or kept
 * after delivery goes through here first. Two rules, so a new route is covered without a list:
 * a query value whose NAME says secret, and any query value or path segment whose SHAPE is a
 * random token (long base64url with mixed case and digits, or long hex).
 */
export const REDACTED = '[redacted]';

/**
 * Query names that carry secrets: any name holding token/secret/password, and a few short ones
 * (`code` and `state`: an OAuth code and the signed state that names whose link it is, decision 021).
 */
const SECRET_NAMES = /^(t|c|code|key|sig|signature|state)$|token|secret|password/i;

/**
 * A random token's shape: 20+ base64url characters mixing upper and lower case, or 32+ hex. No
 * digit is required: a donation's 22-character public id has none about once in 40 (slugs and
 * route words are lower case, so they never match).
 */
export function looksLikeToken(value: string): boolean {
  if (/^[0-9a-f]{32,}$/i.test(value)) return true;
  if (!/^[A-Za-z0-9_-]{20,}$/.test(value)) return false;
  return /[A-Z]/.test(value) && /[a-z]/.test(value);
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** `path?query` (or a full http(s) URL) with token path segments and secret query values replaced. */
export function redactUrl(url: string, marker = REDACTED): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const q = withoutHash.indexOf('?');
  const pathPart = q >= 0 ? withoutHash.slice(0, q) : withoutHash;
  const query = q >= 0 ? withoutHash.slice(q + 1) : null;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(pathPart)?.[0] ?? '';
  const path = pathPart
    .slice(origin.length)
    .split('/')
    .map((seg) => (looksLikeToken(decode(seg)) ? marker : seg))
    .join('/');
  if (query === null) return origin + path;
  const params = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return looksLikeToken(decode(pair)) ? marker : pair;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    return SECRET_NAMES.test(decode(name)) || looksLikeToken(decode(value)) ? `${name}=${marker}` : pair;
  });
  return `${origin}${path}?${params.join('&')}`;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;
const PATH_IN_TEXT = /(?<![\w/.])\/[\w\-./%~]*(?:\?[^\s<>"')\]]*)?/g;

/**
 * Free text (an error message, a stack, an email body): every URL in it redacted, and bare
 * `token=…`-style pairs too.
 */
export function redactText(text: string, marker = REDACTED): string {
  return text
    .replace(URL_IN_TEXT, (u) => redactUrl(u, marker))
    .replace(PATH_IN_TEXT, (p) => (p.includes('?') || p.length > 21 ? redactUrl(p, marker) : p))
    .replace(
      /\b(token|refresh_?token|access_?token|secret|password)=([^\s&"'<>]+)/gi,
      (all, name: string, value: string) => (value === marker ? all : `${name}=${marker}`),
    );
}
