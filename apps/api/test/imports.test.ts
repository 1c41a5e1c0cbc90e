/**
 * RELIABILITY row 15 and DECISIONS §7: CSV imports of players (into a division), rosters and
 * divisions (into a team). Every row is validated first; a dry run previews without writing; a
 * file with one bad row writes nothing; re-importing the same file creates nothing.
 */
import { randomBytes } from 'node:crypto';
import {
  authTokens,
  emails,
  organizationFundraisers,
  organizations,
  organizationUsers,
  players,
  userProfiles,
  users,
} from '@fc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, smallPng } from './fixtures.js';
import { actor, createOrg, createTestApp, createTree, type TestApp } from './helpers.js';

type Caller = Awaited<ReturnType<typeof actor>>;
const V1 = '/api/v1';
let t: TestApp;
let tree: Awaited<ReturnType<typeof createTree>>;
let ta: Caller;

beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  await t.db.update(organizations).set({ name: 'Gold' }).where(eq(organizations.id, tree.division.id));
  ta = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
});
afterAll(async () => t.close());

const TABLES = {
  organizations,
  organizationUsers,
  organizationFundraisers,
  players,
  users,
  userProfiles,
  emails,
  authTokens,
};
/** Row counts of every table an import could touch. */
async function counts() {
  const out: Partial<Record<keyof typeof TABLES, number>> = {};
  for (const [name, table] of Object.entries(TABLES))
    out[name as keyof typeof TABLES] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return out as Record<keyof typeof TABLES, number>;
}
/** Every row of those tables, for "nothing changed at all". */
async function everything() {
  const out: string[] = [];
  for (const table of Object.values(TABLES)) out.push(JSON.stringify(await t.db.select().from(table)));
  return out.join('\n');
}

const upload = (
  who: Caller,
  url: string,
  csv: string | Buffer,
  dryRun = false,
  name = 'import.csv',
  type = 'text/csv',
) =>
  who.call({
    method: 'POST',
    url: `${V1}${url}${dryRun ? '?dryRun=1' : ''}`,
    ...multipart(Buffer.isBuffer(csv) ? csv : Buffer.from(csv), name, type),
  });
const playerImport = (csv: string | Buffer, dryRun = false, divisionId = tree.division.id) =>
  upload(ta, `/divisions/${divisionId}/player_import`, csv, dryRun);
const rosterImport = (csv: string | Buffer, dryRun = false, teamId = tree.team.id) =>
  upload(ta, `/team/${teamId}/roster_import`, csv, dryRun);
const divisionImport = (csv: string | Buffer, dryRun = false, teamId = tree.team.id) =>
  upload(ta, `/team/${teamId}/division_import`, csv, dryRun);

const PLAYER_HEADER = 'player_first_name,player_last_name,parent_first_name,parent_last_name,parent_email,phone';
const ROSTER_HEADER = `division,${PLAYER_HEADER}`;
const playerCsv = (rows: string[]) => `${PLAYER_HEADER}\n${rows.join('\n')}\n`;

