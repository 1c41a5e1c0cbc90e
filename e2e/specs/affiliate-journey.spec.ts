/**
 * Issue 16, attribution end to end in Chromium against the real server (decision 018): a visitor
 * follows the demo affiliate's referral link to a campaign (`?ref=ava-abbott`), accepts the
 * notice, gives $40 with the sandbox's 4242 card; the gift becomes Ava's `link` conversion with the
 * commission computed by the server (floor(kept × PLATFORM_FEE_BPS × share / 10^8), checked here
 * with the default 5 % fee and the demo program's 10 % share), and Super Admin's affiliate record
 * lists it. The same visitor's second gift is credited again (one conversion per gift), never twice.
 */
import type { AffiliateListItem, Conversion } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { useBrowser } from '../support/browser';
import {
  CARD,
  checkoutReady,
  donationsOf,
  fillDonor,
  payWithCard,
  SEEDED_CAMPAIGN,
  SUPER_ADMIN,
  submitDetails,
} from '../support/donations';
import { apiCall, apiLogin } from '../support/env';
import { stamp } from '../support/orgs';

const SLUG = 'ava-abbott';
/** PLATFORM_FEE_BPS's default and the demo program's gift share (demo-seed-affiliates.ts). */
const FEE_BPS = 500;
const SHARE_BPS = 1000;
const expectedCommission = (kept: number) => Math.floor((kept * FEE_BPS * SHARE_BPS) / 100_000_000);

async function avaConversions(): Promise<Conversion[]> {
  const token = await apiLogin(SUPER_ADMIN);
  const list = await apiCall<{ data: AffiliateListItem[] }>('GET', `/affiliate/?q=${SLUG}&perPage=5`, undefined, token);
  const ava = list.data.find((a) => a.slug === SLUG);
  if (!ava) throw new Error('the demo affiliate is missing');
  const res = await apiCall<{ data: Conversion[] }>(
    'GET',
    `/affiliate/${ava.id}/conversions?kind=gift&perPage=100`,
    undefined,
    token,
  );
  return res.data;
}

describe('a gift through an affiliate link', () => {
  const { open } = useBrowser();

  it('is credited to the affiliate once, with the commission the server computed, and shows on the record', async () => {
    const id = stamp();
    const donor = { first: 'Rita', last: 'Referred', email: `referred.${id}@e2e.test` };
    const { page } = await open();

    const landing = await page.goto(`/campaigns/${SEEDED_CAMPAIGN}?ref=${SLUG}`);
    expect(landing?.headers()['cache-control']).toBe('private, no-store');
    await page.locator('[data-island="referral"][data-hydrated]').waitFor();
    await page.getByTestId('referral-notice').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('referral-notice').waitFor({ state: 'detached' });

    await page.getByTestId('donate-button').click();
    await waitForPath(page, `/campaigns/${SEEDED_CAMPAIGN}/donate`);
    await checkoutReady(page);
    await page.getByTestId('donate-amount').fill('40');
    await page.getByTestId('donate-total').filter({ hasText: '$40' }).waitFor();
    await fillDonor(page, donor);
    const checkout = await submitDetails(page);
    expect(checkout.amountCents).toBe(4000);
    await payWithCard(page, CARD.success);
    await page.waitForURL(/\/thank-you/);

    const [gift] = await donationsOf(donor.email);
    expect(gift).toBeDefined();
    await expect
      .poll(async () => (await avaConversions()).filter((c) => c.donationId === gift?.id), { timeout: 10_000 })
      .toHaveLength(1);
    const [conversion] = (await avaConversions()).filter((c) => c.donationId === gift?.id);
    expect(conversion).toMatchObject({
      kind: 'gift',
      source: 'link',
      landingPath: `/campaigns/${SEEDED_CAMPAIGN}`,
      baseCents: 4000,
      commissionCents: expectedCommission(4000),
      status: 'pending',
    });

    // A second gift from the same visitor is a second conversion; the first is still counted once.
    await page.goto(`/campaigns/${SEEDED_CAMPAIGN}/donate`);
    await checkoutReady(page);
    await page.getByTestId('donate-amount').fill('25');
    await page.getByTestId('donate-total').filter({ hasText: '$25' }).waitFor();
    await fillDonor(page, donor);
    await submitDetails(page);
    await payWithCard(page, CARD.success);
    await page.waitForURL(/\/thank-you/);
    await expect
      .poll(async () => (await avaConversions()).filter((c) => c.baseCents === 2500 && c.source === 'link').length)
      .toBeGreaterThanOrEqual(1);
    const gifts = await donationsOf(donor.email);
    const credited = (await avaConversions()).filter((c) => gifts.some((g) => g.id === c.donationId));
    expect(credited).toHaveLength(2);

    // Super Admin's record of the affiliate lists the gift.
    const staff = (await open()).page;
    await login(staff, SUPER_ADMIN);
    const list = await apiCall<{ data: AffiliateListItem[] }>(
      'GET',
      `/affiliate/?q=${SLUG}`,
      undefined,
      await apiLogin(SUPER_ADMIN),
    );
    await staff.goto(`/affiliates/view/${list.data[0]?.id}`);
    await staff.getByText('$40.00').first().waitFor();
    await axeScan(staff, '/affiliates/view (after a referred gift)');
  });
});
