/**
 * The edit dialogs (PUT /onboarding/): each step's form is checked with the contract's schema for
 * that step before anything is sent, sends the step's answer in the contract's shape (money in
 * cents, a blank optional contact as none), and places the server's field errors
 * (`body.answers.<step>.<field>`) on their fields.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../../test/render';
import { detail, renderRoute, superAdmin } from '../../test/fixtures';
import { RegistrationViewPage } from '../view/RegistrationViewPage';

const helperOf = (testId: string) =>
  textOf(getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root') ?? null);

async function openEdit(section: string, put: Parameters<typeof fakeApi>[0][string], language: 'en' | 'es' = 'en') {
  const api = fakeApi({
    'GET /onboarding/5': () => ({ json: { hasError: false, data: { data: detail() } } }),
    'PUT /onboarding/': put,
  });
  await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5', language);
  await click(await waitFor(() => getByTestId(`registration-${section}-edit`)));
  await waitFor(() => getByTestId('edit-step-dialog'));
  return api;
}

describe('EditStepDialog (PUT /onboarding/)', () => {
  it("puts the server's field errors on the team's fields", async () => {
    const api = await openEdit('team', () => ({
      status: 400,
      json: {
        hasError: true,
        code: 'VALIDATION_FAILED',
        message: 'Some fields need attention.',
        errors: [
          { path: 'body.answers.team.slug', message: 'This web address is already in use' },
          { path: 'body.answers.team.season', message: 'Use a season such as Spring 2026' },
        ],
      },
    }));
    await type(getByTestId('edit-team-name'), 'Tigers 13U');
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(helperOf('edit-team-slug')).toBe('This web address is already in use'));
    expect(helperOf('edit-team-season')).toBe('Use a season such as Spring 2026');
    expect(queryByTestId('edit-step-dialog')).not.toBeNull();
    expect(api.callsTo('PUT /onboarding/').map((c) => c.body)).toEqual([
      {
        id: 5,
        answers: {
          team: {
            name: 'Tigers 13U',
            sport: 'baseball',
            ageGroup: '12U',
            season: 'Spring 2026',
            rosterSize: 14,
            slug: 'tigers-12u',
          },
        },
      },
    ]);
  });

  it('refuses what the contract refuses before sending (a roster out of range, a blank name)', async () => {
    const api = await openEdit('team', () => ({ json: { hasError: false } }));
    await type(getByTestId('edit-team-name'), '  ');
    await type(getByTestId('edit-team-roster'), '500');
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(helperOf('edit-team-roster')).not.toBe(''));
    expect(helperOf('edit-team-name')).toBe('This field is required');
    expect(api.callsTo('PUT /onboarding/')).toHaveLength(0);
  });

  it('sends the goals in cents and a blank coach as none, and closes', async () => {
    const api = await openEdit('fundraising', () => ({ json: { hasError: false, message: 'Saved.' } }));
    await type(getByTestId('edit-goal'), '3,000');
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(queryByTestId('edit-step-dialog')).toBeNull());
    expect(api.callsTo('PUT /onboarding/')[0]?.body).toEqual({
      id: 5,
      answers: {
        fundraising: {
          goalCents: 300_000,
          playerGoalCents: 20_000,
          startDate: '2026-04-01',
          endDate: '2026-05-31',
          purpose: 'Tournament travel',
        },
      },
    });
    await click(getByTestId('registration-contacts-edit'));
    await waitFor(() => getByTestId('edit-step-dialog'));
    for (const f of ['first', 'last', 'email', 'phone']) await type(getByTestId(`edit-coach-${f}`), '');
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(api.callsTo('PUT /onboarding/')).toHaveLength(2));
    expect(api.callsTo('PUT /onboarding/')[1]?.body).toEqual({
      id: 5,
      answers: {
        contacts: {
          admin: { firstName: 'Rita', lastName: 'Registrant', email: 'rita@example.org' },
          coach: null,
          treasurer: null,
        },
      },
    });
  });

  it("places a contact's server error, and the contract's date rule in Spanish", async () => {
    const api = await openEdit(
      'contacts',
      () => ({
        status: 400,
        json: {
          hasError: true,
          code: 'VALIDATION_FAILED',
          message: 'x',
          errors: [{ path: 'body.answers.contacts.coach.email', message: 'Invalid email address' }],
        },
      }),
      'es',
    );
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(helperOf('edit-coach-email')).not.toBe(''));
    expect(helperOf('edit-admin-email')).toBe('');
    expect(api.callsTo('PUT /onboarding/')).toHaveLength(1);
    await click(document.querySelector('[data-testid="edit-step-dialog"] button:not([type="submit"])') as HTMLElement);
    await waitFor(() => expect(queryByTestId('edit-step-dialog')).toBeNull());

    await click(getByTestId('registration-fundraising-edit'));
    await waitFor(() => getByTestId('edit-step-dialog'));
    await type(getByTestId('edit-end'), '01/03/2026');
    await click(getByTestId('edit-step-submit'));
    await waitFor(() => expect(helperOf('edit-end')).toBe('La fecha de fin debe ser posterior a la de inicio.'));
    expect(api.callsTo('PUT /onboarding/')).toHaveLength(1);
  });
});
