/**
 * Recording an offline sponsorship: the contract's schema checks the form before it is sent (names,
 * e-mail, reference and date required; a website must be a full address), blank optional fields
 * are left out, and a 409 (no unit left) shows the server's message.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../test/render';
import { ok, opportunity, renderWith, sponsor } from '../test/fixtures';
import { OfflineDialog } from './OfflineDialog';

const helper = (testId: string) =>
  textOf(getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root') ?? null);
const OPPORTUNITIES = [opportunity({ status: 'draft', id: 30, name: 'Draft one' }), opportunity()];

describe('OfflineDialog', { timeout: 30_000 }, () => {
  it('refuses missing fields and a bad website on their fields, then sends the body', async () => {
    let closed = false;
    const api = fakeApi({ 'POST /admin/sponsorship/offline': () => ok(sponsor({ method: 'offline' })) });
    await renderWith(<OfflineDialog opportunities={OPPORTUNITIES} onClose={() => (closed = true)} />);
    await click(getByTestId('offline-submit'));
    await waitFor(() => expect(helper('offline-first')).not.toBe(''));
    expect(helper('offline-email')).not.toBe('');
    expect(helper('offline-reference')).not.toBe('');
    expect(api.calls).toHaveLength(0);

    await type(getByTestId('offline-first'), 'Pat');
    await type(getByTestId('offline-last'), 'Baker');
    await type(getByTestId('offline-email'), 'pat@bakery.example');
    await type(getByTestId('offline-business'), 'Pat’s Bakery');
    await type(getByTestId('offline-website'), 'bakery');
    await type(getByTestId('offline-reference'), 'Cheque 1042');
    await type(getByTestId('offline-received'), '03/02/2026');
    await click(getByTestId('offline-submit'));
    await waitFor(() => expect(helper('offline-website')).toContain('full address'));
    expect(api.calls).toHaveLength(0);

    await type(getByTestId('offline-website'), 'https://bakery.example');
    await click(getByTestId('offline-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      opportunityId: 31,
      firstName: 'Pat',
      lastName: 'Baker',
      email: 'pat@bakery.example',
      businessName: 'Pat’s Bakery',
      website: 'https://bakery.example',
      reference: 'Cheque 1042',
      receivedOn: '2026-03-02',
      language: 'en',
    });
    await waitFor(() => expect(closed).toBe(true));
  });

  it('shows the server message when no unit is left', async () => {
    fakeApi({
      'POST /admin/sponsorship/offline': () => ({
        status: 409,
        json: { hasError: true, code: 'SPONSORSHIP_SOLD_OUT', message: 'This sponsorship is sold out.' },
      }),
    });
    await renderWith(<OfflineDialog opportunities={OPPORTUNITIES} onClose={() => {}} />);
    await type(getByTestId('offline-first'), 'Pat');
    await type(getByTestId('offline-last'), 'Baker');
    await type(getByTestId('offline-email'), 'pat@bakery.example');
    await type(getByTestId('offline-reference'), 'Cash');
    await click(getByTestId('offline-submit'));
    await waitFor(() => expect(textOf(getByTestId('offline-error'))).toContain('sold out'));
    expect(queryByTestId('offline-dialog')).not.toBeNull();
  });
});
