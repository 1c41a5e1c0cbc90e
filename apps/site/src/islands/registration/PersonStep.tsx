/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Step 1: who registers. A visitor creates an account (names, e-mail, password twice; the spam
 * trap beside them) or signs in (`POST /jwt/login`, the session stored as the console stores it);
 * a signed-in visitor goes on as themselves or signs in with another account. A started draft
 * says who it belongs to.
 */
import type { FamilyProblem } from '@fc/contracts/family-rules';
import { PERSON_FIELDS, type PersonDraft } from '@fc/contracts/registration-checks';
import { useState } from 'preact/hooks';
import type { T } from '../../lib/t';
import { Field } from '../family/Field';
import type { FailureStrings } from '../family/http';
import { SignInForm, type SignInStrings } from '../family/SignInForm';
import type { SessionAnswer, SessionUser } from '../family/session';
import type { Draft } from './api';
import type { Errors } from './forms';

export interface SignInKit {
  strings: SignInStrings;
  problems: Record<FamilyProblem, string>;
  failure: FailureStrings;
}

export function PersonStep({
  t,
  draft,
  user,
  value,
  errors,
  trap,
  pending,
  signIn,
  onChange,
  onTrap,
  onCreate,
  onContinue,
  onSignedIn,
  onNext,
}: {
  t: T;
  draft: Draft | null;
  user: SessionUser | null;
  value: PersonDraft;
  errors: Errors;
  trap: string;
  pending: boolean;
  signIn: SignInKit;
  onChange: (d: PersonDraft) => void;
  onTrap: (v: string) => void;
  onCreate: (form: HTMLFormElement) => void;
  onContinue: () => void;
  onSignedIn: (res: SessionAnswer) => void;
  onNext: () => void;
}) {
  const [mode, setMode] = useState<'create' | 'signIn' | null>(null);
  const link = (label: string, to: 'create' | 'signIn', testId: string) => (
    <button type="button" class="link-button" onClick={() => setMode(to)} data-testid={testId}>
      {label}
    </button>
  );
  if (draft)
    return (
      <div class="stack">
        <p data-testid="reg-registering-as">
          {t('person.registeringAs', {
            name: `${draft.registrant.firstName} ${draft.registrant.lastName}`,
            email: draft.registrant.email,
          })}
        </p>
        <div class="reg-nav">
          <button type="button" class="button primary" onClick={onNext} data-testid="reg-next">
            {t('next')}
          </button>
        </div>
      </div>
    );
  if (user && mode === null)
    return (
      <div class="stack">
        <p data-testid="reg-signed-in-as">
          {t('signedInAs', { name: `${user.firstName} ${user.lastName}`, email: user.email })}
        </p>
        <div class="reg-nav">
          <button
            type="button"
            class="button primary"
            disabled={pending}
            onClick={onContinue}
            data-testid="reg-continue"
          >
            {pending ? t('saving') : t('person.continue')}
          </button>
        </div>
        {link(t('person.otherAccount'), 'signIn', 'reg-other-account')}
      </div>
    );
  if (mode === 'signIn')
    return (
      <div class="stack">
        <p class="muted">{t('person.signInIntro')}</p>
        <SignInForm
          label={t('person.signIn')}
          submitLabel={t('person.signIn')}
          testIdPrefix="reg-login"
          strings={signIn.strings}
          problems={signIn.problems}
          failure={signIn.failure}
          onSignedIn={onSignedIn}
        />
        {link(t('person.createInstead'), 'create', 'reg-create-instead')}
      </div>
    );
  const set = (field: keyof PersonDraft) => (v: string) => onChange({ ...value, [field]: v });
  const field = (name: keyof PersonDraft, id: string, type: 'text' | 'email' | 'password', auto: string) => (
    <Field
      id={id}
      name={name}
      label={t(`person.${name}`)}
      type={type}
      autoComplete={auto}
      value={value[name]}
      error={errors[name]}
      onValue={set(name)}
      required
    />
  );
  return (
    <div class="stack">
      <p class="muted">{t('person.createIntro')}</p>
      {link(t('person.haveAccount'), 'signIn', 'reg-have-account')}
      <form
        class="family-form"
        method="post"
        noValidate
        aria-label={t('person.create')}
        onSubmit={(e) => {
          e.preventDefault();
          onCreate(e.currentTarget);
        }}
      >
        <div class="field-pair">
          {field('firstName', 'reg-first-name', 'text', 'given-name')}
          {field('lastName', 'reg-last-name', 'text', 'family-name')}
        </div>
        {field('email', 'reg-email', 'email', 'email')}
        {field('password', 'reg-password', 'password', 'new-password')}
        {field('confirmPassword', 'reg-confirm-password', 'password', 'new-password')}
        {/* The spam trap: people never see or reach it; a filled one is sent and the server drops the draft. */}
        <div class="visually-hidden" aria-hidden="true">
          <label>
            {t('person.trap')}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onInput={(e) => onTrap(e.currentTarget.value)}
              data-testid="reg-website"
            />
          </label>
        </div>
        <div class="reg-nav">
          <button type="submit" class="button primary" disabled={pending} data-testid="reg-create">
            {pending ? t('saving') : t('person.create')}
          </button>
        </div>
      </form>
    </div>
  );
}

export { PERSON_FIELDS };
