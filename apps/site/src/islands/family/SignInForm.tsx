/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * E-mail and password sign-in (`POST /api/v1/jwt/login`), as the console's LoginForm that the
 * SPA's invitation page borrowed: the contract's checks by field, the server's refusal above the
 * fields, test ids `{prefix}-email`, `-password`, `-submit`, `-error`.
 */
import { type FamilyProblem, type SignInDraft, type SignInField, signInProblems } from '@fc/contracts/family-rules';
import { useRef, useState } from 'preact/hooks';
import { Field, focusFirst } from './Field';
import { call, type Failure, type FailureStrings, failureMessage, fieldErrors } from './http';
import type { SessionAnswer } from './session';

export interface SignInStrings {
  email: string;
  password: string;
  signingIn: string;
}

const FIELDS: readonly SignInField[] = ['email', 'password'];

export function SignInForm({
  label,
  submitLabel,
  testIdPrefix,
  strings: s,
  problems,
  failure: fs,
  onSignedIn,
}: {
  label: string;
  submitLabel: string;
  testIdPrefix: string;
  strings: SignInStrings;
  problems: Record<FamilyProblem, string>;
  failure: FailureStrings;
  onSignedIn: (res: SessionAnswer) => void;
}) {
  const [draft, setDraft] = useState<SignInDraft>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const check = (d: SignInDraft) => {
    const out: Partial<Record<SignInField, string>> = {};
    for (const [f, p] of Object.entries(signInProblems(d)) as [SignInField, FamilyProblem][]) out[f] = problems[p];
    return out;
  };
  async function submit(e: Event) {
    e.preventDefault();
    const found = check(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return focusFirst(form.current, FIELDS, found);
    setPending(true);
    const res = await call<SessionAnswer>('/jwt/login', {
      method: 'POST',
      body: { email: draft.email.trim(), password: draft.password },
    });
    setPending(false);
    if (res.ok) return onSignedIn(res.data);
    setFailure(res.failure);
    setErrors(fieldErrors(res.failure, FIELDS, fs));
  }
  const set = (field: SignInField) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const id = (f: string) => `${testIdPrefix}-${f}`;
  return (
    <form class="family-form" method="post" noValidate aria-label={label} onSubmit={submit} ref={form}>
      {failure ? (
        <p class="alert error" role="alert" data-testid={id('error')}>
          {failureMessage(failure, fs)}
        </p>
      ) : null}
      <Field
        id={id('email')}
        name="email"
        label={s.email}
        type="email"
        autoComplete="email"
        value={draft.email}
        error={errors.email}
        onValue={set('email')}
        required
      />
      <Field
        id={id('password')}
        name="password"
        label={s.password}
        type="password"
        autoComplete="current-password"
        value={draft.password}
        error={errors.password}
        onValue={set('password')}
        required
      />
      <button type="submit" class="button primary" disabled={pending} data-testid={id('submit')}>
        {pending ? s.signingIn : submitLabel}
      </button>
    </form>
  );
}
