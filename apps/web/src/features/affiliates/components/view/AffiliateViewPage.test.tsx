/**
 * /affiliates/view/{id}: the record (profile, balances, offers, organizations, payout requests);
 * Super Admin's actions ask first and send what the contract says: mark paid with a reference
 * (and show what was paid), pause through PUT /affiliate/ with the status, detach an organization,
 * decline a payout request with a reason; FYS Sales see no action.
 */
import type { AffiliateDetail } from '@fc/contracts';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../../test/render';
import { detail, ok, renderRoute, sales, superAdmin } from '../../test/fixtures';
import { AffiliateViewPage } from './AffiliateViewPage';

function server(record: () => AffiliateDetail, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /affiliate/5': () => ok(record()),
    'GET /affiliate/5/conversions': () => ({ json: { hasError: false, data: [], total: 0 } }),
    ...extra,
  });
}

async function choose(selectTestId: string, label: string) {
  await act(async () => {
    getByTestId(selectTestId).dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('[role="option"]')].find((el) => el.textContent === label);
    if (!o) throw new Error(`no option ${label}`);
    return o;
  });
  await click(option);
}

describe('AffiliateViewPage (/affiliates/view/:id)', { timeout: 30_000 }, () => {
  it('shows the record, and marks the commissions paid with a reference', async () => {
    let current = detail();
    const api = server(() => current, {
      'POST /affiliate/5/commissions/pay': () => {
        current = detail({ balances: { ...current.balances, approvedCents: 0, payableCents: 0, paidCents: 7500 } });
        return ok({ paidCount: 3, paidCents: 5500, clawbackCents: 500 });
      },
    });
    await renderRoute(<AffiliateViewPage />, superAdmin, '/affiliates/view/5');
    await waitFor(() => expect(textOf(getByTestId('affiliate-header'))).toContain('Ava Abbott'), 15_000);
    const header = textOf(getByTestId('affiliate-header'));
    for (const s of [
      'ava@example.org',
      'Active',
      '/affiliate/ava-abbott',
      'PayPal · ava@paypal.example',
      'https://ava.example.org',
    ])
      expect(header).toContain(s);
    expect(getByTestId('affiliate-public-link').getAttribute('href')).toBe('/affiliate/ava-abbott');
    expect(textOf(getByTestId('balance-payable'))).toBe('$55.00');
    expect(textOf(getByTestId('balance-clawback'))).toBe('$5.00');
    expect(textOf(getByTestId('affiliate-offers'))).toContain('Accepted');
    expect(textOf(getByTestId('affiliate-orgs'))).toContain('Austin Youth Baseball');

    await click(getByTestId('affiliate-pay'));
    await click(getByTestId('pay-submit'));
    await waitFor(() => expect(textOf(getByTestId('pay-dialog'))).toContain('required'));
    expect(api.callsTo('POST /affiliate/5/commissions/pay')).toEqual([]);
    await type(getByTestId('pay-reference'), '  CHK-1042 ');
    await click(getByTestId('pay-submit'));
    await waitFor(() => expect(textOf(getByTestId('pay-result'))).toContain('3 commissions marked paid: $55.00.'));
    expect(textOf(getByTestId('pay-result'))).toContain('$5.00 taken back.');
    expect(api.callsTo('POST /affiliate/5/commissions/pay').map((c) => c.body)).toEqual([{ reference: 'CHK-1042' }]);
    await waitFor(() => expect(textOf(getByTestId('balance-paid'))).toBe('$75.00'));
  });

  it('pauses only after the confirmation, through PUT /affiliate/ with the status', async () => {
    let current = detail();
    const api = server(() => current, {
      'PUT /affiliate/': (req) => {
        current = detail({ status: (req.body as { status: 'paused' }).status });
        return { json: { hasError: false, message: 'Saved' } };
      },
    });
    await renderRoute(<AffiliateViewPage />, superAdmin, '/affiliates/view/5');
    await click(await waitFor(() => getByTestId('affiliate-pause'), 15_000));
    expect(textOf(getByTestId('confirm-dialog'))).toContain('Pause Ava Abbott?');
    expect(api.callsTo('PUT /affiliate/')).toEqual([]);
    await click(getByTestId('confirm-button'));
    await waitFor(() =>
      expect(api.callsTo('PUT /affiliate/').map((c) => c.body)).toEqual([{ id: 5, status: 'paused' }]),
    );
    await waitFor(() => expect(textOf(getByTestId('affiliate-status'))).toBe('Paused'));
    expect(queryByTestId('affiliate-resume')).not.toBeNull();
  });

  it('detaches an organization after the confirmation, and declines a payout request with a reason', async () => {
    const api = server(() => detail(), {
      'DELETE /organization_affiliate/21': () => ({ json: { hasError: false, message: 'Detached' } }),
      'POST /affiliate/5/payout-request/decline': () => ({ json: { hasError: false, message: 'Declined' } }),
    });
    await renderRoute(<AffiliateViewPage />, superAdmin, '/affiliates/view/5');
    await click(await waitFor(() => getByTestId('org-detach-21'), 15_000));
    expect(textOf(getByTestId('confirm-dialog'))).toContain('Austin Youth Baseball');
    expect(api.callsTo('DELETE /organization_affiliate/21')).toEqual([]);
    await click(getByTestId('confirm-button'));
    await waitFor(() => expect(api.callsTo('DELETE /organization_affiliate/21')).toHaveLength(1));

    await click(getByTestId('request-decline'));
    await type(getByTestId('decline-reason'), 'Payout details missing');
    await click(getByTestId('decline-submit'));
    await waitFor(() =>
      expect(api.callsTo('POST /affiliate/5/payout-request/decline').map((c) => c.body)).toEqual([
        { reason: 'Payout details missing' },
      ]),
    );
  });

  it('FYS Sales read the record without actions and filter its conversions; an unknown one is "not found" (in Spanish)', async () => {
    const api = server(() => detail());
    await renderRoute(<AffiliateViewPage />, sales, '/affiliates/view/5', 'es');
    await waitFor(() => expect(textOf(getByTestId('affiliate-balances'))).toContain('A pagar ahora'), 15_000);
    for (const id of ['affiliate-actions', 'affiliate-pay', 'orgs-attach', 'org-detach-21', 'request-decline'])
      expect(queryByTestId(id)).toBeNull();
    await waitFor(() => expect(textOf(getByTestId('conversions-grid'))).toContain('No hay conversiones'), 15_000);
    await choose('conversions-status', 'Aprobada');
    await choose('conversions-kind', 'Donación');
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /affiliate/5/conversions').at(-1)?.query ?? [])).toEqual({
        status: 'approved',
        kind: 'gift',
        sort: 'desc',
        page: '1',
        perPage: '10',
      }),
    );

    fakeApi({
      'GET /affiliate/9': () => ({ status: 404, json: { hasError: true, code: 'NOT_FOUND', message: 'Not found' } }),
    });
    await renderRoute(<AffiliateViewPage />, sales, '/affiliates/view/9', 'es');
    await waitFor(() => expect(textOf(getByTestId('affiliate-not-found'))).toContain('Afiliado no encontrado'));
  });
});
