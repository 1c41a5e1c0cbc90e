/**
 * RELIABILITY row 15, export side: roster exports are in the import template's columns, every
 * formula-looking cell is neutralised, and the file imports back without creating anything.
 */
import { emails, organizations } from '@fc/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

const V1 = '/api/v1';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let ta: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  await t.db.update(organizations).set({ name: 'Gold' }).where(eq(organizations.id, tree.division.id));
  ta = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
});
afterAll(async () => t.close());

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)'];
const roster = [
  'division,player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone',
  ...FORMULAS.map((f, i) => `Gold,"${f.replace(/"/g, '""')}",Kid${i},Par,Ent,family${i}@example.test,+1 555 010${i}`),
].join('\n');

const importRoster = (csv: string) =>
  ta.call({
    method: 'POST',
    url: `${V1}/team/${tree.team.id}/roster_import`,
    ...multipart(Buffer.from(csv), 'r.csv', 'text/csv'),
  });

describe('roster export', () => {
  it('writes the template columns, escapes every formula cell, and re-imports as a no-op', async () => {
    const first = await importRoster(roster);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.created).toBe(FORMULAS.length);

    const res = await ta.call({ method: 'GET', url: `${V1}/team/${tree.team.id}/roster_export` });
    expect(res.statusCode, res.body).toBe(200);
    const { csv, rows, filename } = res.json().data as { csv: string; rows: number; filename: string };
    expect(rows).toBe(FORMULAS.length);
    expect(filename).toMatch(/-roster\.csv$/);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'division,player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone',
    );
    // No cell of the file may start with a formula trigger once its CSV quoting is removed.
    let unescaped = 0;
    for (const line of lines.slice(1)) {
      for (const raw of line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []) {
        const cell = raw.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"');
        if (/^[=+\-@\t\r]/.test(cell)) unescaped++;
      }
    }
    console.log(`[row 15] roster export: ${lines.length - 1} rows, formula cells unescaped: ${unescaped}`);
    expect(unescaped).toBe(0);

    const again = await importRoster(csv);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, skipped: FORMULAS.length });
  });

  it('a division export holds that division only; a node outside the scope is a 404', async () => {
    const res = await ta.call({ method: 'GET', url: `${V1}/divisions/${tree.division.id}/player_export` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.csv.split('\r\n')[0]).toBe(
      'player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone',
    );
    const other = await createTree(t.db);
    const denied = await ta.call({ method: 'GET', url: `${V1}/team/${other.team.id}/roster_export` });
    expect(denied.statusCode).toBe(404);
  });
});

describe('inviting the families an import added', () => {
  it('emails each family once, marks them invited, and refuses read-only or foreign callers', async () => {
    const csv = [
      'player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone',
      'Ann,One,Pat,One,invite-one@example.test,',
      'Ben,One,Pat,One,invite-one@example.test,',
      'Cal,Two,Sam,Two,invite-two@example.test,',
    ].join('\n');
    const division = await createOrg(t.db, 4, tree.team.id);
    const imported = await ta.call({
      method: 'POST',
      url: `${V1}/divisions/${division.id}/player_import`,
      ...multipart(Buffer.from(csv), 'p.csv', 'text/csv'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const sentTo = () => t.db.select({ to: emails.to }).from(emails).where(like(emails.to, 'invite-%'));
    expect(await sentTo()).toHaveLength(0);

    const viewer = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
    const orgUser = await actor(t, { membership: { organizationId: tree.org.id, role: 'org_user' } });
    const other = await createTree(t.db);
    const stranger = await actor(t, { membership: { organizationId: other.team.id, role: 'team_admin' } });
    const url = `${V1}/divisions/${division.id}/send_invites`;
    expect((await orgUser.call({ method: 'POST', url })).statusCode).toBe(403);
    expect((await stranger.call({ method: 'POST', url })).statusCode).toBe(404);
    expect(await sentTo()).toHaveLength(0);

    const first = await viewer.call({ method: 'POST', url });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.sent).toBe(2);
    expect((await sentTo()).map((r) => r.to).sort()).toEqual(['invite-one@example.test', 'invite-two@example.test']);
    const second = await viewer.call({ method: 'POST', url });
    expect(second.json().data.sent).toBe(0);
    expect(await sentTo()).toHaveLength(2);
  });
});
