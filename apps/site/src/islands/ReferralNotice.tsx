/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The referral notice (issue 16, decision 018 "Consent"): shown when the server just set the
 * `fc_ref` cookie, or finds it unanswered. "OK" remembers the answer (`fc_ref_consent=ok`) and
 * hides the notice; "Don't remember" asks the server to delete the cookie (it is HttpOnly) and to
 * refuse it from now on, then hides. Announced politely; both buttons are plain buttons.
 */
import { REFERRAL_CONSENT_COOKIE } from '@fc/contracts/affiliate-rules';
import { useState } from 'preact/hooks';

export interface ReferralNoticeProps {
  /** The sentence, resolved on the server (names and days filled in). */
  text: string;
  label: string;
  ok: string;
  forget: string;
  error: string;
}

export const FORGET_ENDPOINT = '/api/v1/public/referral/forget';
const YEAR = 60 * 60 * 24 * 365;

export function ReferralNotice({ text, label, ok, forget, error }: ReferralNoticeProps) {
  const [state, setState] = useState<'open' | 'busy' | 'failed' | 'closed'>('open');
  if (state === 'closed') return null;
  const accept = () => {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads on the next page.
    document.cookie = `${REFERRAL_CONSENT_COOKIE}=ok; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`;
    setState('closed');
  };
  const refuse = async () => {
    setState('busy');
    try {
      const res = await fetch(FORGET_ENDPOINT, { method: 'POST', credentials: 'same-origin' });
      setState(res.ok ? 'closed' : 'failed');
    } catch {
      setState('failed');
    }
  };
  return (
    <section class="referral-notice" aria-label={label} data-testid="referral-notice">
      <p role="status" aria-live="polite" class="referral-text">
        {text}
      </p>
      {state === 'failed' && (
        <p role="alert" class="field-error">
          {error}
        </p>
      )}
      <div class="referral-actions">
        <button type="button" class="button primary" onClick={accept}>
          {ok}
        </button>
        <button type="button" class="button" onClick={refuse} disabled={state === 'busy'}>
          {forget}
        </button>
      </div>
    </section>
  );
}
