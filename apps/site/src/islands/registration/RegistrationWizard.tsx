/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Team registration (issue 15), the island of `/onboarding/team[/{teamId}]` and
 * `/pages/register-multi-steps`: six steps with a progress line, Back and Next, the focus on each
 * step's heading. Step 1 starts the draft (`POST /onboarding/registration`) and keeps its token
 * for the visit; steps 2 to 5 are each saved when completed (`PUT …/steps/{n}`); step 6 submits.
 * Coming back resumes at the step reached: from the e-mailed link's `?token=` (on any device) or
 * the visit's stored token, read with the signed-in person's session when there is one. Checks:
 * registration-checks (no zod, see `steps.ts`); the server's 400 goes next to its fields. The frame
 * (progress, Back and Next, loading, done) is `WizardFrame.tsx`; steps 2 to 5 `SavedStepFields.tsx`.
 */
import { PERSON_FIELDS, personProblems } from '@fc/contracts/registration-checks';
import { STEP_NAMES } from '@fc/contracts/registration-rules';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { createT, type Tree } from '../../lib/t';
import { type Failure, type FailureStrings, failureMessage } from '../family/http';
import { type SessionAnswer, type SessionUser, storedUser, storeSession } from '../family/session';
import type { AddressState } from './AddressField';
import {
  chosenName,
  type Draft,
  forgetToken,
  keepChosen,
  keepToken,
  loadDraft,
  type StartBody,
  saveStep,
  startDraft,
  storedToken,
  submitDraft,
  takeTokenFromAddress,
} from './api';
import { type Errors, emptyForms, type Forms, focusFirstError, formsOf, problemTexts, serverErrors } from './forms';
import { PersonStep, type SignInKit } from './PersonStep';
import { ReviewAnswers } from './ReviewStep';
import { SavedStepFields } from './SavedStepFields';
import { Submission } from './Submission';
import { accountStart, addressOf, KEYS, lostDraft, problemsOf, type SavedStep, stepChecks, TOTAL } from './steps';
import { StepNav, WizardDone, WizardLoading, WizardProgress } from './WizardFrame';

export interface RegistrationWizardProps {
  lang: 'en' | 'es';
  /** `public.teamRegistration` in the page language, and `signedInAs`. */
  strings: Tree;
  signIn: SignInKit;
  failure: FailureStrings;
  /** The site's address, for the web address hints. */
  base: string;
  /** `/onboarding/team/{teamId}`: an existing team's new season. */
  teamId: number | null;
  /** The address carries a resume link's token: say "loading" until it is read. */
  resume: boolean;
}

