/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The team registration island (issue 15) on the server's own markup, hydrated in place, against
 * a mocked API: each step's checks (registration-checks, in the page language) before any call,
 * the draft started and its token kept for the visit, each step saved with the token, Back and
 * Next with the focus on the step's heading, resuming (the e-mailed link's `?token=` taken out of
 * the address, the visit's token, a signed-in person's draft), the server's 400 next to its
 * fields, the review's Edit links and terms, an e-mail not confirmed, and the confirmation.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../../entries/hydrate';
import { Island } from '../../lib/island';
import type { Language } from '../../lib/strings';
import { registrationStrings } from '../../pages/registration/strings';
import type { Draft } from './api';
import { RegistrationWizard } from './RegistrationWizard';

interface Call {
  method: string;
  url: string;
  token: string | null;
  auth: string | null;
  body: unknown;
}
type Answer = { status: number; json: unknown };
const TOKEN = 'rt_draft_token_0123456789abcdef';

function server(answer: (c: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const h = new Headers(init.headers);
      const call = {
        method: init.method ?? 'GET',
        url,
        token: h.get('x-registration-token'),
        auth: h.get('authorization'),
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const a = answer(call);
      return new Response(JSON.stringify(a.json), { status: a.status });
    }),
  );
  return calls;
}

function draft(step: number, extra: Partial<Draft> = {}): Draft {
  return {
    id: 5,
    step,
    submittedAt: null,
    decision: 'pending',
    answers: {},
    registrant: { firstName: 'Casey', lastName: 'Coach', email: 'casey@example.test', emailConfirmed: true },
    existingTeam: null,
    language: 'en',
    ...extra,
  };
}
const ANSWERS: Draft['answers'] = {
  organization: {
    mode: 'new',
    type: 'league',
    name: 'Lakeside League',
    slug: 'lakeside-league',
    city: 'Austin',
    state: 'TX',
  },
  team: {
    name: 'Lakeside Hawks',
    sport: 'soccer',
    ageGroup: 'U12',
    season: 'Spring 2027',
    rosterSize: 14,
    slug: 'lakeside-hawks',
  },
  contacts: {
    admin: { firstName: 'Casey', lastName: 'Coach', email: 'casey@example.test' },
    coach: null,
    treasurer: null,
  },
  fundraising: {
    goalCents: 500_000,
    playerGoalCents: 35_050,
    startDate: '2027-03-01',
    endDate: '2027-05-01',
    purpose: 'Uniforms',
  },
};
const ok = (data: unknown): Answer => ({ status: 200, json: { hasError: false, data } });

const errors = vi.spyOn(console, 'error');

async function mount({ lang = 'en', teamId = null }: { lang?: Language; teamId?: number | null } = {}) {
  const props = {
    lang,
    ...registrationStrings(lang),
    base: 'https://give.example.org',
    teamId,
    resume: window.location.search.includes('token='),
  };
  document.body.innerHTML = renderToString(<Island name="registration" component={RegistrationWizard} props={props} />);
  await act(() => hydrateIslands({ registration: RegistrationWizard }));
  await settle();
}

