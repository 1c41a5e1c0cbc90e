/**
 * The story end to end, through the screens a person uses (issue 4, spec §2–§5):
 * 1. a Team Admin creates an active campaign with a goal for Riverside Rockets U12 and one of
 *    its divisions (set-up has put a brand-new family, without a password, on that roster);
 * 2. on the Players tab adds the division's players with invitations on;
 * 3. the new parent opens the invitation from the outbox in a fresh browser, creates the
 *    account there and lands on the family home, signed in, with the player and the campaign;
 * 4. the parent sets a personal goal on "Manage page", adds a contact by hand and two from a
 *    pasted list, and invites them (the emails are in the outbox);
 * 5. anonymous visitors see the player's page (first name and last initial, the goal, an empty
 *    progress bar, Donate) and the campaign page; axe finds nothing serious on either;
 * 6. the player's page in Spanish.
 * Only the roster entry (set-up) and the outbox are reached through the API.
 */
import { describe, expect, it } from 'vitest';
import { login, waitForPath } from '../support/auth';
import { axeScan } from '../support/axe';
import { useBrowser } from '../support/browser';
import { INVITE_LINK, linkFromOutbox, outboxFor, progressOf } from '../support/campaigns';
import { apiCall, apiLogin } from '../support/env';
import { gridRows, orgIdByName, stamp } from '../support/orgs';
import { screenshot } from '../support/screenshots';

const TEAM = 'Riverside Rockets U12';
const DIVISION = 'Rockets Gold';
const TEAM_ADMIN = 'teamadmin@demo.test';
const PASSWORD = 'journey-pass-2026';

