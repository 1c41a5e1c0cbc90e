/**
 * The BAND team-messaging provider (issue 18, decision 021): BAND's Open API (real.ts) or the
 * in-process sandbox (sandbox.ts), one interface. Calls answer BAND's data or throw a `BandError`
 * whose `kind` is our outcome for BAND's `result_code` (see `kindOfResultCode`).
 */

/** Our outcomes for BAND's failures. */
export type BandErrorKind =
  /** 1001/1002: the app's or the user's API quota is used up (retry much later). */
  | 'quota'
  /** 1003: calls too close together (retry after the cooldown). */
  | 'cooldown'
  /** 10401 (or a refused token): the access token expired or is unknown (refresh once). */
  | 'token_expired'
  /** 60102, 10403, 2142: not a member of that band, or no permission there. */
  | 'not_member'
  /** 60103: the user's BAND account is no longer connected to our app (link again). */
  | 'not_connected'
  /** 60104: the BAND account is already connected. */
  | 'already_connected'
  /** The token endpoint refused the code or refresh token (used, expired, revoked). */
  | 'invalid_grant'
  /** 211/212/3000/3001/60000: BAND refused the request's parameters. */
  | 'invalid_request'
  /** No answer, 5xx, an unreadable answer or an unknown code: the outcome is unknown. */
  | 'unavailable';

export class BandError extends Error {
  constructor(
    readonly kind: BandErrorKind,
    readonly resultCode: number | null = null,
  ) {
    super(`BAND ${kind}${resultCode === null ? '' : ` (result_code ${resultCode})`}`);
    this.name = 'BandError';
  }
}

/**
 * BAND's documented failure codes (developers.band.us/develop/guide/api/handle_errors) mapped to
 * our outcomes.
 */
export function kindOfResultCode(code: number): BandErrorKind {
  switch (code) {
    case 1001:
    case 1002:
      return 'quota';
    case 1003:
      return 'cooldown';
    case 10401:
      return 'token_expired';
    case 10403:
    case 2142:
    case 60100:
    case 60101:
    case 60102:
      return 'not_member';
    case 60103:
      return 'not_connected';
    case 60104:
      return 'already_connected';
    case 211:
    case 212:
    case 3000:
    case 3001:
    case 60000:
      return 'invalid_request';
    default:
      return 'unavailable';
  }
}

export interface BandTokens {
  accessToken: string;
  /** null when BAND answered none (a refresh that keeps the previous one). */
  refreshToken: string | null;
  expiresAt: Date;
  /** BAND's `user_key` of the account (token answers carry it). */
  userKey: string | null;
}

export interface BandProfile {
  userKey: string;
  name: string;
}

export interface BandInfo {
  bandKey: string;
  name: string;
  memberCount: number;
}

export interface BandProvider {
  readonly kind: 'real' | 'sandbox';
  /** Where the user's browser goes to allow us (BAND's page, or the sandbox's consent page). */
  authorizeUrl(state: string): string;
  exchangeCode(code: string): Promise<BandTokens>;
  refresh(refreshToken: string): Promise<BandTokens>;
  profile(accessToken: string): Promise<BandProfile>;
  bands(accessToken: string): Promise<BandInfo[]>;
  /** BAND's `posting` permission of this user on that band. */
  canPost(accessToken: string, bandKey: string): Promise<boolean>;
  createPost(accessToken: string, bandKey: string, content: string, doPush: boolean): Promise<{ postKey: string }>;
  /** The band's latest posts (first page): the outbox's check after an attempt whose outcome is unknown. */
  recentPosts(accessToken: string, bandKey: string): Promise<{ postKey: string; content: string }[]>;
}
