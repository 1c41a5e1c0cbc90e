/**
 * /onboarding/view/{id}: every answer in sections, the registrant and their confirmed e-mail, and
 * the actions each caller may take (Super Admin all; FYS Sales their own records and a claim on
 * unassigned ones) with their confirmations: approve (says what is created; a 409 shown as the
 * API said it), reject (a required reason), delete (unsubmitted or rejected only), claim.
 */
import type { RegistrationDetail } from '@fc/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../../test/render';
import { detail, renderRoute, sales, superAdmin } from '../../test/fixtures';
import { RegistrationViewPage } from './RegistrationViewPage';

function server(
  record: RegistrationDetail,
  writes: Record<string, (req: FakeRequest) => { status?: number; json: unknown }> = {},
) {
  let current = record;
  const api = fakeApi({
    [`GET /onboarding/${record.id}`]: () => ({ json: { hasError: false, data: { data: current } } }),
    ...writes,
  });
  return { api, set: (r: RegistrationDetail) => (current = r) };
}

const ok = (message: string) => () => ({ json: { hasError: false, message } });
const buttons = () =>
  ['claim', 'approve', 'reject', 'delete'].filter((b) => queryByTestId(`registration-${b}`) !== null);
const editButtons = () =>
  ['organization', 'team', 'contacts', 'fundraising'].filter((s) => queryByTestId(`registration-${s}-edit`) !== null);