describe('player_import', () => {
  const file = playerCsv([
    'Ana,Ruiz,Maria,Ruiz,maria.ruiz@example.test,555-0001',
    'Ben,Ruiz,Maria,Ruiz,Maria.Ruiz@Example.test,',
    'Cal,Otto,Finn,Otto,finn.otto@example.test,555-0003',
  ]);

  it('previews with dryRun=1 without writing, then applies, then skips everything on re-import', async () => {
    const before = await everything();
    const dry = await playerImport(file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const d = dry.json().data;
    expect(d).toMatchObject({
      dryRun: true,
      valid: true,
      rows: 3,
      created: 3,
      updated: 0,
      skipped: 0,
      errors: [],
      errorCount: 0,
    });
    expect(d.preview).toEqual([
      {
        line: '2',
        player_first_name: 'Ana',
        player_last_name: 'Ruiz',
        parent_first_name: 'Maria',
        parent_last_name: 'Ruiz',
        parent_email: 'maria.ruiz@example.test',
        phone: '555-0001',
      },
      expect.objectContaining({ line: '3', player_first_name: 'Ben', phone: '' }),
      expect.objectContaining({ line: '4', player_first_name: 'Cal' }),
    ]);
    expect(dry.json().message).toBe('Ready to import 3 rows: 3 new, 0 updated, 0 unchanged.');
    expect(await everything()).toBe(before);

    const c0 = await counts();
    const applied = await playerImport(file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ dryRun: false, valid: true, rows: 3, created: 3, skipped: 0 });
    const c1 = await counts();
    expect(c1.organizationFundraisers - c0.organizationFundraisers).toBe(3);
    expect(c1.players - c0.players).toBe(3);
    expect(c1.users - c0.users).toBe(2); // one family account per parent email
    const roster = await t.db
      .select({ first: players.firstName, email: players.email, guardian: users.email, status: users.status })
      .from(organizationFundraisers)
      .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
      .innerJoin(users, eq(users.id, players.guardianUserId))
      .where(eq(organizationFundraisers.organizationId, tree.division.id))
      .orderBy(players.firstName);
    expect(roster).toEqual([
      { first: 'Ana', email: 'maria.ruiz@example.test', guardian: 'maria.ruiz@example.test', status: 'invited' },
      { first: 'Ben', email: 'maria.ruiz@example.test', guardian: 'maria.ruiz@example.test', status: 'invited' },
      { first: 'Cal', email: 'finn.otto@example.test', guardian: 'finn.otto@example.test', status: 'invited' },
    ]);
    const [maria] = await t.db.select().from(users).where(eq(users.email, 'maria.ruiz@example.test'));
    expect(await t.db.select().from(userProfiles).where(eq(userProfiles.userId, maria!.id))).toEqual([
      expect.objectContaining({ type: 'fundraiser' }),
    ]);

    const again = await playerImport(file);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    expect(await counts()).toEqual(c1);
    const dryAgain = await playerImport(file, true);
    expect(dryAgain.json().data).toMatchObject({ created: 0, skipped: 3 });

    // A changed parent name or phone updates the player page, still without a new entry.
    const changed = await playerImport(playerCsv(['Cal,Otto,Finnegan,Otto,finn.otto@example.test,555-0009']));
    expect(changed.json().data).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    const [cal] = await t.db.select().from(players).where(eq(players.firstName, 'Cal'));
    expect(cal).toMatchObject({ parentFirstName: 'Finnegan', phone: '555-0009' });
    expect(await counts()).toEqual(c1);
  });

  it('lists a bad email on line 4 in the dry run and writes NOTHING on apply (422)', async () => {
    const bad = playerCsv([
      'Dan,Lee,Sam,Lee,sam.lee@example.test,',
      'Eve,Lee,Sam,Lee,sam.lee@example.test,',
      'Fay,Kim,Jo,Kim,not-an-email,',
      'Gus,Kim,Jo,Kim,jo.kim@example.test,',
    ]);
    const before = await everything();
    const dry = await playerImport(bad, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toMatchObject({
      dryRun: true,
      valid: false,
      rows: 4,
      created: 0,
      errorCount: 1,
      errors: [{ line: 4, column: 'parent_email', message: '"not-an-email" is not an email address' }],
    });
    const applied = await playerImport(bad);
    expect(applied.statusCode).toBe(422);
    expect(applied.json()).toMatchObject({
      hasError: true,
      code: 'IMPORT_INVALID',
      errors: [{ path: 'line 4 › parent_email', message: '"not-an-email" is not an email address' }],
    });
    expect(applied.json().message).toMatch(/nothing was imported/);
    expect(await everything()).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.email, 'sam.lee@example.test'))).toEqual([]);
  });

  it('reports duplicate rows inside a file with the line of the first one', async () => {
    const dup = playerCsv([
      'Hal,Fox,Ivy,Fox,ivy.fox@example.test,',
      'Ian,Fox,Ivy,Fox,ivy.fox@example.test,',
      'Hal,Fox,Ivy,Fox,IVY.FOX@example.test,',
      ' hal , FOX ,Ivy,Fox,ivy.fox@example.test,',
    ]);
    const before = await everything();
    const dry = await playerImport(dup, true);
    expect(dry.json().data.errors).toEqual([
      { line: 4, column: 'player_first_name', message: 'Same player and parent email as line 2' },
      { line: 5, column: 'player_first_name', message: 'Same player and parent email as line 2' },
    ]);
    expect((await playerImport(dup)).statusCode).toBe(422);
    expect(await everything()).toBe(before);
  });

  it('refuses a wrong header naming the missing and unknown columns, an empty file, a binary file and > 5 MB', async () => {
    const before = await everything();
    const header = await playerImport(
      'first,player_last_name,parent_first_name,parent_last_name,email\nA,B,C,D,e@example.test\n',
    );
    expect(header.statusCode).toBe(400);
    const h = header.json();
    expect(h.code).toBe('CSV_COLUMNS');
    expect(h.message).toMatch(/Missing: player_first_name, parent_email\./);
    expect(h.message).toMatch(/Unknown: first, email\./);
    expect(h.errors).toEqual(
      expect.arrayContaining([
        { path: 'line 1 › player_first_name', message: 'Missing column' },
        { path: 'line 1 › email', message: 'Unknown column' },
      ]),
    );
    for (const empty of ['', '\n\n', '\uFEFF']) {
      const res = await playerImport(empty);
      expect(res.statusCode, JSON.stringify(empty)).toBe(400);
      expect(res.json().code).toBe('CSV_EMPTY');
    }
    const png = await upload(ta, `/divisions/${tree.division.id}/player_import`, await smallPng(), false, 'roster.csv');
    expect(png.statusCode).toBe(400);
    expect(['CSV_UNREADABLE', 'CSV_COLUMNS']).toContain(png.json().code);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);
    const zipRes = await upload(
      ta,
      `/divisions/${tree.division.id}/player_import`,
      zip,
      false,
      'roster.xlsx',
      'application/zip',
    );
    expect(zipRes.statusCode).toBe(400);
    // A valid CSV padded past 5 MB: refused as a whole, not truncated and imported.
    const rowsNeeded = Math.ceil((5 * 1024 * 1024) / 45) + 10;
    const big = playerCsv(
      Array.from(
        { length: rowsNeeded },
        (_, i) => `Big${i},Row,Par,Ent,big.${i}@example.test,555-${String(i).padStart(6, '0')}`,
      ),
    );
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const tooBig = await playerImport(big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE', errors: [{ path: 'body.file' }] });
    const noFile = await ta.call({
      method: 'POST',
      url: `${V1}/divisions/${tree.division.id}/player_import`,
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(await everything()).toBe(before);
  });

  it('stores formula-looking cells verbatim as text', async () => {
    const formulas = ["=cmd|' /C calc'!A0", '+SUM(1+2)', '-2+3', '@HYPERLINK("http://evil.example")'];
    const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const csv = playerCsv(
      formulas.map((f, i) => `${q(f)},Formula${i},${q(f)},Par,formula${i}@example.test,${q(f.slice(0, 30))}`),
    );
    const res = await playerImport(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.created).toBe(4);
    for (const [i, f] of formulas.entries()) {
      const [row] = await t.db
        .select()
        .from(players)
        .where(eq(players.lastName, `Formula${i}`));
      expect(row).toMatchObject({ firstName: f, parentFirstName: f, phone: f.slice(0, 30) });
    }
  });
});

