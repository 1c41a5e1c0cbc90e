/**
 * Shared steps of the donation specs (donations*.spec.ts): the public checkout's form and card
 * step, the raised totals the API reports (player, campaign, team and organization roll-ups), the
 * staff list and payouts read back through the API, and an API-only paid gift for set-up.
 */
import type {
  DonationCheckout,
  DonationDetail,
  DonationListItem,
  OrgDetail,
  PayoutOverview,
  PublicCampaign,
  PublicDonation,
  PublicFundraiser,
} from '@fc/contracts';
import type { Page, Response } from 'playwright-core';
import { outboxFor } from './campaigns';
import { apiCall, apiLogin } from './env';
import { stamp } from './orgs';

export const SEEDED_CAMPAIGN = 'rockets-spring-drive';
export const SEEDED_TEAM = 'Riverside Rockets U12';
export const SEEDED_ORG = 'Riverside Youth Sports';
export const SUPER_ADMIN = 'super@demo.test';

/** The sandbox's test cards as a donor types them. */
export const CARD = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** The public pages' money: "$25", "$26.06" (whole dollars without cents); Spanish as Intl's `es` (decision 013). */
export const usd = (cents: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

/** The console's money: always with cents ("$25.00"). */
export const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export interface Donor {
  first: string;
  last: string;
  email: string;
  message?: string;
}

/**
 * Waits until the payment page's island (the checkout, or the cart's resume form) is hydrated:
 * the server's form is there at once, but typing before hydration would be reset by it.
 */
export async function checkoutReady(page: Page): Promise<void> {
  await page.locator('[data-island="checkout"][data-hydrated], [data-island="cart"][data-hydrated]').first().waitFor();
}

/** Fills the donor's part of the checkout's details step. */
export async function fillDonor(page: Page, donor: Donor): Promise<void> {
  await checkoutReady(page);
  await page.getByTestId('donate-first-name').fill(donor.first);
  await page.getByTestId('donate-last-name').fill(donor.last);
  await page.getByTestId('donate-email').fill(donor.email);
  if (donor.message) await page.getByTestId('donate-message').fill(donor.message);
}

const isCreate = (r: Response) =>
  r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/public/donations';

/**
 * Submits the details step and answers the donation the page's own call started (its public id
 * is in no address until the thank-you page), once the card step shows.
 */
export async function submitDetails(page: Page): Promise<DonationCheckout> {
  const [response] = await Promise.all([page.waitForResponse(isCreate), page.getByTestId('donate-submit').click()]);
  if (response.status() !== 200) throw new Error(`POST /public/donations → ${response.status()}`);
  const body = (await response.json()) as { data: DonationCheckout };
  await page.getByTestId('card-number').waitFor();
  return body.data;
}

/** Types a card (any future expiry, any CVC) and presses the pay button. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-submit').click();
}

/** Waits until the payment message area says `text` (it is empty between attempts). */
export async function paymentMessage(page: Page, text: string): Promise<string> {
  const area = page.getByTestId('payment-message');
  await area.filter({ hasText: text }).waitFor();
  return ((await area.textContent()) ?? '').trim();
}

export interface RaisedTargets {
  campaign: string;
  player?: string;
  /** Nodes whose roll-up to read (GET /admin/organization/?organization=), by label. */
  nodes?: Record<string, number>;
}

/** The raised figures the API reports for a campaign, a player's page and nodes (cents). */
export async function raisedTotals(t: RaisedTargets): Promise<Record<string, number>> {
  const token = await apiLogin(SUPER_ADMIN);
  const out: Record<string, number> = {};
  const campaign = await apiCall<{ data: PublicCampaign }>('GET', `/public/campaigns/${t.campaign}`);
  out.campaign = campaign.data.raisedCents;
  if (t.player) {
    const player = await apiCall<{ data: PublicFundraiser }>('GET', `/public/fundraisers/${t.player}`);
    out.player = player.data.raisedCents;
  }
  for (const [label, id] of Object.entries(t.nodes ?? {})) {
    const node = await apiCall<{ data: OrgDetail }>('GET', `/admin/organization/?organization=${id}`, undefined, token);
    out[label] = node.data.rollup.raisedCents;
  }
  return out;
}

/** `after - before` for every figure. */
export function delta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(before).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}