describe('RegistrationViewPage (/onboarding/view/{id})', () => {
  it('shows every answer readably, and approves after a confirmation that says what is created', async () => {
    const { api, set } = server(detail(), { 'POST /onboarding/5/approve': ok('Approved.') });
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5');
    await waitFor(() => getByTestId('registration-header'));
    expect(textOf(getByTestId('registration-organization'))).toContain('A new organization or league');
    expect(textOf(getByTestId('registration-org-name'))).toBe('Austin Youth Baseball');
    expect(textOf(getByTestId('registration-team'))).toContain('Baseball');
    expect(textOf(getByTestId('registration-team'))).toContain('Spring 2026');
    expect(textOf(getByTestId('registration-coach-name'))).toBe('Carl Coach');
    expect(textOf(getByTestId('registration-contacts'))).toContain('None given.');
    expect(textOf(getByTestId('registration-goal'))).toBe('$2,500.00');
    expect(textOf(getByTestId('registration-dates'))).toBe('Apr 1, 2026 to May 31, 2026');
    expect(textOf(getByTestId('registration-email-confirmed'))).toBe('confirmed');
    expect(textOf(getByTestId('registration-salesperson'))).toBe('Unassigned');
    // Super Admin, a pending record: decide and edit; nothing to claim or delete.
    expect(buttons()).toEqual(['approve', 'reject']);
    expect(editButtons()).toEqual(['organization', 'team', 'contacts', 'fundraising']);

    await click(getByTestId('registration-approve'));
    const creates = textOf(await waitFor(() => getByTestId('approve-creates')));
    expect(creates).toContain('the organization “Austin Youth Baseball”');
    expect(creates).toContain('the team “Tigers 12U” with its first division');
    expect(creates).toContain('invitation e-mailed to rita@example.org');
    expect(creates).toContain('a draft campaign with a goal of $2,500.00, from Apr 1, 2026 to May 31, 2026');
    expect(api.callsTo('POST /onboarding/5/approve')).toHaveLength(0);
    set(
      detail({
        status: 'approved',
        decidedBy: { id: 8, name: 'Sam Admin' },
        decidedAt: '2026-03-04T15:00:00.000Z',
        created: { organizationId: 40, teamId: 41, divisionId: 42, campaignId: 43 },
      }),
    );
    await click(getByTestId('approve-confirm'));
    await waitFor(() => expect(queryByTestId('approve-dialog')).toBeNull());
    expect(api.callsTo('POST /onboarding/5/approve')).toHaveLength(1);
    // The record is read again: what approval created, linked; no more decisions or edits.
    await waitFor(() => expect(textOf(getByTestId('registration-status'))).toBe('Approved'));
    expect(getByTestId('registration-created-team').getAttribute('href')).toBe('/orgs/teams/view/41');
    expect(getByTestId('registration-created-campaign').getAttribute('href')).toBe('/campaigns/view/43');
    expect(textOf(getByTestId('registration-decided-by'))).toContain('Sam Admin');
    expect(buttons()).toEqual([]);
    expect(editButtons()).toEqual([]);
  });

  it('shows an approval refused with 409 as the API says it, and creates nothing', async () => {
    const { api } = server(detail(), {
      'POST /onboarding/5/approve': () => ({
        status: 409,
        json: {
          hasError: true,
          code: 'CONFLICT',
          message: 'The web address "tigers-12u" was taken since; edit the team and try again.',
        },
      }),
    });
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5');
    await click(await waitFor(() => getByTestId('registration-approve')));
    await click(await waitFor(() => getByTestId('approve-confirm')));
    await waitFor(() =>
      expect(textOf(getByTestId('approve-error'))).toBe(
        'The web address "tigers-12u" was taken since; edit the team and try again.',
      ),
    );
    expect(queryByTestId('approve-dialog')).not.toBeNull();
    // The record was read again after the conflict.
    await waitFor(() => expect(api.callsTo('GET /onboarding/5').length).toBeGreaterThan(1));
  });

  it('rejects only with a reason, which is sent', async () => {
    const { api } = server(detail(), { 'POST /onboarding/5/reject': ok('Rejected.') });
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5');
    await click(await waitFor(() => getByTestId('registration-reject')));
    const dialog = await waitFor(() => getByTestId('reject-dialog'));
    expect(textOf(dialog)).toContain('The reason is e-mailed to rita@example.org (in Español)');
    await click(getByTestId('reject-confirm'));
    await waitFor(() => expect(textOf(dialog)).toContain('This field is required'));
    expect(api.callsTo('POST /onboarding/5/reject')).toHaveLength(0);
    await type(getByTestId('reject-reason'), '  The team is outside the US.  ');
    await click(getByTestId('reject-confirm'));
    await waitFor(() => expect(queryByTestId('reject-dialog')).toBeNull());
    expect(api.callsTo('POST /onboarding/5/reject').map((c) => c.body)).toEqual([
      { reason: 'The team is outside the US.' },
    ]);
  });

  it('lets FYS Sales claim an unassigned record (and act on it, as the API allows)', async () => {
    const { api, set } = server(detail(), { 'POST /onboarding/5/claim': ok('Claimed.') });
    await renderRoute(<RegistrationViewPage />, sales, '/onboarding/view/5');
    await waitFor(() => getByTestId('registration-header'));
    expect(buttons()).toEqual(['claim', 'approve', 'reject']);
    expect(editButtons()).toHaveLength(4);
    set(detail({ salesperson: { id: 9, name: 'Sara Sales' } }));
    await click(getByTestId('registration-claim'));
    await waitFor(() => expect(textOf(getByTestId('registration-salesperson'))).toBe('Sara Sales'));
    expect(api.callsTo('POST /onboarding/5/claim')).toHaveLength(1);
    expect(buttons()).toEqual(['approve', 'reject']);
    expect(editButtons()).toHaveLength(4);
  });

  it('shows Super Admin no claim: they assign a salesperson instead (PUT /onboarding/ salesUserId)', async () => {
    const { api, set } = server(detail({ status: 'in_progress', submittedAt: null, step: 2 }), {
      'GET /admin/user/list': () => ({
        json: {
          hasError: false,
          data: [
            {
              id: 9,
              firstName: 'Sara',
              lastName: 'Sales',
              email: 's@x.org',
              role: 'fys_sales',
              status: 'active',
              avatar: null,
              createdAt: '2026-01-01T00:00:00.000Z',
            },
          ],
          total: 1,
        },
      }),
      'PUT /onboarding/': ok('Saved.'),
    });
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5');
    await waitFor(() => getByTestId('registration-header'));
    expect(buttons()).toEqual(['delete']);
    expect(editButtons()).toHaveLength(4);
    await click(getByTestId('registration-assign'));
    await waitFor(() => getByTestId('salesperson-dialog'));
    expect(api.callsTo('GET /admin/user/list')[0]?.query.get('role')).toBe('fys_sales');
    // Choose Sara in the select's list (MUI renders it as a listbox in a portal).
    await waitFor(() => expect(getByTestId('salesperson-select').getAttribute('aria-disabled')).toBeNull());
    await act(async () => {
      getByTestId('salesperson-select').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    });
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll('[role="option"]')].find((el) => el.textContent === 'Sara Sales');
      if (!o) throw new Error('no option');
      return o;
    });
    set(detail({ status: 'in_progress', submittedAt: null, step: 2, salesperson: { id: 9, name: 'Sara Sales' } }));
    await click(option);
    await click(getByTestId('salesperson-submit'));
    await waitFor(() => expect(queryByTestId('salesperson-dialog')).toBeNull());
    expect(api.callsTo('PUT /onboarding/').map((c) => c.body)).toEqual([{ id: 5, salesUserId: 9 }]);
    await waitFor(() => expect(textOf(getByTestId('registration-salesperson'))).toBe('Sara Sales'));
  });

  it("keeps FYS Sales off another salesperson's record", async () => {
    server(detail({ salesperson: { id: 77, name: 'Other Seller' } }));
    await renderRoute(<RegistrationViewPage />, sales, '/onboarding/view/5');
    await waitFor(() => getByTestId('registration-header'));
    expect(buttons()).toEqual([]);
    expect(editButtons()).toEqual([]);
  });

  it('deletes an unsubmitted record after a confirmation, then goes back to the list', async () => {
    const record = detail({
      status: 'in_progress',
      step: 3,
      submittedAt: null,
      salesperson: { id: 9, name: 'Sara Sales' },
    });
    const { api } = server(record, { 'DELETE /onboardings/delete': ok('Deleted.') });
    await renderRoute(<RegistrationViewPage />, sales, '/onboarding/view/5', 'en', <p data-testid="list-route" />);
    await waitFor(() => getByTestId('registration-header'));
    expect(buttons()).toEqual(['delete']);
    await click(getByTestId('registration-delete'));
    expect(textOf(await waitFor(() => getByTestId('confirm-dialog')))).toContain(
      '“Tigers 12U” and its answers are removed for good.',
    );
    expect(api.callsTo('DELETE /onboardings/delete')).toHaveLength(0);
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(api.callsTo('DELETE /onboardings/delete')).toHaveLength(1));
    expect(api.callsTo('DELETE /onboardings/delete')[0]?.query.get('id')).toBe('5');
    await waitFor(() => getByTestId('list-route'));
  });

  it('offers delete on a rejected record, with its reason shown', async () => {
    server(
      detail({
        status: 'rejected',
        reason: 'Outside the US.',
        decidedBy: { id: 8, name: 'Sam Admin' },
        decidedAt: '2026-03-04T15:00:00.000Z',
      }),
    );
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/5');
    await waitFor(() => getByTestId('registration-header'));
    expect(buttons()).toEqual(['delete']);
    expect(textOf(getByTestId('registration-reason'))).toBe('Outside the US.');
  });

  it('says so when the record does not exist', async () => {
    fakeApi({ 'GET /onboarding/404': () => ({ status: 404, json: { hasError: true, message: 'Not found' } }) });
    await renderRoute(<RegistrationViewPage />, superAdmin, '/onboarding/view/404');
    await waitFor(() => getByTestId('registration-not-found'));
  });
});
