/**
 * Issue 5's staff screens, each test on a campaign of its own new organization (set-up through the
 * API: the organization, the campaign and a card gift paid on the sandbox), so every balance and
 * roll-up starts at zero:
 * 1. Super Admin finds the gift in /donations/list, opens it, refunds part of it through the
 *    dialog; the status chip, the amounts, the refunds table and the timeline follow, as do the
 *    API's figures and the organization's raised total;
 * 2. Super Admin records a cash gift at /system/dataentry (receipt emailed), then on the
 *    organization's Payouts tab connects the sandbox payout account, transfers the pending funds
 *    and pays them out; each figure on screen is the API's, and the ledger's arithmetic holds to
 *    the cent (charge − processing fee − refunds).
 * axe on the list, the donation's page, the data-entry form and the Payouts tab.
 */
import { coverFeeCents, processingFeeCents } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { useBrowser } from '../support/browser';
import {
  donationDetail,
  donationsOf,
  freshCampaign,
  money,
  paidGiftViaApi,
  payoutOverview,
  receiptFor,
  SUPER_ADMIN,
} from '../support/donations';
import { apiCall, apiLogin } from '../support/env';
import { gridRows, stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const raisedOf = async (orgId: number) =>
  (
    await apiCall<{ data: { rollup: { raisedCents: number } } }>(
      'GET',
      `/admin/organization/?organization=${orgId}`,
      undefined,
      await apiLogin(SUPER_ADMIN),
    )
  ).data.rollup.raisedCents;

describe('donations: staff screens', () => {
  const { open } = useBrowser();

  it('Super Admin opens a gift from the list and refunds part of it; status, amounts, refunds and timeline follow', async () => {
    const started = performance.now();
    const fresh = await freshCampaign('Refund');
    const id = stamp();
    const donor = {
      first: 'Robin',
      last: `Refund${id.replace(/\d/g, '').slice(0, 5)}`,
      email: `refund.${id}@e2e.test`,
    };
    await paidGiftViaApi({ campaign: fresh.slug, amountCents: 5000, coverFee: false, donor });
    const [item] = await donationsOf(donor.email);
    if (!item) throw new Error('the set-up gift is not in the list');
    await expect.poll(() => raisedOf(fresh.orgId)).toBe(5000);

    const { page } = await open();
    await login(page, SUPER_ADMIN);
    await page.goto('/donations/list');
    await page.getByTestId('donations-search').fill(donor.email);
    const grid = page.getByTestId('donations-grid');
    await gridRows(grid).filter({ hasText: donor.email }).waitFor();
    await expect.poll(() => gridRows(grid).count()).toBe(1);
    await axeScan(page, '/donations/list');
    await page.getByTestId(`donation-link-${item.id}`).click();
    await waitForPath(page, `/donations/view/${item.id}`);

    const header = page.getByTestId('donation-header');
    await header.getByRole('heading', { level: 1, name: `$50.00 from ${donor.first} ${donor.last}` }).waitFor();
    await expect(header.getByTestId('donation-status-chip').textContent()).resolves.toBe('Completed');
    await expect(page.getByTestId('donation-amount-gift').textContent()).resolves.toContain('$50.00');
    await expect(page.getByTestId('donation-amount-net').textContent()).resolves.toContain('$50.00');
    await expect(page.getByTestId('donation-amount-processing-fee').textContent()).resolves.toContain(
      money(processingFeeCents(5000)),
    );
    await page.getByTestId('donation-timeline').locator('li[data-kind="succeeded"]').waitFor();
    await axeScan(page, `/donations/view/${item.id}`);

    // Part of it back, through the dialog: the amount starts empty with the maximum shown, $20 is asked.
    await page.getByTestId('donation-refund-button').click();
    const dialog = page.getByTestId('refund-dialog');
    expect(await dialog.getByTestId('refund-amount').inputValue()).toBe('');
    await expect(dialog.getByTestId('refund-max').textContent()).resolves.toBe('Up to $50.00');
    await dialog.getByTestId('refund-amount').fill('20');
    await dialog.getByTestId('refund-reason').fill('The donor asked for part of it back.');
    await expect(dialog.getByTestId('refund-summary').textContent()).resolves.toContain(
      "The organization's net for this gift becomes $30.00.",
    );
    await expect(dialog.getByTestId('refund-confirm').textContent()).resolves.toBe('Refund $20.00');
    await dialog.getByTestId('refund-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast').filter({ hasText: 'Refunded $20.00.' }).waitFor();

    await header.getByTestId('donation-status-chip').filter({ hasText: 'Partly refunded' }).waitFor();
    await expect(page.getByTestId('donation-amount-refunded').textContent()).resolves.toContain('$20.00');
    await expect(page.getByTestId('donation-amount-net').textContent()).resolves.toContain('$30.00');
    const refunds = page.getByTestId('donation-refunds');
    await refunds.getByText('The donor asked for part of it back.').waitFor();
    expect(await refunds.locator('tbody tr').count()).toBe(1);
    expect(await refunds.locator('tbody tr').textContent()).toContain('$20.00');
    const timeline = page.getByTestId('donation-timeline');
    await timeline.locator('li[data-kind="refunded"]').filter({ hasText: '$20.00' }).waitFor();
    await timeline.locator('li[data-kind="refund_requested"]').waitFor();
    await screenshot(page, 'donations-view-refunded-1440');
    await axeScan(page, `/donations/view/${item.id} (partly refunded)`);

    // The API agrees, and the organization's raised total lost exactly the refund.
    const after = await donationDetail(item.id);
    expect(after).toMatchObject({ status: 1, refundedCents: 2000, refundedFeeCents: 0, netCents: 3000 });
    expect(after.refundableCents).toBe(3000);
    expect(after.refunds.map((r) => [r.amountCents, r.status])).toEqual([[2000, 'succeeded']]);
    expect(await raisedOf(fresh.orgId)).toBe(3000);

    // The list shows the new status and net for the same search.
    await page.goto(`/donations/list?q=${encodeURIComponent(donor.email)}`);
    const row = gridRows(grid).filter({ hasText: donor.email });
    await row.filter({ hasText: 'Partly refunded' }).waitFor();
    await expect(page.getByTestId('donations-total-net').textContent()).resolves.toBe('$30.00');
    await expect(page.getByTestId('donations-total-refunded').textContent()).resolves.toBe('$20.00');
    console.log(`[donations-staff] refund on #${item.id}: ${Math.round(performance.now() - started)} ms`);
  });

  it("Super Admin records a cash gift, then connects the organization's payout account, transfers and pays out; every figure is the API's", async () => {
    const started = performance.now();
    const fresh = await freshCampaign('Payouts');
    const id = stamp();
    const cardDonor = { first: 'Jordan', last: 'Card', email: `payouts.card.${id}@e2e.test` };
    const cashDonor = {
      first: 'Morgan',
      last: `Cash${id.replace(/\d/g, '').slice(0, 5)}`,
      email: `cash.${id}@e2e.test`,
    };
    await paidGiftViaApi({ campaign: fresh.slug, amountCents: 6000, coverFee: true, donor: cardDonor });
    const charge = 6000 + coverFeeCents(6000);
    const fee = processingFeeCents(charge);
    const held = charge - fee;
    expect(held).toBeGreaterThanOrEqual(6000);

    // A cash gift at /system/dataentry.
    const { page } = await open();
    await login(page, SUPER_ADMIN);
    await page.goto('/system/dataentry');
    await page.getByTestId('dataentry-campaign').fill(fresh.title);
    await page.getByRole('option', { name: new RegExp(fresh.title) }).click();
    await page.getByTestId('dataentry-amount').fill('15');
    await page.getByTestId('dataentry-cash').check();
    await page.getByTestId('dataentry-first-name').fill(cashDonor.first);
    await page.getByTestId('dataentry-last-name').fill(cashDonor.last);
    await page.getByTestId('dataentry-email').fill(cashDonor.email);
    await axeScan(page, '/system/dataentry');
    await page.getByTestId('dataentry-submit').click();
    const created = page.getByTestId('dataentry-created');
    await created.waitFor();
    expect(await created.textContent()).toContain(
      `Recorded $15.00 from ${cashDonor.first} ${cashDonor.last} for ${fresh.title}.`,
    );
    const [cash] = await donationsOf(cashDonor.email);
    expect(cash).toMatchObject({ method: 'offline', status: 1, amountCents: 1500, netCents: 1500 });
    expect(await created.textContent()).toContain(cash?.receiptNumber ?? '?');
    expect((await receiptFor(cashDonor.email)).map((m) => m.subject)).toEqual([
      `Receipt ${cash?.receiptNumber}: thank you for supporting ${fresh.title}`,
    ]);
    await expect.poll(() => raisedOf(fresh.orgId)).toBe(7500);

    // The Payouts tab: what is held, no account yet.
    await page.goto(`/orgs/organizations/view/${fresh.orgId}`);
    await page.getByTestId('payouts-tab').click();
    const panel = page.getByTestId('payouts-panel');
    await panel.getByTestId('payouts-account').waitFor();
    const figures = async () =>
      Object.fromEntries(
        await Promise.all(
          (['pending', 'available', 'paid-out', 'offline', 'fees'] as const).map(
            async (k) => [k, (await panel.getByTestId(`payouts-${k}`).textContent())?.trim()] as const,
          ),
        ),
      );
    const shown = (b: { pendingCents: number; availableCents: number; paidOutCents: number }) => ({
      pending: money(b.pendingCents),
      available: money(b.availableCents),
      'paid-out': money(b.paidOutCents),
      offline: money(1500),
      fees: money(fee),
    });
    let api = await payoutOverview(fresh.orgId);
    expect(api.account).toBeNull();
    expect(api.balances).toEqual({
      pendingCents: held,
      availableCents: 0,
      paidOutCents: 0,
      offlineCents: 1500,
      feesCents: fee,
    });
    await expect.poll(figures).toEqual(shown(api.balances));
    // Nothing can move before there is a verified account.
    expect(api.can).toEqual({ setup: true, transfer: false, payout: false });
    expect(await panel.getByTestId('payouts-transfer').count()).toBe(0);
    expect(await panel.getByTestId('payouts-payout').count()).toBe(0);
    await axeScan(page, `/orgs/organizations/view/${fresh.orgId}?tab=payouts`);

    // Connect the sandbox account (verified at once).
    await panel.getByTestId('payouts-connect').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-button').click();
    await page.getByTestId('toast').filter({ hasText: 'Payout account connected and verified.' }).waitFor();
    await panel.locator('[data-testid="payouts-account-status"][data-status="verified"]').waitFor();
    api = await payoutOverview(fresh.orgId);
    expect(api.account).toMatchObject({ provider: 'sandbox', status: 'verified' });
    expect(await panel.getByTestId('payouts-connect').count()).toBe(0);
    expect(await panel.getByTestId('payouts-payout').count()).toBe(0);

    // Transfer everything pending to the account.
    await panel.getByTestId('payouts-transfer').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm.getByTestId('confirm-button').textContent()).resolves.toBe(`Transfer ${money(held)}`);
    await confirm.getByTestId('confirm-button').click();
    await page.getByTestId('toast').filter({ hasText: 'Pending funds transferred.' }).waitFor();
    await expect.poll(figures).toEqual(shown({ pendingCents: 0, availableCents: held, paidOutCents: 0 }));
    api = await payoutOverview(fresh.orgId);
    expect(api.balances).toMatchObject({ pendingCents: 0, availableCents: held, paidOutCents: 0 });
    expect(api.transfers.map((t) => t.amountCents)).toEqual([held]);
    await panel.getByTestId('payouts-transfers').getByText(money(held)).waitFor();
    expect(await panel.getByTestId('payouts-transfer').count()).toBe(0);

    // Pay it all out to the bank (a blank amount is everything available).
    await panel.getByTestId('payouts-payout').click();
    const payout = page.getByTestId('payout-dialog');
    await expect(payout.getByTestId('payouts-payout-confirm').textContent()).resolves.toBe(`Pay out ${money(held)}`);
    await payout.getByTestId('payouts-payout-confirm').click();
    await payout.waitFor({ state: 'hidden' });
    await page
      .getByTestId('toast')
      .filter({ hasText: `Paid out ${money(held)}.` })
      .waitFor();
    await expect.poll(figures).toEqual(shown({ pendingCents: 0, availableCents: 0, paidOutCents: held }));
    api = await payoutOverview(fresh.orgId);
    expect(api.balances).toEqual({
      pendingCents: 0,
      availableCents: 0,
      paidOutCents: held,
      offlineCents: 1500,
      feesCents: fee,
    });
    expect(api.payouts.map((p) => p.amountCents)).toEqual([held]);
    await panel.getByTestId('payouts-payouts').getByText(money(held)).waitFor();
    expect(await panel.getByTestId('payouts-transfer').count()).toBe(0);
    expect(await panel.getByTestId('payouts-payout').count()).toBe(0);
    await screenshot(page, 'donations-payouts-1440');
    await axeScan(page, `/orgs/organizations/view/${fresh.orgId}?tab=payouts (paid out)`);
    // Moving money never changes what was raised.
    expect(await raisedOf(fresh.orgId)).toBe(7500);
    console.log(`[donations-staff] payouts of ${fresh.orgName}: ${Math.round(performance.now() - started)} ms`);
  });
});
