/**
 * The opportunity dialog: dollars typed are sent as cents (contract opportunityBodySchema), the
 * deductible part shows as the price and fair-market value are typed, a fair-market value above the
 * price is refused on its field with nothing sent, benefit lines are added and removed (blank ones
 * dropped), and the server's field errors land on their fields.
 */
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/network';
import { click, getByTestId, queryByTestId, textOf, type, waitFor } from '../../../test/render';
import { ok, opportunity, renderWith } from '../test/fixtures';

const CHECK = {
  'GET /sponsorship_opportunity/validate-url/fence-banner': () => ok({ url: 'fence-banner', available: true }),
};
const writes = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path.startsWith('/admin/'));

import { OpportunityDialog } from './OpportunityDialog';

const helper = (testId: string) =>
  textOf(getByTestId(testId).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root') ?? null);

async function fill() {
  await type(getByTestId('opportunity-name'), 'Fence banner');
  await type(getByTestId('opportunity-slug'), 'Fence-Banner');
  await type(getByTestId('opportunity-price'), '250');
  await type(getByTestId('opportunity-quantity'), '3');
}

describe('OpportunityDialog', { timeout: 30_000 }, () => {
  it('sends dollars as cents, the benefits without blank lines, and shows the deductible live', async () => {
    const api = fakeApi({ ...CHECK, 'POST /admin/sponsorship_opportunity': () => ok(opportunity()) });
    await renderWith(<OpportunityDialog opportunity={null} owner={{ organizationId: 21 }} onClose={() => {}} />);
    await fill();
    await waitFor(() => expect(getByTestId('opportunity-slug-status').dataset.status).toBe('available'), 5000);
    await type(getByTestId('opportunity-fmv'), '50.50');
    await waitFor(() => expect(textOf(getByTestId('opportunity-deductible'))).toContain('$199.50'));

    await click(getByTestId('benefit-add'));
    await type(getByTestId('benefit-0'), '  Banner all season ');
    await click(getByTestId('benefit-add'));
    await click(getByTestId('benefit-add'));
    await type(getByTestId('benefit-2'), 'Logo on the team page');
    await click(getByTestId('benefit-add'));
    await type(getByTestId('benefit-3'), 'to remove');
    await click(getByTestId('benefit-remove-3'));
    expect(queryByTestId('benefit-3')).toBeNull();

    await click(getByTestId('opportunity-submit'));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const body = api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      organizationId: 21,
      slug: 'fence-banner',
      name: 'Fence banner',
      priceCents: 25_000,
      quantity: 3,
      fairMarketValueCents: 5_050,
      benefits: ['Banner all season', 'Logo on the team page'],
      tier: 'community',
      status: 'draft',
    });
  });

  it('refuses a fair-market value above the price on its field, sending nothing; unlimited sends null', async () => {
    const api = fakeApi({ ...CHECK, 'POST /admin/sponsorship_opportunity': () => ok(opportunity()) });
    await renderWith(<OpportunityDialog opportunity={null} owner={{ campaignId: 4 }} onClose={() => {}} />);
    await fill();
    await type(getByTestId('opportunity-fmv'), '300');
    await click(getByTestId('opportunity-submit'));
    await waitFor(() => expect(helper('opportunity-fmv')).toContain('cannot be more than the price'));
    expect(writes(api)).toHaveLength(0);

    await type(getByTestId('opportunity-fmv'), '');
    await waitFor(() => expect(textOf(getByTestId('opportunity-deductible'))).toContain('$250.00'));
    await click(getByTestId('opportunity-unlimited'));
    await click(getByTestId('opportunity-submit'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]?.body).toMatchObject({ campaignId: 4, quantity: null, fairMarketValueCents: 0 });
  });

  it('puts the server field errors on their fields (slug taken, quantity under sold) when editing', async () => {
    const api = fakeApi({
      ...CHECK,
      'PUT /admin/sponsorship_opportunity/31': () => ({
        status: 409,
        json: {
          hasError: true,
          code: 'CONFLICT',
          message: 'Could not save',
          errors: [
            { path: 'body.slug', message: 'This web address is taken' },
            { path: 'body.quantity', message: 'At least 3 units are sold or held' },
          ],
        },
      }),
    });
    await renderWith(
      <OpportunityDialog opportunity={opportunity()} owner={{ organizationId: 21 }} onClose={() => {}} />,
    );
    expect((getByTestId('opportunity-price') as HTMLInputElement).value).toBe('250');
    expect((getByTestId('benefit-1') as HTMLInputElement).value).toBe('Logo on the team page');
    await type(getByTestId('opportunity-quantity'), '2');
    await click(getByTestId('opportunity-submit'));
    await waitFor(() => expect(helper('opportunity-slug')).toContain('This web address is taken'));
    expect(helper('opportunity-quantity')).toContain('At least 3 units');
    const body = writes(api)[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('organizationId');
    expect(body).toMatchObject({ quantity: 2, priceCents: 25_000, fairMarketValueCents: 5_000 });
  });

  it('reads and writes Spanish amounts', async () => {
    const api = fakeApi({ ...CHECK, 'POST /admin/sponsorship_opportunity': () => ok(opportunity()) });
    await renderWith(<OpportunityDialog opportunity={null} owner={{ organizationId: 21 }} onClose={() => {}} />, 'es');
    await fill();
    await type(getByTestId('opportunity-price'), '250,75');
    await waitFor(() => expect(textOf(getByTestId('opportunity-deductible'))).toContain('Parte deducible'));
    await click(getByTestId('opportunity-submit'));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]?.body).toMatchObject({ priceCents: 25_075 });
  });
});
