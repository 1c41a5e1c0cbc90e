/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The wizard's frame around the steps: the loading line, the page once submitted, the progress
 * line with its notices, and Back and Next under steps 2 to 5.
 */
import { STEP_NAMES } from '@fc/contracts/registration-rules';
import type { Ref } from 'preact';
import type { T } from '../../lib/t';
import type { Draft } from './api';
import { TOTAL } from './steps';

export function WizardLoading({ t }: { t: T }) {
  return (
    <div class="reg-wizard" data-testid="reg-wizard">
      <p role="status" data-testid="reg-loading">
        {t('loading')}
      </p>
    </div>
  );
}

export function WizardDone({
  t,
  lang,
  email,
  heading,
}: {
  t: T;
  lang: string;
  email: string;
  heading: Ref<HTMLHeadingElement>;
}) {
  return (
    <div class="reg-wizard reg-done" data-testid="reg-done">
      <h2 tabIndex={-1} ref={heading}>
        {t('done.title')}
      </h2>
      <p>{t('done.body', { email })}</p>
      <a class="button" href={lang === 'en' ? '/' : `/?lang=${lang}`}>
        {t('done.home')}
      </a>
    </div>
  );
}

/** The step reached of six, each step named, then the notice and the season renewed if any. */
export function WizardProgress({
  t,
  current,
  notice,
  draft,
}: {
  t: T;
  current: number;
  notice: string | null;
  draft: Draft | null;
}) {
  return (
    <>
      <p class="reg-progress-text" data-testid="reg-progress">
        {t('progress', { step: current, total: TOTAL })}
      </p>
      <ol class="reg-progress" aria-label={t('progressLabel')}>
        {STEP_NAMES.map((n, i) => (
          <li
            key={n}
            class={i + 1 < current ? 'done' : i + 1 === current ? 'current' : undefined}
            aria-current={i + 1 === current ? 'step' : undefined}
          >
            <span class="reg-dot" aria-hidden="true">
              {i + 1}
            </span>
            <span class="reg-step-name">{t(`steps.${n}`)}</span>
          </li>
        ))}
      </ol>
      {notice ? (
        <p class="alert info" role="status" data-testid="reg-notice">
          {notice}
        </p>
      ) : null}
      {draft?.existingTeam ? (
        <p class="muted" data-testid="reg-season">
          {t('season', { team: draft.existingTeam.name, organization: draft.existingTeam.organizationName })}
        </p>
      ) : null}
    </>
  );
}

/** Under a saved step: the hidden "fix the errors" alert, then Back and Next. */
export function StepNav({
  t,
  invalid,
  pending,
  onBack,
}: {
  t: T;
  invalid: boolean;
  pending: boolean;
  onBack: () => void;
}) {
  return (
    <>
      {invalid ? (
        <p role="alert" class="visually-hidden">
          {t('fixErrors')}
        </p>
      ) : null}
      <div class="reg-nav">
        <button type="button" class="button" onClick={onBack} data-testid="reg-back">
          {t('back')}
        </button>
        <button type="submit" class="button primary" disabled={pending} data-testid="reg-next">
          {pending ? t('saving') : t('next')}
        </button>
      </div>
    </>
  );
}
