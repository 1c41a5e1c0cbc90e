/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Registering a player (issue 14; was the SPA's RegisterPlayerPage form). A visitor picks a
 * division and gives the player and the parent's account; a signed-in parent (the console's
 * session, read after hydration: `GET /api/v1/register/{organization}/player` with its token
 * answers who it is and its players) only adds a player or re-registers one of theirs. Checked
 * with the contract's rules by field; the server's 400 goes next to its fields, a 409 above the
 * form with a way to sign in. Success answers a session: stored as the console does, then the
 * family home opens with a full page load.
 */
import {
  emptyRegisterDraft,
  type FamilyProblem,
  NEW_PLAYER,
  REGISTER_FIELDS,
  type RegisterDraft,
  type RegisterField,
  registerBody,
  registerProblems,
} from '@fc/contracts/family-rules';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Field, focusFirst } from './family/Field';
import { call, type Failure, type FailureStrings, failureMessage, fieldErrors } from './family/http';
import { accessToken, openConsole, type SessionAnswer, type SessionUser, storeSession } from './family/session';
import { type RegisterFieldStrings, RegisterFields } from './RegisterFields';

export interface Division {
  id: number;
  name: string;
  teamName: string | null;
}
export interface OwnPlayer {
  id: number;
  firstName: string;
  lastName: string;
  divisionIds: number[];
}

export interface RegisterStrings extends RegisterFieldStrings {
  submit: string;
  sending: string;
  signIn: string;
  signInFirst: string;
  haveAccount: string;
  /** `You are signed in as {{name}} ({{email}}).` */
  signedInAs: string;
  fixErrors: string;
  failure: FailureStrings;
  problems: Record<FamilyProblem, string>;
  /** `tooLong` of the phone (30, not the names' 80). */
  phoneTooLong: string;
}

export interface RegisterFormProps {
  /** The organization's web address, for the API. */
  organization: string;
  divisions: Division[];
  /** The `{fundraiser}` of the address: an own player to re-register. */
  preselect: string | null;
  /** `/login?returnTo=` this page. */
  loginPath: string;
  strings: RegisterStrings;
}

type Errors = Partial<Record<RegisterField, string>>;
interface Info {
  signedInAs: SessionUser | null;
  myPlayers: OwnPlayer[];
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => vars[k] ?? m);

export function RegisterForm({ organization, divisions, preselect, loginPath, strings: s }: RegisterFormProps) {
  const [draft, setDraft] = useState<RegisterDraft>(() => ({
    ...emptyRegisterDraft(),
    divisionId: divisions.length === 1 ? String(divisions[0]!.id) : '',
  }));
  const [session, setSession] = useState<Info | null>(null);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const signedIn = session?.signedInAs != null;

  // A stored session: who it is and their players, as the SPA read them with its token.
  useEffect(() => {
    if (!accessToken()) return;
    setChecking(true);
    void call<{ data: Info }>(`/register/${encodeURIComponent(organization)}/player`, { auth: true }).then((res) => {
      setChecking(false);
      if (!res.ok || !res.data.data.signedInAs) return;
      const info = res.data.data;
      setSession(info);
      const own = info.myPlayers.some((p) => String(p.id) === preselect);
      if (own && preselect) setDraft((d) => ({ ...d, player: preselect }));
    });
  }, [organization, preselect]);

  const check = (d: RegisterDraft): Errors => {
    const out: Errors = {};
    for (const [f, p] of Object.entries(registerProblems(d, signedIn)) as [RegisterField, FamilyProblem][])
      out[f] = f === 'phone' && p === 'tooLong' ? s.phoneTooLong : s.problems[p];
    return out;
  };
  const set = (field: RegisterField) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (checked) setErrors(check(next));
  };

  async function submit(e: Event) {
    e.preventDefault();
    setChecked(true);
    setFailure(null);
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(form.current, REGISTER_FIELDS, found);
    setPending(true);
    const res = await call<SessionAnswer>(`/register/${encodeURIComponent(organization)}/player`, {
      method: 'POST',
      body: registerBody(draft, signedIn),
      auth: signedIn,
    });
    if (res.ok) {
      storeSession(res.data);
      return openConsole();
    }
    setPending(false);
    setFailure(res.failure);
    const fields = fieldErrors(res.failure, REGISTER_FIELDS, s.failure, { playerId: 'player' });
    setErrors(fields);
    focusFirst(form.current, REGISTER_FIELDS, fields);
  }

  const user = session?.signedInAs;
  return (
    // POST: a submit before the script runs never puts the password in an address.
    <form
      class="family-form"
      method="post"
      noValidate
      onSubmit={submit}
      ref={form}
      aria-label={s.formLabel}
      data-testid="register-form"
    >
      {failure ? (
        <div class="alert error" role="alert" data-testid="register-error">
          <span>{failureMessage(failure, s.failure)}</span>
          {failure.code === 'ACCOUNT_EXISTS' ? (
            <a class="button" href={loginPath}>
              {s.signIn}
            </a>
          ) : null}
        </div>
      ) : null}
      {checked && Object.keys(errors).length && !failure ? (
        <p role="alert" class="visually-hidden">
          {s.fixErrors}
        </p>
      ) : null}
      {user ? (
        <p class="alert success" data-testid="register-signed-in-as">
          {fill(s.signedInAs, { name: `${user.firstName} ${user.lastName}`, email: user.email })}
        </p>
      ) : null}
      <Field
        id="reg-division"
        name="divisionId"
        label={s.division}
        value={draft.divisionId}
        error={errors.divisionId}
        onValue={set('divisionId')}
        required
        options={[
          divisions.length === 1 ? null : (
            <option key="" value="" disabled>
              {s.chooseDivision}
            </option>
          ),
          ...divisions.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.teamName ? `${d.teamName} · ${d.name}` : d.name}
            </option>
          )),
        ]}
      />
      {signedIn && session.myPlayers.length > 0 ? (
        <Field
          id="reg-player"
          name="player"
          label={s.whichPlayer}
          value={draft.player}
          error={errors.player}
          onValue={set('player')}
          options={[
            ...session.myPlayers.map((p) => {
              const on = p.divisionIds.includes(Number(draft.divisionId));
              const name = `${p.firstName} ${p.lastName}`;
              return (
                <option key={p.id} value={String(p.id)} disabled={on}>
                  {on ? fill(s.alreadyOn, { name }) : name}
                </option>
              );
            }),
            <option key={NEW_PLAYER} value={NEW_PLAYER}>
              {s.newPlayer}
            </option>,
          ]}
        />
      ) : null}
      <RegisterFields
        strings={s}
        draft={draft}
        errors={errors}
        set={set}
        player={!signedIn || draft.player === NEW_PLAYER}
        parent={!signedIn}
      />
      <button type="submit" class="button primary" disabled={pending || checking} data-testid="reg-submit">
        {pending ? s.sending : s.submit}
      </button>
      {!signedIn ? (
        <p class="center">
          {s.haveAccount} <a href={loginPath}>{s.signInFirst}</a>
        </p>
      ) : null}
    </form>
  );
}
