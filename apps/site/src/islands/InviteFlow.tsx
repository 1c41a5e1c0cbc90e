/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Accepting a campaign invitation (issue 14; was the SPA's AcceptInvitePage), below the
 * invitation's summary that the server rendered. As before: a visitor creates the parent's
 * account (names and password) or, when the invited parent has one, signs in; a signed-in visitor
 * (the console's session in localStorage, read after hydration) accepts as themselves or signs in
 * with another account. Accepting answers a session: stored as the console stores it, then the
 * family home opens with a full page load. The token only travels in the POST body.
 */
import type { FamilyProblem } from '@fc/contracts/family-rules';
import { useEffect, useState } from 'preact/hooks';
import { type AccountErrors, CreateAccountForm, type CreateAccountStrings } from './family/CreateAccountForm';
import { call, type Failure, type FailureStrings, failureMessage, fieldErrors } from './family/http';
import { SignInForm, type SignInStrings } from './family/SignInForm';
import { openConsole, type SessionAnswer, type SessionUser, storedUser, storeSession } from './family/session';

export interface InviteStrings {
  accept: string;
  otherAccount: string;
  signInTitle: string;
  /** Resolved with the invitation's e-mail hint. */
  hasAccount: string;
  signInAny: string;
  signInAccept: string;
  signInForm: string;
  createInstead: string;
  createTitle: string;
  /** Resolved with the invitation's e-mail hint. */
  createBody: string;
  createAccept: string;
  haveAccount: string;
  /** `You are signed in as {{name}} ({{email}}).` */
  signedInAs: string;
  failure: FailureStrings;
  problems: Record<FamilyProblem, string>;
  account: CreateAccountStrings;
  signIn: SignInStrings;
}

export interface InviteFlowProps {
  cfid: number;
  token: string;
  hasAccount: boolean;
  parentFirstName: string;
  parentLastName: string;
  strings: InviteStrings;
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => vars[k] ?? m);

export function InviteFlow({ cfid, token, hasAccount, parentFirstName, parentLastName, strings: s }: InviteFlowProps) {
  // The server renders for a visitor; a stored session shows once hydrated.
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [accountErrors, setAccountErrors] = useState<AccountErrors>({});
  useEffect(() => setUser(storedUser()), []);

  async function accept(body: { token: string; firstName?: string; lastName?: string; password?: string }) {
    setPending(true);
    setFailure(null);
    setAccountErrors({});
    // Names and a password create the account; otherwise the signed-in account accepts.
    const res = await call<SessionAnswer>(`/onboarding/campaign/accept-invite/${cfid}`, {
      method: 'POST',
      body,
      auth: !body.password,
    });
    if (res.ok) {
      storeSession(res.data);
      return openConsole();
    }
    setPending(false);
    setFailure(res.failure);
    setAccountErrors(fieldErrors(res.failure, ['firstName', 'lastName', 'password'] as const, s.failure));
  }
  const acceptAsCaller = () => accept({ token });

  // Signed in as someone else than the invited parent: offer the sign-in form straight away.
  const wrongAccount = failure?.code === 'INVITE_OTHER_ACCOUNT';
  const showSignIn = signingIn || wrongAccount || (!user && hasAccount);
  const link = (label: string, onClick: () => void) => (
    <button type="button" class="link-button" onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div class="invite-flow">
      {failure ? (
        <p class="alert error" role="alert" data-testid="invite-error">
          {failureMessage(failure, s.failure)}
        </p>
      ) : null}
      <hr />
      {user && !showSignIn ? (
        <div class="stack">
          <p data-testid="invite-signed-in-as">
            {fill(s.signedInAs, { name: `${user.firstName} ${user.lastName}`, email: user.email })}
          </p>
          <button
            type="button"
            class="button primary"
            onClick={acceptAsCaller}
            disabled={pending}
            data-testid="invite-accept"
          >
            {s.accept}
          </button>
          {link(s.otherAccount, () => setSigningIn(true))}
        </div>
      ) : showSignIn ? (
        <div class="stack">
          <h2>{s.signInTitle}</h2>
          <p class="muted">{hasAccount ? s.hasAccount : s.signInAny}</p>
          <SignInForm
            label={s.signInForm}
            testIdPrefix="invite-login"
            submitLabel={s.signInAccept}
            strings={s.signIn}
            problems={s.problems}
            failure={s.failure}
            onSignedIn={(res) => {
              storeSession(res);
              setUser(res.userData);
              setSigningIn(false);
              void acceptAsCaller();
            }}
          />
          {!hasAccount && !user ? link(s.createInstead, () => setSigningIn(false)) : null}
        </div>
      ) : (
        <div class="stack">
          <h2>{s.createTitle}</h2>
          <p class="muted">{s.createBody}</p>
          <CreateAccountForm
            defaults={{ firstName: parentFirstName, lastName: parentLastName }}
            pending={pending}
            submitLabel={s.createAccept}
            strings={s.account}
            problems={s.problems}
            serverErrors={accountErrors}
            onSubmit={(v) => void accept({ token, ...v })}
          />
          {link(s.haveAccount, () => setSigningIn(true))}
        </div>
      )}
    </div>
  );
}
