/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The affiliate activation form (issue 16): a password (a new one, or the existing account's when
 * `existingAccount`) and "I accept the terms", posted to `POST /api/v1/affiliate/activation`. On
 * success the session is kept the way the console keeps it (localStorage, as the invitation
 * pages do) and the affiliate lands on their dashboard. Problems go next to their field.
 */
import { useRef, useState } from 'preact/hooks';
import { Field } from './family/Field';
import { call, type FailureStrings, failureMessage, fieldErrors } from './family/http';
import { type SessionAnswer, storeSession } from './family/session';

export interface ActivateStrings {
  password: string;
  passwordHelp: string;
  passwordTooShort: string;
  required: string;
  accept: string;
  acceptRequired: string;
  submit: string;
  submitting: string;
}

export interface ActivateFormProps {
  token: string;
  existingAccount: boolean;
  /** The program's terms version shown (sent back, so the server records what was read). */
  termsVersion: number | null;
  passwordMin: number;
  strings: ActivateStrings;
  failure: FailureStrings;
}

export const ACTIVATE_ENDPOINT = '/affiliate/activation';
export const AFFILIATE_HOME = '/dashboard/affiliate';
type Errors = { password?: string; acceptTerms?: string; form?: string };

export function ActivateForm({
  token,
  existingAccount,
  termsVersion,
  passwordMin,
  strings: s,
  failure,
}: ActivateFormProps) {
  const [password, setPassword] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusInvalid = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const submit = async (e: Event) => {
    e.preventDefault();
    const next: Errors = {};
    if (!password) next.password = s.required;
    else if (password.length < passwordMin) next.password = existingAccount ? failure.invalid : s.passwordTooShort;
    if (!accepted) next.acceptTerms = s.acceptRequired;
    setErrors(next);
    if (next.password || next.acceptTerms) return focusInvalid();
    setPending(true);
    const body = { token, password, acceptTerms: true, ...(termsVersion ? { termsVersion } : {}) };
    const res = await call<SessionAnswer>(ACTIVATE_ENDPOINT, { method: 'POST', body });
    if (res.ok) {
      storeSession(res.data);
      window.location.replace(AFFILIATE_HOME);
      return;
    }
    setPending(false);
    const f = res.failure;
    const byField = fieldErrors(f, ['password', 'acceptTerms'] as const, failure);
    const message = failureMessage(f, failure);
    // A refused password (401/403) belongs to the password field; anything else to the form.
    if (!byField.password && (f.status === 401 || f.status === 403)) byField.password = message;
    const form = byField.password || byField.acceptTerms ? undefined : message;
    setErrors({ ...byField, form });
    focusInvalid();
  };

  return (
    <form ref={formRef} class="activate-form" noValidate onSubmit={submit} data-testid="activate-form">
      <Field
        id="activate-password"
        name="password"
        type="password"
        label={s.password}
        hint={s.passwordHelp}
        value={password}
        error={errors.password}
        autoComplete={existingAccount ? 'current-password' : 'new-password'}
        required
        onValue={setPassword}
      />
      <div class={errors.acceptTerms ? 'field invalid' : 'field'}>
        <label class="check" for="activate-accept">
          <input
            id="activate-accept"
            type="checkbox"
            name="acceptTerms"
            checked={accepted}
            required
            aria-invalid={errors.acceptTerms ? 'true' : undefined}
            aria-describedby={errors.acceptTerms ? 'activate-accept-error' : undefined}
            data-testid="activate-accept"
            onChange={(e) => setAccepted(e.currentTarget.checked)}
          />
          <span>{s.accept}</span>
        </label>
        {errors.acceptTerms && (
          <p id="activate-accept-error" class="field-error">
            {errors.acceptTerms}
          </p>
        )}
      </div>
      {errors.form && (
        <p class="form-failure" role="alert" data-testid="activate-failure">
          {errors.form}
        </p>
      )}
      <div>
        <button type="submit" class="button primary" disabled={pending} data-testid="activate-submit">
          {pending ? s.submitting : s.submit}
        </button>
      </div>
    </form>
  );
}