export function RegistrationWizard({
  lang,
  strings,
  signIn,
  failure: fs,
  base,
  teamId,
  resume,
}: RegistrationWizardProps) {
  const t = useMemo(() => createT(strings, lang), [strings, lang]);
  const [phase, setPhase] = useState<'loading' | 'form' | 'done'>(resume ? 'loading' : 'form');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [current, setCurrent] = useState(1);
  const [forms, setForms] = useState<Forms>(emptyForms);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [trap, setTrap] = useState('');
  const [orgName, setOrgName] = useState<string | null>(null);
  const address = useRef<{ organization: AddressState; team: AddressState }>({ organization: 'idle', team: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  function open(d: Draft, tok: string | null) {
    if (tok) {
      keepToken(tok);
      setToken(tok);
    }
    setDraft(d);
    setForms((f) => formsOf(d, lang, f));
    const org = d.answers.organization;
    if (org?.mode === 'existing')
      setOrgName(d.existingTeam ? d.existingTeam.organizationName : chosenName(org.organizationId));
    if (d.submittedAt) return setPhase('done');
    setCurrent(Math.min(d.step + 1, TOTAL));
    setPhase('form');
  }

  useEffect(() => {
    const signedIn = storedUser();
    setUser(signedIn);
    const fromLink = takeTokenFromAddress();
    const tok = fromLink ?? storedToken();
    // A draft is read with its token only (a signed-in person's call carries their session too).
    if (!tok) return setPhase('form');
    setPhase('loading');
    void loadDraft(tok).then((r) => {
      const d = r.ok ? r.data.draft : null;
      // A stored draft of another team's season is left for its own page.
      if (r.ok && d && (teamId === null || d.existingTeam?.id === teamId)) return open(d, r.data.token);
      if (!r.ok && tok && lostDraft(r.failure)) {
        forgetToken();
        if (fromLink) setNotice(t('expired'));
      }
      setPhase('form');
    });
  }, []);

  // Each step's heading takes the focus when the step changes (not on the first render).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [current, phase]);

  // The review reads the draft again: an e-mail confirmed meanwhile (in another tab) shows.
  useEffect(() => {
    if (current !== TOTAL || phase !== 'form' || !draft) return;
    void loadDraft(token).then((r) => {
      if (r.ok && r.data.draft) setDraft(r.data.draft);
    });
  }, [current, phase]);

  const goTo = (step: number) => {
    moved.current = true;
    setErrors({});
    setFailure(null);
    setCurrent(step);
  };

  /** A refused call: field errors by the fields, a lost draft starts over, else one sentence. */
  function refused(f: Failure, fields: readonly string[], root: HTMLElement | null) {
    const found = f.status >= 400 && f.status < 500 ? serverErrors(f, fields, t, lang, fs.codes) : {};
    if (Object.keys(found).length) {
      setErrors(found);
      return focusFirstError(root, fields, found);
    }
    if (draft && lostDraft(f)) {
      forgetToken();
      setToken(null);
      setDraft(null);
      setNotice(t('expired'));
      return goTo(1);
    }
    setFailure(failureMessage(f, fs));
  }

  async function start(body: StartBody, root: HTMLElement | null) {
    setPending(true);
    setFailure(null);
    const r = await startDraft(body);
    setPending(false);
    if (!r.ok) return refused(r.failure, PERSON_FIELDS, root);
    setNotice(null);
    moved.current = true;
    open(r.data.draft, r.data.token);
  }

  function create(form: HTMLFormElement) {
    const found = problemTexts(t, lang, personProblems(forms.person));
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(form, PERSON_FIELDS, found);
    void start(accountStart(forms.person, lang, teamId, trap), form);
  }
  const asCaller = () => void start({ language: lang, ...(teamId ? { teamId } : {}) }, null);
  const signedIn = (res: SessionAnswer) => {
    storeSession(res);
    setUser(res.userData);
    asCaller();
  };

  /** Steps 2 to 5: checked here, then saved; the next step opens once the server has it. */
  async function save(e: Event) {
    e.preventDefault();
    const root = e.currentTarget as HTMLFormElement;
    const step = current as SavedStep;
    const checks = stepChecks(step, forms, lang);
    const found = problemTexts(t, lang, checks.problems);
    const where = addressOf(step, forms, address.current);
    if (!found.slug && (where === 'taken' || where === 'reserved' || where === 'invalid'))
      found.slug = t(`address.${where}`);
    setErrors(found);
    if (Object.keys(found).length) return focusFirstError(root, checks.fields, found);
    const answer = checks.answer();
    setPending(true);
    setFailure(null);
    const r = await saveStep(step, answer, token);
    setPending(false);
    if (!r.ok) return refused(r.failure, checks.fields, root);
    const base = r.data ?? draft;
    if (base)
      setDraft({ ...base, step: Math.max(base.step, step), answers: { ...base.answers, [KEYS[step]]: answer } });
    goTo(step + 1);
  }

  async function submit(): Promise<Failure | null> {
    setPending(true);
    setFailure(null);
    const r = await submitDraft(token);
    setPending(false);
    if (r.ok) {
      moved.current = true;
      setDraft((d) => r.data ?? (d ? { ...d, submittedAt: new Date().toISOString() } : d));
      setPhase('done');
      return null;
    }
    return r.failure;
  }

  if (phase === 'loading') return <WizardLoading t={t} />;
  const email = draft?.registrant.email ?? forms.person.email;
  if (phase === 'done') return <WizardDone t={t} lang={lang} email={email} heading={heading} />;

  const name = STEP_NAMES[current - 1] ?? 'person';
  // After a refused Next, the problems follow the answers as they are corrected.
  const set =
    <K extends keyof Forms>(key: K) =>
    (value: Forms[K]) => {
      const next = { ...forms, [key]: value };
      setForms(next);
      if (Object.keys(errors).length) setErrors(problemTexts(t, lang, problemsOf(current, next, lang)));
    };
  return (
    <div class="reg-wizard" data-testid="reg-wizard" data-step={current}>
      <WizardProgress t={t} current={current} notice={notice} draft={draft} />
      <h2 id="reg-step-heading" tabIndex={-1} ref={heading} data-testid="reg-step-heading">
        {t(`headings.${name}`)}
      </h2>
      {failure ? (
        <p class="alert error" role="alert" data-testid="reg-error">
          {failure}
        </p>
      ) : null}
      {current === 1 ? (
        <PersonStep
          t={t}
          draft={draft}
          user={user}
          value={forms.person}
          errors={errors}
          trap={trap}
          pending={pending}
          signIn={signIn}
          onChange={set('person')}
          onTrap={setTrap}
          onCreate={create}
          onContinue={asCaller}
          onSignedIn={signedIn}
          onNext={() => goTo(2)}
        />
      ) : current === TOTAL && draft ? (
        <Submission
          t={t}
          draft={draft}
          pending={pending}
          message={(f) => failureMessage(f, fs)}
          onSubmit={submit}
          onBack={() => goTo(TOTAL - 1)}
        >
          <ReviewAnswers t={t} lang={lang} draft={draft} organizationName={orgName} onEdit={goTo} />
        </Submission>
      ) : (
        <form
          class="family-form"
          method="post"
          noValidate
          aria-labelledby="reg-step-heading"
          onSubmit={save}
          data-testid={`reg-form-${name}`}
        >
          <SavedStepFields
            t={t}
            lang={lang}
            step={current as SavedStep}
            forms={forms}
            errors={errors}
            set={set}
            address={address.current}
            token={token}
            base={base}
            draft={draft}
            organizationName={orgName}
            onPick={(id, name) => {
              keepChosen(id, name);
              setOrgName(name);
            }}
          />
          <StepNav t={t} invalid={Object.keys(errors).length > 0} pending={pending} onBack={() => goTo(current - 1)} />
        </form>
      )}
    </div>
  );
}
