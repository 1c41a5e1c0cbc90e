import type { CampaignSummary, DonationDetail, OfflineDonationBody, StoredUser } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { donorUser } from '../../../../lib/auth/test-user';
import { type FakeRequest, fakeApi } from '../../../../test/network';
import { click, getByTestId, render, textOf, type, waitFor } from '../../../../test/render';
import { DataEntryPage } from './DataEntryPage';

/** A staff member entering the cash and checks a team collected (/system/dataentry). */
const staff: StoredUser = { ...donorUser, id: 40, role: 'super_admin', donor_profile: [] };
const campaigns = [
  { id: 7, title: 'Spring Drive', organization_name: 'Tigers' },
  { id: 8, title: 'Winter Cup', organization_name: 'Lions' },
] as unknown as CampaignSummary[];

/** The server's offline-gift endpoint: records the body it gets and answers the donation's detail. */
function donationForm(received: OfflineDonationBody[]) {
  return (req: FakeRequest) => {
    const body = req.body as OfflineDonationBody;
    received.push(body);
    const detail = {
      id: 900 + received.length,
      amountCents: body.amountCents,
      donorName: `${body.firstName} ${body.lastName}`,
      campaignTitle: campaigns.find((c) => c.id === body.campaignId)?.title ?? '',
      receiptNumber: `R-${received.length}`,
    } as unknown as DonationDetail;
    return { json: { hasError: false, data: detail } };
  };
}

const handlers = (received: OfflineDonationBody[]) => ({
  'GET /admin/campaign/listbyuser/': () => ({ json: { data: campaigns } }),
  'GET /campaign/7/fundraisers': () => ({ json: { data: [], total: 0 } }),
  'POST /admin/donation_form': donationForm(received),
});

const input = (id: string) => getByTestId<HTMLInputElement>(id);
/** The field's message (MUI links it with aria-describedby). */
const messageOf = (id: string) => {
  const described = input(id).getAttribute('aria-describedby');
  return described ? textOf(document.getElementById(described)) : '';
};

async function chooseCampaign(title: string) {
  await type(input('dataentry-campaign'), title.slice(0, 6));
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('[role="option"]')].find((el) => textOf(el).startsWith(title));
    if (!o) throw new Error(`no option ${title}`);
    return o;
  });
  await click(option);
}

async function fillGift() {
  await chooseCampaign('Spring Drive');
  await type(input('dataentry-amount'), '25.50');
  await type(input('dataentry-first-name'), 'Rosa');
  await type(input('dataentry-last-name'), 'Parks');
  await type(input('dataentry-email'), 'Rosa@Example.org');
  await click(input('dataentry-cash'));
}

describe('DataEntryPage (cash and check gifts entered by staff)', () => {
  it('names every missing or invalid field and sends nothing', async () => {
    const received: OfflineDonationBody[] = [];
    const server = fakeApi(handlers(received));
    await render(<DataEntryPage />, { user: staff });
    await type(input('dataentry-amount'), 'abc');
    await click(getByTestId('dataentry-submit'));
    await waitFor(() => expect(input('dataentry-amount').getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf('dataentry-campaign')).toBe('Choose the campaign this gift is for');
    expect(messageOf('dataentry-amount')).not.toBe('');
    for (const id of ['dataentry-first-name', 'dataentry-last-name', 'dataentry-email'])
      expect(input(id).getAttribute('aria-invalid'), id).toBe('true');
    expect(server.callsTo('POST /admin/donation_form')).toEqual([]);
    expect(received).toEqual([]);
  });

  it('records the gift in cents, shows it, and keeps the campaign and method for the next envelope', async () => {
    const received: OfflineDonationBody[] = [];
    const server = fakeApi(handlers(received));
    await render(<DataEntryPage />, { user: staff });
    await fillGift();
    await click(getByTestId('dataentry-submit'));

    const created = await waitFor(() => getByTestId('dataentry-created'));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      campaignId: 7,
      amountCents: 2550,
      firstName: 'Rosa',
      lastName: 'Parks',
      email: 'rosa@example.org',
      offlineMethod: 'cash',
      sendReceipt: true,
      anonymous: false,
      language: 'en',
    });
    expect(received[0]?.receivedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(textOf(created)).toContain('Recorded $25.50 from Rosa Parks for Spring Drive.');
    expect(textOf(created)).toContain('R-1');

    // The next envelope: donor and amount cleared, campaign, method and date kept.
    await waitFor(() => expect(input('dataentry-amount').value).toBe(''));
    expect(input('dataentry-first-name').value).toBe('');
    expect(input('dataentry-email').value).toBe('');
    expect(input('dataentry-campaign').value).toBe('Spring Drive');
    expect(input('dataentry-cash').checked).toBe(true);

    await type(input('dataentry-amount'), '10');
    await type(input('dataentry-first-name'), 'Ana');
    await type(input('dataentry-last-name'), 'Diaz');
    await type(input('dataentry-email'), 'ana@example.org');
    await click(getByTestId('dataentry-submit'));
    await waitFor(() => expect(textOf(getByTestId('dataentry-created'))).toContain('Recorded $10.00 from Ana Diaz'));
    expect(received[1]).toMatchObject({ campaignId: 7, amountCents: 1000, offlineMethod: 'cash' });
    expect(server.unhandled).toEqual([]);
  });

  it("puts the server's field errors on their fields", async () => {
    fakeApi({
      ...handlers([]),
      'POST /admin/donation_form': () => ({
        status: 422,
        json: {
          hasError: true,
          code: 'VALIDATION',
          message: 'Check the highlighted fields.',
          errors: [{ path: 'body.amountCents', message: 'The campaign does not take gifts this large' }],
        },
      }),
    });
    await render(<DataEntryPage />, { user: staff });
    await fillGift();
    await click(getByTestId('dataentry-submit'));
    await waitFor(() => expect(messageOf('dataentry-amount')).toBe('The campaign does not take gifts this large'));
    expect(input('dataentry-amount').value).toBe('25.50');
  });
});