const el = <E extends HTMLElement = HTMLInputElement>(id: string) => {
  const found = document.querySelector<E>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const has = (id: string) => document.querySelector(`[data-testid="${id}"]`) !== null;
const text = (id: string) => el<HTMLElement>(id).textContent ?? '';
const problemOf = (id: string) => {
  const describedBy = el(id).getAttribute('aria-describedby');
  return el(id).getAttribute('aria-invalid') === 'true' && describedBy
    ? (document.getElementById(describedBy)?.textContent ?? '')
    : '';
};
const type = (id: string, value: string) =>
  act(() => {
    const input = el(id);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const choose = (id: string, value: string) =>
  act(() => {
    const select = el<HTMLSelectElement>(id);
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
const click = (id: string) => act(() => el<HTMLElement>(id).click());
async function settle(ms = 0) {
  await act(() => new Promise((r) => setTimeout(r, ms)));
  await act(() => new Promise((r) => setTimeout(r, 0)));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/onboarding/team');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(errors).not.toHaveBeenCalled();
  errors.mockClear();
});

describe('RegistrationWizard island (/onboarding/team)', () => {
  it('step 1 checks the account in the page language before any call, then starts the draft and keeps its token', async () => {
    const calls = server(() => ok({ token: TOKEN, registration: draft(1) }));
    await mount({ lang: 'es' });
    expect(text('reg-progress')).toBe('Paso 1 de 6');
    await type('reg-password', 'short');
    await click('reg-create');
    expect(calls).toEqual([]);
    expect(problemOf('reg-first-name')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-email')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-password')).toBe('Usa al menos 8 caracteres');
    expect(problemOf('reg-confirm-password')).toBe('Las contraseñas no coinciden');
    expect(document.activeElement).toBe(el('reg-first-name'));

    await type('reg-first-name', ' Casey ');
    await type('reg-last-name', 'Coach');
    await type('reg-email', 'casey@example.test');
    await type('reg-password', 'team-pass-2026');
    await type('reg-confirm-password', 'team-pass-2026');
    await click('reg-create');
    await settle();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/onboarding/registration',
        token: null,
        auth: null,
        body: {
          account: {
            firstName: 'Casey',
            lastName: 'Coach',
            email: 'casey@example.test',
            password: 'team-pass-2026',
            language: 'es',
          },
          language: 'es',
        },
      },
    ]);
    expect(sessionStorage.getItem('teamRegistrationToken')).toBe(TOKEN);
    expect(localStorage.length).toBe(0);
    expect(text('reg-progress')).toBe('Paso 2 de 6');
    expect(document.activeElement).toBe(el('reg-step-heading'));
    expect(text('reg-step-heading')).toBe('Tu organización o liga');
  });

  it('an e-mail already registered (409) is said next to the e-mail, in the page language', async () => {
    server(() => ({
      status: 409,
      json: {
        hasError: true,
        code: 'ACCOUNT_EXISTS',
        message: 'An account with this email already exists. Sign in first, then register.',
        errors: [{ path: 'body.account.email', message: 'Already registered: sign in first' }],
      },
    }));
    await mount({ lang: 'es' });
    for (const [id, v] of [
      ['reg-first-name', 'Casey'],
      ['reg-last-name', 'Coach'],
      ['reg-email', 'casey@example.test'],
      ['reg-password', 'team-pass-2026'],
      ['reg-confirm-password', 'team-pass-2026'],
    ])
      await type(id!, v!);
    await click('reg-create');
    await settle();
    expect(problemOf('reg-email')).toBe(
      'Ya existe una cuenta con este correo. Inicia sesión primero y vuelve a intentarlo.',
    );
    expect(document.activeElement).toBe(el('reg-email'));
    expect(sessionStorage.getItem('teamRegistrationToken')).toBeNull();
  });

  it('sends the spam trap when a bot fills it', async () => {
    const calls = server(() => ok({ token: TOKEN, registration: draft(1) }));
    await mount();
    for (const [id, v] of [
      ['reg-first-name', 'Bot'],
      ['reg-last-name', 'Bot'],
      ['reg-email', 'bot@example.test'],
      ['reg-password', 'bot-pass-2026'],
      ['reg-confirm-password', 'bot-pass-2026'],
      ['reg-website', 'http://spam.example'],
    ])
      await type(id!, v!);
    await click('reg-create');
    await settle();
    expect(calls[0]?.body).toMatchObject({ website: 'http://spam.example' });
  });

  it('step 2 finds an organization (debounced), saves the choice with the token; Back and Next move between steps', async () => {
    sessionStorage.setItem('teamRegistrationToken', TOKEN);
    const calls = server((c) => {
      if (c.url.includes('/organizations?q='))
        return ok([
          {
            id: 7,
            name: 'Riverside Youth Sports',
            slug: 'riverside',
            type: 'organization',
            city: 'Austin',
            region: 'TX',
          },
        ]);
      if (c.method === 'PUT') return ok(draft(2));
      return ok(draft(1));
    });
    await mount();
    expect(text('reg-progress')).toBe('Step 2 of 6');
    await click('reg-next');
    expect(text('reg-org-choose-error')).toBe('Choose one');
    await type('reg-org-search', 'R');
    await type('reg-org-search', 'Riv');
    await settle(350);
    expect(calls.filter((c) => c.url.includes('organizations'))).toEqual([
      {
        method: 'GET',
        url: '/api/v1/onboarding/registration/organizations?q=Riv',
        token: TOKEN,
        auth: null,
        body: undefined,
      },
    ]);
    await act(() => document.querySelector<HTMLInputElement>('input[name="organizationId"][value="7"]')!.click());
    expect(text('reg-org-chosen')).toBe('Chosen: Riverside Youth Sports');
    expect(JSON.parse(sessionStorage.getItem('teamRegistrationOrganization') ?? 'null')).toEqual({
      id: 7,
      name: 'Riverside Youth Sports',
    });
    await click('reg-next');
    await settle();
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/v1/onboarding/registration/steps/2',
      token: TOKEN,
      auth: null,
      body: { mode: 'existing', organizationId: 7 },
    });
    expect(text('reg-progress')).toBe('Step 3 of 6');
    expect(document.activeElement).toBe(el('reg-step-heading'));
    await click('reg-back');
    expect(text('reg-progress')).toBe('Step 2 of 6');
    expect(document.activeElement).toBe(el('reg-step-heading'));
  });

  it('step 3 checks every field and the web address live; a taken address blocks Next', async () => {
    sessionStorage.setItem('teamRegistrationToken', TOKEN);
    const calls = server((c) => {
      if (c.url.includes('check-address')) return ok({ available: false, reason: 'taken' });
      return ok(draft(2, { answers: { organization: ANSWERS.organization } }));
    });
    await mount();
    expect(text('reg-progress')).toBe('Step 3 of 6');
    await type('reg-team-roster', '0');
    await type('reg-team-slug', 'Bad Slug');
    await click('reg-next');
    expect(problemOf('reg-team-name')).toBe('This field is required');
    expect(problemOf('reg-team-sport')).toBe('Choose one');
    expect(problemOf('reg-team-roster')).toBe('Enter a whole number from 1 to 200');
    expect(problemOf('reg-team-slug')).toBe('Use 3 to 60 lower-case letters, digits and single hyphens');
    expect(document.activeElement).toBe(el('reg-team-name'));

    await type('reg-team-name', 'Lakeside Hawks');
    await choose('reg-team-sport', 'soccer');
    await type('reg-team-age-group', 'U12');
    await type('reg-team-season', 'Spring 2027');
    await type('reg-team-roster', '14');
    await type('reg-team-slug', 'lakeside-hawks');
    await settle(350);
    expect(calls.at(-1)?.url).toBe('/api/v1/onboarding/registration/check-address?slug=lakeside-hawks');
    expect(problemOf('reg-team-slug')).toBe('This address is taken. Try another.');
    await click('reg-next');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("step 5 reads dollars in the page language as cents; the server's 400 goes next to its field", async () => {
    sessionStorage.setItem('teamRegistrationToken', TOKEN);
    const { fundraising: _, ...before } = ANSWERS;
    const calls = server((c) =>
      c.method === 'PUT'
        ? {
            status: 400,
            json: {
              hasError: true,
              code: 'VALIDATION',
              message: 'Some fields are not valid.',
              errors: [{ path: 'body.goalCents', message: 'Too big' }],
            },
          }
        : ok(draft(4, { answers: before })),
    );
    await mount({ lang: 'es' });
    expect(text('reg-progress')).toBe('Paso 5 de 6');
    await type('reg-goal', '50');
    await type('reg-start-date', '2027-03-01');
    await type('reg-end-date', '2027-02-01');
    await click('reg-next');
    expect(problemOf('reg-goal')).toBe('Introduce un importe de 100\u00a0US$ a 1.000.000\u00a0US$');
    expect(problemOf('reg-player-goal')).toBe('Este campo es obligatorio');
    expect(problemOf('reg-end-date')).toBe('La fecha de fin debe ser posterior a la de inicio');
    await type('reg-goal', '5.000');
    await type('reg-player-goal', '350,50');
    await type('reg-end-date', '2027-05-01');
    await type('reg-purpose', 'Uniformes');
    await click('reg-next');
    await settle();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/onboarding/registration/steps/5',
      token: TOKEN,
      body: {
        goalCents: 500_000,
        playerGoalCents: 35_050,
        startDate: '2027-03-01',
        endDate: '2027-05-01',
        purpose: 'Uniformes',
      },
    });
    expect(problemOf('reg-goal')).toBe('Este valor no es válido');
    expect(document.activeElement).toBe(el('reg-goal'));
    expect(text('reg-progress')).toBe('Paso 5 de 6');
  });

  it('resumes from the e-mailed link: the token leaves the address, is kept for the visit and read with its header', async () => {
    window.history.replaceState(null, '', `/onboarding/team?token=${TOKEN}&lang=es`);
    const calls = server(() => ok(draft(2, { answers: { organization: ANSWERS.organization } })));
    await mount({ lang: 'es' });
    expect(window.location.search).toBe('?lang=es');
    expect(sessionStorage.getItem('teamRegistrationToken')).toBe(TOKEN);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/v1/onboarding/registration', token: TOKEN, auth: null, body: undefined },
    ]);
    expect(has('reg-loading')).toBe(false);
    expect(text('reg-progress')).toBe('Paso 3 de 6');
    await click('reg-back');
    expect(el('reg-org-name').value).toBe('Lakeside League');
    expect(el<HTMLSelectElement>('reg-org-state').value).toBe('TX');
  });

  it('the review names an existing organization chosen in this visit (the draft holds its id)', async () => {
    sessionStorage.setItem('teamRegistrationToken', TOKEN);
    sessionStorage.setItem('teamRegistrationOrganization', JSON.stringify({ id: 7, name: 'Riverside Youth Sports' }));
    server(() => ok(draft(5, { answers: { ...ANSWERS, organization: { mode: 'existing', organizationId: 7 } } })));
    await mount();
    expect(text('reg-review-organization')).toContain('Riverside Youth Sports (already on FUNDRAISER CONSOLE)');
  });

  it('an expired link says so and starts over at step 1', async () => {
    window.history.replaceState(null, '', `/onboarding/team?token=${TOKEN}`);
    server(() => ({ status: 404, json: { hasError: true, code: 'NOT_FOUND', message: 'Not found' } }));
    await mount();
    expect(sessionStorage.getItem('teamRegistrationToken')).toBeNull();
    expect(text('reg-notice')).toContain('no longer valid');
    expect(text('reg-progress')).toBe('Step 1 of 6');
  });

  it('a signed-in person starts with the Bearer token (a new season of their team) and reads the draft with both', async () => {
    localStorage.setItem('accessToken', 'stored-access');
    localStorage.setItem('userData', JSON.stringify({ firstName: 'Pat', lastName: 'Lee', email: 'pat@example.test' }));
    const season = { id: 12, name: 'Rockets U12', organizationName: 'Riverside Youth Sports' };
    const calls = server((c) =>
      c.method === 'GET'
        ? ok(draft(1, { existingTeam: season }))
        : ok({ token: TOKEN, registration: draft(1, { existingTeam: season }) }),
    );
    await mount({ teamId: 12 });
    expect(calls).toEqual([]);
    expect(text('reg-signed-in-as')).toBe('You are signed in as Pat Lee (pat@example.test).');
    await click('reg-continue');
    await settle();
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/v1/onboarding/registration',
      token: null,
      auth: 'Bearer stored-access',
      body: { language: 'en', teamId: 12 },
    });
    expect(text('reg-progress')).toBe('Step 2 of 6');
    expect(text('reg-season')).toContain('Rockets U12 (Riverside Youth Sports)');
    // Coming back in the same visit: the draft is read with its token and the session.
    await mount({ teamId: 12 });
    expect(calls[1]).toMatchObject({ method: 'GET', token: TOKEN, auth: 'Bearer stored-access' });
    expect(text('reg-progress')).toBe('Step 2 of 6');
  });

  it('the review shows every answer with Edit links, needs the terms, says plainly when the e-mail is not confirmed, then confirms', async () => {
    sessionStorage.setItem('teamRegistrationToken', TOKEN);
    let confirmed = false;
    const calls = server((c) => {
      if (c.url.endsWith('/submit'))
        return confirmed
          ? ok(draft(5, { answers: ANSWERS, submittedAt: '2027-01-01T00:00:00Z' }))
          : {
              status: 409,
              json: { hasError: true, code: 'EMAIL_NOT_CONFIRMED', message: 'Confirm your e-mail first.' },
            };
      return ok(draft(5, { answers: ANSWERS, registrant: { ...draft(5).registrant, emailConfirmed: confirmed } }));
    });
    await mount();
    expect(text('reg-progress')).toBe('Step 6 of 6');
    expect(text('reg-review-team')).toContain('Lakeside Hawks');
    expect(text('reg-review-fundraising')).toContain('$5,000');
    expect(text('reg-review-fundraising')).toContain('$350.50');
    expect(text('reg-review-contacts')).toContain('Casey Coach · casey@example.test');
    expect(text('reg-unconfirmed-note')).toContain('casey@example.test');
    expect(document.querySelector('a[href="/terms-and-conditions"]')).not.toBeNull();

    await click('reg-edit-team');
    expect(text('reg-progress')).toBe('Step 3 of 6');
    expect(el('reg-team-name').value).toBe('Lakeside Hawks');
    expect(el('reg-team-roster').value).toBe('14');
    // Back to the review, each step saved again on the way.
    await click('reg-next');
    await settle();
    await click('reg-next');
    await settle();
    await click('reg-next');
    await settle();
    expect(text('reg-progress')).toBe('Step 6 of 6');

    await click('reg-submit');
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);
    expect(problemOf('reg-terms')).toBe('Accept the terms and conditions to submit.');
    await click('reg-terms');
    await click('reg-submit');
    await settle();
    expect(text('reg-unconfirmed')).toContain('Check your inbox');
    expect(text('reg-submit')).toBe('I confirmed it: submit again');

    confirmed = true;
    await click('reg-submit');
    await settle();
    expect(calls.filter((c) => c.url.endsWith('/submit')).map((c) => [c.token, c.body])).toEqual([
      [TOKEN, { acceptTerms: true }],
      [TOKEN, { acceptTerms: true }],
    ]);
    expect(text('reg-done')).toContain('Thank you! Your registration is in.');
    expect(document.activeElement?.tagName).toBe('H2');
  });
});
