/**
 * /affiliates/profile (the Affiliate): the record found through GET /affiliate/ (their own row),
 * an offer accepted only once its terms are marked read, with the terms version shown; the
 * profile form checks the contract's rules before PUT /affiliate/ and shows the server's refusal
 * beside the field; staff without an `?id=` are told where to go.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, textOf, type, waitFor } from '../../../../test/render';
import { affiliateUser, detail, item, ok, program, renderRoute, superAdmin } from '../../test/fixtures';
import { AffiliateProfilePage } from './AffiliateProfilePage';

const offered = detail({
  offers: [
    {
      id: 41,
      affiliateId: 5,
      programId: 4,
      programName: 'Gift partners',
      status: 'offered',
      termsVersion: 3,
      acceptedTermsVersion: null,
      acceptedAt: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
});

function server(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /affiliate/': () => ({ json: { hasError: false, data: [item()], total: 1 } }),
    'GET /affiliate/5': () => ok(offered),
    'GET /affiliate/program': () =>
      ok([program({ id: 4, name: 'Gift partners', termsVersion: 3, terms: 'Gift terms v3' })]),
    ...extra,
  });
}

describe('AffiliateProfilePage (/affiliates/profile)', { timeout: 30_000 }, () => {
  it('accepts an offer with the terms version read, once the terms are marked read', async () => {
    const api = server({ 'POST /affiliate/offer/accept': () => ok(offered.offers[0]) });
    await renderRoute(<AffiliateProfilePage />, affiliateUser, '/affiliates/profile');
    await waitFor(() => expect(textOf(getByTestId('offer-terms-41'))).toBe('Gift terms v3'), 15_000);
    expect(api.callsTo('GET /affiliate/')[0]?.query.get('perPage')).toBe('1');
    expect(textOf(getByTestId('pending-offer-41'))).toContain('Terms (version 3)');
    const accept = getByTestId<HTMLButtonElement>('offer-accept-41');
    expect(accept.disabled).toBe(true);
    await click(getByTestId('offer-read-41'));
    await waitFor(() => expect(getByTestId<HTMLButtonElement>('offer-accept-41').disabled).toBe(false));
    await click(getByTestId('offer-accept-41'));
    await waitFor(() =>
      expect(api.callsTo('POST /affiliate/offer/accept').map((c) => c.body)).toEqual([
        { offerId: 41, termsVersion: 3 },
      ]),
    );
  });

  it('checks the profile before sending it, and shows the server refusal beside its field', async () => {
    const api = server({
      'GET /affiliate/validate-url/ava-a': () => ok({ available: true, url: 'ava-a' }),
      'PUT /affiliate/': () => ({
        status: 409,
        json: {
          hasError: true,
          code: 'SLUG_TAKEN',
          message: 'Taken',
          errors: [{ path: 'body.slug', message: 'This web address is taken' }],
        },
      }),
    });
    await renderRoute(<AffiliateProfilePage />, affiliateUser, '/affiliates/profile');
    await waitFor(() => expect(getByTestId<HTMLInputElement>('profile-first').value).toBe('Ava'), 15_000);
    await type(getByTestId('profile-website'), 'not a site');
    await click(getByTestId('profile-save'));
    await waitFor(() => expect(textOf(getByTestId('affiliate-profile-form'))).toContain('Enter a full address'));
    expect(api.callsTo('PUT /affiliate/')).toEqual([]);

    await type(getByTestId('profile-website'), '');
    await type(getByTestId('profile-slug'), 'ava-a');
    await type(getByTestId('profile-bio'), 'New bio');
    await click(getByTestId('profile-save'));
    await waitFor(() => expect(api.callsTo('PUT /affiliate/')).toHaveLength(1));
    expect(api.callsTo('PUT /affiliate/')[0]?.body).toEqual({
      id: 5,
      firstName: 'Ava',
      lastName: 'Abbott',
      slug: 'ava-a',
      website: null,
      phone: '512-555-0100',
      bio: 'New bio',
      language: 'en',
      payoutMethod: 'paypal',
      payoutTo: 'ava@paypal.example',
    });
    await waitFor(() => expect(textOf(getByTestId('affiliate-profile-form'))).toContain('This web address is taken'));
  });

  it('tells staff to open an affiliate from the list', async () => {
    const api = server();
    await renderRoute(<AffiliateProfilePage />, superAdmin, '/affiliates/profile');
    await waitFor(() => expect(textOf(getByTestId('affiliate-self-prompt'))).toContain('Settings › Affiliates'));
    expect(api.calls).toEqual([]);
  });
});
