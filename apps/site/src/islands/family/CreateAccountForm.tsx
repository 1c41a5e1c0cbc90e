/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The invited parent's names (prefilled from the invitation) and a new password, checked with
 * the contract's rules; the server's field errors (a 400) go next to their fields.
 */
import {
  ACCOUNT_FIELDS,
  type AccountDraft,
  type AccountField,
  accountProblems,
  type FamilyProblem,
} from '@fc/contracts/family-rules';
import { useRef, useState } from 'preact/hooks';
import { Field, focusFirst } from './Field';

export interface CreateAccountStrings {
  form: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  sending: string;
}

export type AccountErrors = Partial<Record<AccountField, string>>;

export function CreateAccountForm({
  defaults,
  pending,
  submitLabel,
  strings: s,
  problems,
  serverErrors,
  onSubmit,
}: {
  defaults: { firstName: string; lastName: string };
  pending: boolean;
  submitLabel: string;
  strings: CreateAccountStrings;
  problems: Record<FamilyProblem, string>;
  /** The server's field errors of the last attempt. */
  serverErrors: AccountErrors;
  onSubmit: (v: { firstName: string; lastName: string; password: string }) => void;
}) {
  const [draft, setDraft] = useState<AccountDraft>({ ...defaults, password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const check = (d: AccountDraft): AccountErrors => {
    const out: AccountErrors = {};
    for (const [f, p] of Object.entries(accountProblems(d)) as [AccountField, FamilyProblem][]) out[f] = problems[p];
    return out;
  };
  const set = (field: AccountField) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (checked) setErrors(check(next));
  };
  function submit(e: Event) {
    e.preventDefault();
    setChecked(true);
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(form.current, ACCOUNT_FIELDS, found);
    onSubmit({ firstName: draft.firstName.trim(), lastName: draft.lastName.trim(), password: draft.password });
  }
  const shown = { ...serverErrors, ...errors };
  return (
    <form class="family-form" method="post" noValidate aria-label={s.form} onSubmit={submit} ref={form}>
      <div class="field-pair">
        <Field
          id="invite-first-name"
          name="firstName"
          label={s.firstName}
          autoComplete="given-name"
          value={draft.firstName}
          error={shown.firstName}
          onValue={set('firstName')}
          required
        />
        <Field
          id="invite-last-name"
          name="lastName"
          label={s.lastName}
          autoComplete="family-name"
          value={draft.lastName}
          error={shown.lastName}
          onValue={set('lastName')}
          required
        />
      </div>
      <Field
        id="invite-password"
        name="password"
        label={s.password}
        type="password"
        autoComplete="new-password"
        value={draft.password}
        error={shown.password}
        onValue={set('password')}
        required
      />
      <Field
        id="invite-confirm-password"
        name="confirmPassword"
        label={s.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={draft.confirmPassword}
        error={shown.confirmPassword}
        onValue={set('confirmPassword')}
        required
      />
      <button type="submit" class="button primary" disabled={pending} data-testid="invite-create-submit">
        {pending ? s.sending : submitLabel}
      </button>
    </form>
  );
}