/** What the thank-you page reads: GET /public/donations/{publicId}. */
export async function publicDonation(publicId: string): Promise<PublicDonation> {
  return (await apiCall<{ data: PublicDonation }>('GET', `/public/donations/${publicId}`)).data;
}

/** The donations Super Admin's list finds for `email` (newest first). */
export async function donationsOf(email: string): Promise<DonationListItem[]> {
  const token = await apiLogin(SUPER_ADMIN);
  const res = await apiCall<{ data: DonationListItem[] }>(
    'GET',
    `/admin/donation/list?search=${encodeURIComponent(email)}&limit=100`,
    undefined,
    token,
  );
  return res.data.filter((d) => d.donorEmail === email);
}

export async function donationDetail(id: number): Promise<DonationDetail> {
  const token = await apiLogin(SUPER_ADMIN);
  return (await apiCall<{ data: DonationDetail }>('GET', `/donation/${id}`, undefined, token)).data;
}

export async function payoutOverview(nodeId: number): Promise<PayoutOverview> {
  const token = await apiLogin(SUPER_ADMIN);
  return (await apiCall<{ data: PayoutOverview }>('GET', `/admin/organization/${nodeId}/payouts`, undefined, token))
    .data;
}

/** The receipt emailed to `email` (polls the outbox: it goes once the completion is processed). */
export async function receiptFor(email: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipts = (await outboxFor(email)).filter((m) => /^(Receipt|Recibo) FC-/.test(m.subject));
    if (receipts.length > 0 || Date.now() > deadline) return receipts;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Set-up only: a gift started and paid with the success card through the public API (what the
 * checkout's two calls do), for specs whose subject is what staff do with it afterwards.
 */
export async function paidGiftViaApi(body: {
  campaign?: string;
  fundraiser?: string;
  amountCents: number;
  coverFee: boolean;
  donor: Donor;
}): Promise<DonationCheckout> {
  const target = body.fundraiser ? { fundraiser: body.fundraiser } : { campaign: body.campaign };
  const started = await apiCall<{ data: DonationCheckout }>('POST', '/public/donations', {
    ...target,
    amountCents: body.amountCents,
    coverFee: body.coverFee,
    firstName: body.donor.first,
    lastName: body.donor.last,
    email: body.donor.email,
  });
  const paid = await apiCall<{ data: { result: string } }>(
    'POST',
    `/public/donations/${started.data.donationId}/confirm`,
    { cardNumber: CARD.success.replace(/\s/g, ''), expMonth: 12, expYear: 2034, cvc: '123' },
  );
  if (paid.data.result !== 'succeeded') throw new Error(`set-up payment: ${paid.data.result}`);
  return started.data;
}

export interface FreshCampaign {
  orgId: number;
  orgName: string;
  campaignId: number;
  slug: string;
  title: string;
}

/**
 * Set-up only: a new organization (no payout account, no money) owning an active campaign, made
 * by Super Admin, so a spec's balances and roll-ups start from zero whatever ran before.
 */
export async function freshCampaign(label: string): Promise<FreshCampaign> {
  const id = stamp();
  const token = await apiLogin(SUPER_ADMIN);
  const orgName = `E2E ${label} Club ${id}`;
  const org = await apiCall<{ data: { id: number } }>(
    'POST',
    '/admin/organization/create',
    { typeId: 1, name: orgName, slug: `e2e-${label.toLowerCase()}-club-${id}` },
    token,
  );
  const title = `E2E ${label} Drive ${id}`;
  const slug = `e2e-${label.toLowerCase()}-drive-${id}`;
  const campaign = await apiCall<{ data: { id: number } }>(
    'POST',
    '/campaign/',
    { organizationId: org.data.id, title, slug, status: 'active', goalCents: 100_000 },
    token,
  );
  return { orgId: org.data.id, orgName, campaignId: campaign.data.id, slug, title };
}
