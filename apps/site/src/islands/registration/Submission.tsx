/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Step 6's form: the answers (children), the terms accepted (`/terms-and-conditions` opens in a
 * new tab so the answers stay), and the submission. A refusal because the e-mail is not
 * confirmed says what to do (open the link in the inbox) and offers to submit again.
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { T } from '../../lib/t';
import type { Failure } from '../family/http';
import type { Draft } from './api';

/** The submission's refusal for an e-mail not confirmed yet (the API's code names it). */
export const isUnconfirmed = (f: Failure, draft: Draft) =>
  /CONFIRM/i.test(f.code ?? '') || (f.status === 403 && !draft.registrant.emailConfirmed);

export function Submission({
  t,
  draft,
  pending,
  message,
  onSubmit,
  onBack,
  children,
}: {
  t: T;
  draft: Draft;
  pending: boolean;
  message: (f: Failure) => string;
  onSubmit: () => Promise<Failure | null>;
  onBack: () => void;
  children: ComponentChildren;
}) {
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const note = useRef<HTMLDivElement>(null);

  async function send(e?: Event) {
    e?.preventDefault();
    if (!terms) {
      setTermsError(true);
      return box.current?.focus();
    }
    setFailure(null);
    const f = await onSubmit();
    if (!f) return;
    if (isUnconfirmed(f, draft)) {
      setUnconfirmed(true);
      // The note is the answer: it takes the focus so it is read.
      return setTimeout(() => note.current?.focus(), 0);
    }
    setFailure(message(f));
  }
  const email = draft.registrant.email;
  return (
    <form
      class="family-form"
      method="post"
      noValidate
      aria-labelledby="reg-step-heading"
      onSubmit={send}
      data-testid="reg-form-review"
    >
      <p class="muted">{t('review.intro')}</p>
      {children}
      {!draft.registrant.emailConfirmed && !unconfirmed ? (
        <p class="alert info" data-testid="reg-unconfirmed-note">
          {t('review.unconfirmedNote', { email })}
        </p>
      ) : null}
      <div class={termsError && !terms ? 'field invalid' : 'field'}>
        <label class="choice">
          <input
            ref={box}
            type="checkbox"
            name="acceptTerms"
            checked={terms}
            aria-invalid={termsError && !terms ? 'true' : undefined}
            aria-describedby={termsError && !terms ? 'reg-terms-error' : undefined}
            onChange={(e) => setTerms(e.currentTarget.checked)}
            data-testid="reg-terms"
          />
          {t('review.terms')}
        </label>
        <a href="/terms-and-conditions" target="_blank" rel="noopener">
          {t('review.termsLink')}
        </a>
        {termsError && !terms ? (
          <p class="field-error" id="reg-terms-error">
            {t('review.termsRequired')}
          </p>
        ) : null}
      </div>
      {unconfirmed ? (
        <div class="alert info reg-unconfirmed" role="alert" tabIndex={-1} ref={note} data-testid="reg-unconfirmed">
          <h3>{t('unconfirmed.title')}</h3>
          <p>{t('unconfirmed.body', { email })}</p>
        </div>
      ) : null}
      {failure ? (
        <p class="alert error" role="alert" data-testid="reg-submit-error">
          {failure}
        </p>
      ) : null}
      <div class="reg-nav">
        <button type="button" class="button" onClick={onBack} data-testid="reg-back">
          {t('back')}
        </button>
        <button type="submit" class="button primary" disabled={pending} data-testid="reg-submit">
          {pending ? t('review.submitting') : unconfirmed ? t('unconfirmed.retry') : t('review.submit')}
        </button>
      </div>
    </form>
  );
}