describe('roster_import', () => {
  it('previews, creates missing divisions and entries, and skips them all on re-import', async () => {
    const team = await createOrg(t.db, 3, tree.league.id);
    await t.db.insert(organizationUsers).values({ userId: ta.user.id, organizationId: team.id, role: 'team_admin' });
    const existing = await createOrg(t.db, 4, team.id);
    await t.db.update(organizations).set({ name: 'Silver' }).where(eq(organizations.id, existing.id));
    const sa = await actor(t, { staffRole: 'super_admin' });
    const file = `${ROSTER_HEADER}
Silver,Kai,West,Lu,West,lu.west@example.test,
Bronze,Kai,West,Lu,West,lu.west@example.test,
bronze,Noa,West,Lu,West,lu.west@example.test,
Platinum,Oli,Park,Su,Park,su.park@example.test,555-1234
`;
    const before = await everything();
    const dry = await upload(sa, `/team/${team.id}/roster_import`, file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ valid: true, rows: 4, created: 4, skipped: 0 });
    expect(dry.json().data.preview[0]).toMatchObject({ line: '2', division: 'Silver', player_first_name: 'Kai' });
    expect(dry.json().message).toMatch(/2 new divisions/);
    expect(await everything()).toBe(before);

    const applied = await upload(sa, `/team/${team.id}/roster_import`, file);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ created: 4, skipped: 0 });
    const divisions = await t.db
      .select({ id: organizations.id, name: organizations.name, typeId: organizations.typeId })
      .from(organizations)
      .where(eq(organizations.parentId, team.id))
      .orderBy(organizations.name);
    expect(divisions.map((d) => [d.name, d.typeId])).toEqual([
      ['Bronze', 4],
      ['Platinum', 4],
      ['Silver', 4],
    ]);
    const perDivision = async () => {
      const res = (await t.db.execute(sql`select o.name, count(f.id)::int as n from organizations o
        left join organization_fundraisers f on f.organization_id = o.id where o.parent_id = ${team.id}
        group by o.name order by o.name`)) as unknown as { rows: { name: string; n: number }[] };
      return res.rows.map((r) => [r.name, Number(r.n)]);
    };
    expect(await perDivision()).toEqual([
      ['Bronze', 2],
      ['Platinum', 1],
      ['Silver', 1],
    ]);
    // Kai plays in two divisions: one player page for the family.
    const kai = await t.db
      .select()
      .from(players)
      .where(and(eq(players.firstName, 'Kai'), eq(players.lastName, 'West')));
    expect(kai).toHaveLength(1);

    const c1 = await counts();
    const again = await upload(sa, `/team/${team.id}/roster_import`, file);
    expect(again.json().data).toMatchObject({ created: 0, skipped: 4 });
    expect(again.json().message).not.toMatch(/new divisions/);
    expect(await counts()).toEqual(c1);
  });

  it('refuses a bad row among many and writes nothing, new divisions included', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `Div${i % 5},P${i},Q,R,S,fam${i}@example.test,`);
    lines[40] = 'Div0,P40,Q,R,S,fam40@example,';
    const before = await everything();
    const res = await rosterImport(`${ROSTER_HEADER}\n${lines.join('\n')}\n`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'line 42 › parent_email', message: '"fam40@example" is not an email address' },
    ]);
    expect(await everything()).toBe(before);
  });

  it('is refused on a node that is not a team and on a team outside the caller scope', async () => {
    const other = await createTree(t.db);
    const before = await everything();
    const file = `${ROSTER_HEADER}\nGold,A,B,C,D,e@example.test,\n`;
    expect((await rosterImport(file, false, tree.division.id)).statusCode).toBe(400);
    expect((await rosterImport(file, false, other.team.id)).statusCode).toBe(404);
    expect(await everything()).toBe(before);
  });
});