describe('campaign journey', () => {
  const { open } = useBrowser();

  it('a Team Admin opens a campaign and invites the division; a new parent joins, sets a goal and invites contacts; the public page shows it', async () => {
    const started = performance.now();
    let lap = started;
    const laps: string[] = [];
    /** Time spent in each step, logged at the end (the whole story must stay well under a minute). */
    const mark = (step: string) => {
      const now = performance.now();
      laps.push(`${step} ${Math.round(now - lap)} ms`);
      lap = now;
    };
    const id = stamp();
    const letters = id.replace(/\d/g, '').slice(0, 5) || 'x';
    const title = `E2E Journey ${id}`;
    const campaignSlug = `e2e-journey-${id}`;
    const player = { first: 'Avery', last: `Journey${letters}` };
    const parent = { email: `journey.${id}@e2e.test`, first: 'Samantha', last: `Journey${letters}` };

    // Set-up (no screen for it in this story): a new family on the division's roster. The parent
    // gets an account without a password, so the campaign invitation is how they join.
    const divisionId = await orgIdByName('division', DIVISION);
    const entry = await apiCall<{ data: { playerId: number } }>(
      'POST',
      `/division/${divisionId}/player`,
      {
        firstName: player.first,
        lastName: player.last,
        parentFirstName: 'Sam',
        parentLastName: parent.last,
        email: parent.email,
      },
      await apiLogin(TEAM_ADMIN),
    );
    const playerId = entry.data.playerId;
    mark('set-up');

    // 1. The Team Admin creates the campaign: active, with a goal, for one division.
    const admin = (await open()).page;
    await login(admin, TEAM_ADMIN);
    await waitForPath(admin, '/dashboard');
    await admin.getByTestId('nav-campaigns').click();
    await waitForPath(admin, '/campaigns/list');
    await admin.getByTestId('create-campaign-button').click();
    const create = admin.getByTestId('create-campaign-dialog');
    await create.getByTestId('campaign-title').fill(title);
    expect(await create.getByTestId('campaign-slug-input').inputValue()).toBe(campaignSlug);
    await create.locator('[data-testid="campaign-slug-status"][data-status="available"]').waitFor();
    // A Team Admin manages one team: it is the owner already.
    await expect.poll(() => create.getByTestId('campaign-owner').inputValue(), { timeout: 10_000 }).toBe(TEAM);
    await create.getByTestId('campaign-status').click();
    await admin.getByRole('option', { name: 'Active', exact: true }).click();
    await create.getByTestId('campaign-divisions').click();
    await admin.getByRole('option', { name: DIVISION }).click();
    await admin.keyboard.press('Escape');
    await create.getByTestId('campaign-goal').fill('5,000');
    await create.getByTestId('campaign-player-goal').fill('250');
    await create.getByTestId('campaign-short-description').fill('New uniforms and travel to the regional tournament.');
    await create.getByTestId('create-campaign-submit').click();
    await admin.waitForURL((url) => url.pathname.startsWith('/campaigns/view/'), { waitUntil: 'commit' });
    const header = admin.getByTestId('campaign-header');
    await header.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    const campaignId = Number(new URL(admin.url()).pathname.split('/').at(-1));
    expect(await header.textContent()).toContain('$0 of $5,000');
    expect(await header.textContent()).toContain('Active');
    await admin
      .getByTestId('toast')
      .filter({ hasText: `Campaign “${title}” created.` })
      .waitFor();

    mark('1 create');

    // 2. Players tab: add the division's players, invitations on; the toast counts them.
    await admin.getByTestId('campaign-tab-players').click();
    await admin.getByTestId('add-players-button').click();
    const add = admin.getByTestId('add-players-dialog');
    const division = add.getByRole('checkbox', { name: new RegExp(DIVISION) });
    await division.waitFor();
    const counts = add.locator('li').filter({ hasText: DIVISION }).locator('.MuiListItemText-secondary');
    const m = /^(\d+) players?, (\d+) not on the campaign$/.exec(((await counts.textContent()) ?? '').trim());
    const players = Number(m?.[1]);
    expect(players).toBeGreaterThan(1);
    expect(Number(m?.[2])).toBe(players);
    await division.check();
    expect(await add.getByTestId('add-players-send-invites').isChecked()).toBe(true);
    await add.getByTestId('add-players-submit').click();
    await add.waitFor({ state: 'hidden' });
    const toast = admin.getByTestId('toast').filter({ hasText: 'already on the campaign' });
    expect((await toast.textContent())?.trim()).toBe(
      `${players} added, 0 already on the campaign, ${players} invited.`,
    );
    const grid = admin.getByTestId('players-grid');
    const row = gridRows(grid).filter({ hasText: `${player.first} ${player.last}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Invited');
    expect(await row.textContent()).toContain(parent.email);
    await admin.getByTestId('campaign-stats').getByTestId('stat-players').getByText(String(players)).waitFor();

    mark('2 add players');

    // 3. The invitation email; the parent opens its link in a fresh browser and creates the account.
    const invite = (await outboxFor(parent.email)).find((x) => INVITE_LINK.test(x.text));
    expect(invite?.subject).toContain(title);
    const link = await linkFromOutbox(parent.email, INVITE_LINK);
    expect(link).toMatch(/^\/onboarding\/campaign\/accept-invite\/\d+\?token=/);
    const family = (await open()).page;
    await family.goto(link);
    const summary = family.getByTestId('invite-summary');
    await summary.filter({ hasText: `${player.first} ${player.last}` }).waitFor();
    expect(await summary.textContent()).toContain(title);
    const first = family.getByTestId('invite-first-name');
    expect(await first.inputValue()).toBe('Sam');
    await first.fill(parent.first);
    await family.getByTestId('invite-last-name').fill(parent.last);
    await family.getByTestId('invite-password').fill(PASSWORD);
    await family.getByTestId('invite-confirm-password').fill(PASSWORD);
    await family.getByTestId('invite-create-submit').click();
    await waitForPath(family, '/fundraisers/home');
    const stored = JSON.parse((await family.evaluate(() => localStorage.getItem('userData'))) ?? '{}');
    expect(stored).toMatchObject({
      email: parent.email,
      role: 'fundraiser',
      firstName: parent.first,
      lastName: parent.last,
    });
    const playerCard = family.getByTestId(`my-player-${playerId}`);
    await playerCard.getByRole('heading', { name: `${player.first} ${player.last}` }).waitFor();
    expect(await playerCard.textContent()).toContain(DIVISION);
    await family.getByTestId('family-tab-campaigns').click();
    const card = family.getByTestId(`my-campaign-${playerId}-${campaignId}`);
    await card.getByRole('heading', { name: title }).waitFor();
    expect(await card.getByTestId('campaign-progress').textContent()).toContain('$0 raised of $250');

    mark('3 accept invitation');

    // 4. "Manage page": a personal goal, three contacts (one by hand, two pasted), invited.
    await card.getByTestId(`manage-page-${playerId}-${campaignId}`).click();
    await waitForPath(family, `/fundraisers/${playerId}/campaign/${campaignId}`);
    const form = family.getByTestId('page-settings-form');
    const goal = form.getByTestId('page-goal');
    expect(await goal.inputValue()).toBe('250');
    const slug = await form.getByTestId('page-slug').inputValue();
    expect(slug).not.toBe('');
    await goal.fill('400');
    await form.getByTestId('page-settings-save').click();
    await family.getByTestId('toast').filter({ hasText: 'Page settings saved.' }).waitFor();
    await family.getByTestId('page-progress-goal').filter({ hasText: '$400' }).waitFor();

    const contacts = family.getByTestId('contacts-section');
    const emails = [`grandma.${id}@e2e.test`, `coach.${id}@e2e.test`, `neighbour.${id}@e2e.test`];
    await contacts.getByTestId('add-contact-button').click();
    const contact = family.getByTestId('contact-dialog');
    await contact.getByTestId('contact-name').fill('Grandma Rose');
    await contact.getByTestId('contact-email').fill(emails[0]!);
    await contact.getByTestId('contact-submit').click();
    await contact.waitFor({ state: 'hidden' });
    await family.getByTestId('contacts-grid').getByText('Grandma Rose').waitFor();

    await contacts.getByTestId('import-contacts-button').click();
    const importer = family.getByTestId('import-contacts-dialog');
    await importer
      .getByTestId('import-contacts-text')
      .fill([`Coach Lee <${emails[1]}>`, `Ned Flanders, ${emails[2]}, 555-0142`].join('\n'));
    await importer.getByTestId('import-contacts-summary').filter({ hasText: '2 contacts ready to add.' }).waitFor();
    await importer.getByTestId('import-contacts-submit').click();
    await importer.waitFor({ state: 'hidden' });
    await family.getByTestId('toast').filter({ hasText: '2 contacts added.' }).waitFor();
    for (const name of ['Coach Lee', 'Ned Flanders'])
      await family.getByTestId('contacts-grid').getByText(name).waitFor();

    const inviteButton = contacts.getByTestId('invite-contacts-button');
    expect(await inviteButton.textContent()).toBe('Invite 3 to donate');
    await inviteButton.click();
    const inviter = family.getByTestId('invite-contacts-dialog');
    await inviter.getByTestId('invite-contacts-send').click();
    await inviter.getByTestId('invite-sent').filter({ hasText: '3 invitations sent.' }).waitFor();
    await inviter.getByTestId('invite-contacts-close').click();
    await inviter.waitFor({ state: 'hidden' });
    expect(await inviteButton.isDisabled()).toBe(true);
    for (const to of emails) {
      const mail = (await outboxFor(to))[0];
      expect(mail?.subject, `invitation to ${to}`).toBe(`${player.first} invites you to support ${title}`);
      expect(mail?.text).toContain(`/fundraisers/${slug}`);
      expect(mail?.text).toContain('$400');
    }

    mark('4 goal and contacts');

    // 5. Anonymous visitors: the player's page and the campaign page.
    const visitor = (await open()).page;
    await visitor.goto(`/fundraisers/${slug}`);
    const masked = `${player.first} ${player.last.charAt(0)}.`;
    await visitor.getByTestId('page-title').filter({ hasText: masked }).waitFor();
    expect(await visitor.getByTestId('page-title').textContent()).toBe(masked);
    expect((await visitor.locator('body').textContent()) ?? '').not.toContain(player.last);
    expect(await visitor.getByTestId('campaign-link').textContent()).toBe(title);
    expect(await visitor.getByTestId('raised-amount').textContent()).toBe('$0');
    expect(await visitor.getByTestId('goal-amount').textContent()).toBe('raised of a $400 goal');
    expect(await progressOf(visitor)).toEqual({ now: 0, text: '$0 raised of $400 (0%)' });
    const donate = visitor.getByTestId('donate-button');
    expect(await donate.isVisible()).toBe(true);
    expect(await donate.textContent()).toBe('Donate');
    await screenshot(visitor, 'journey-player-page');
    await axeScan(visitor, `/fundraisers/${slug}`);

    await visitor.getByTestId('campaign-link').click();
    await waitForPath(visitor, `/campaigns/${campaignSlug}`);
    await visitor.getByTestId('page-title').filter({ hasText: title }).waitFor();
    expect(await visitor.getByTestId('goal-amount').textContent()).toBe('raised of a $5,000 goal');
    await visitor.getByTestId('donate-button').waitFor();
    await screenshot(visitor, 'journey-campaign-page');
    await axeScan(visitor, `/campaigns/${campaignSlug}`);

    mark('5 public pages + axe');

    // 6. The player's page in Spanish, with the page's own language switch.
    await visitor.goto(`/fundraisers/${slug}`);
    await visitor.getByTestId('page-title').waitFor();
    // The server-rendered page's language switch is a link (issue 14).
    await visitor.locator('nav.languages a[hreflang="es"]').click();
    await visitor.waitForFunction(() => document.documentElement.lang === 'es');
    await visitor.getByTestId('goal-amount').filter({ hasText: 'recaudados de una meta de 400\u00a0US$' }).waitFor();
    expect(await visitor.getByTestId('donate-button').textContent()).toBe('Donar');
    expect(await progressOf(visitor, 'Progreso hacia la meta')).toEqual({
      now: 0,
      text: '0\u00a0US$ recaudados de 400\u00a0US$ (0\u00a0%)',
    });
    expect(await visitor.getByTestId('page-title').textContent()).toBe(masked);
    await screenshot(visitor, 'journey-player-page-es');
    mark('6 Spanish');
    console.log(
      `[journey] campaign ${campaignId} /${campaignSlug}: ${players} players from ${DIVISION}; player ${playerId} /fundraisers/${slug}; ${Math.round(performance.now() - started)} ms (${laps.join(', ')})`,
    );
  });
});