describe('division_import', () => {
  it('previews, creates divisions with their web addresses, and skips them on re-import', async () => {
    const file = 'division,slug\nGold,\nRuby,ruby-division-x\nJade,\n';
    const before = await everything();
    const dry = await divisionImport(file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    // "Gold" exists already (case-insensitive match on the name).
    expect(dry.json().data).toMatchObject({ valid: true, rows: 3, created: 2, updated: 0, skipped: 1 });
    expect(await everything()).toBe(before);
    const applied = await divisionImport(file);
    expect(applied.json().data).toMatchObject({ created: 2, skipped: 1 });
    const kids = await t.db
      .select({ name: organizations.name, slug: organizations.slug, typeId: organizations.typeId })
      .from(organizations)
      .where(eq(organizations.parentId, tree.team.id))
      .orderBy(organizations.name);
    expect(kids.map((k) => k.name)).toEqual(['Gold', 'Jade', 'Ruby']);
    expect(kids.find((k) => k.name === 'Ruby')!.slug).toBe('ruby-division-x');
    expect(kids.find((k) => k.name === 'Jade')!.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const c1 = await counts();
    expect((await divisionImport(file)).json().data).toMatchObject({ created: 0, skipped: 3 });
    expect(await counts()).toEqual(c1);
  });

  it('reports duplicates, bad and taken web addresses per line, and writes nothing', async () => {
    const before = await everything();
    const file = `division,slug\nOnyx,onyx-div\nonyx,\nPearl,Bad Slug\nTopaz,${tree.org.slug}\nOpal,onyx-div\n`;
    const dry = await divisionImport(file, true);
    expect(dry.json().data.valid).toBe(false);
    expect(dry.json().data.errors).toEqual([
      { line: 3, column: 'division', message: 'Same division as line 2' },
      { line: 4, column: 'slug', message: expect.stringMatching(/lower-case/) },
      { line: 5, column: 'slug', message: 'This web address is already in use' },
      { line: 6, column: 'slug', message: 'Same web address as line 2' },
    ]);
    expect((await divisionImport(file)).statusCode).toBe(422);
    const header = await divisionImport('name,slug\nX,\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toMatch(/Missing: division\. Unknown: name\./);
    expect(await everything()).toBe(before);
  });
});

describe('a 10,000-row roster import', () => {
  it('completes in one go and creates 10,000 entries', async () => {
    const team = await createOrg(t.db, 3, tree.league.id);
    const sa = await actor(t, { staffRole: 'super_admin' });
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `Division ${i % 8},Kid${i},Big${Math.floor(i / 2)},Pat,Big${Math.floor(i / 2)},family${Math.floor(i / 2)}@bulk.example.test,`,
    );
    const file = `${ROSTER_HEADER}\n${rows.join('\n')}\n`;
    const started = performance.now();
    const res = await upload(sa, `/team/${team.id}/roster_import`, file);
    const ms = Math.round(performance.now() - started);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data).toMatchObject({ valid: true, rows: 10_000, created: 10_000, skipped: 0 });
    console.log(`[row 15] 10000-row import: ${ms} ms`);
    const entries = (await t.db.execute(sql`select count(*)::int as n from organization_fundraisers f
      join organizations o on o.id = f.organization_id where o.parent_id = ${team.id}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(entries.rows[0]!.n)).toBe(10_000);
    const families = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like '%@bulk.example.test'`);
    expect(families[0]!.n).toBe(5_000);
    const divisions = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(organizations)
      .where(eq(organizations.parentId, team.id));
    expect(divisions[0]!.n).toBe(8);
  }, 120_000);
});
