/**
 * CSV imports (DECISIONS §7, RELIABILITY row 15): players into a division, a team's roster
 * (players by division name, divisions created when missing), and a team's divisions.
 * Every row is validated first; nothing is written unless every row is valid, and then
 * everything is written in one transaction. Rows are matched by their natural key, so
 * importing the same file twice creates nothing the second time.
 */
import {
  emailSchema,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportResult,
  personNameSchema,
  slugSchema,
} from '@fc/contracts';
import { type Db, organizationFundraisers, organizations, players, type Tx, userProfiles, users } from '@fc/db';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCsv, unescapeFormulaCell } from '../../lib/csv.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Principal } from '../../types.js';
import { canAddChild } from './orgs.access.js';
import * as repo from './orgs.repository.js';
import { visibleNode } from './orgs.service.js';
import { rosterKey } from './roster.keys.js';
import { playerSlug, rosterDivision } from './roster.service.js';

const MAX_ERRORS_LISTED = 500;
const CHUNK = 1000;
const REQUIRED: Record<ImportKind, string[]> = {
  player: ['player_first_name', 'player_last_name', 'parent_first_name', 'parent_last_name', 'parent_email'],
  roster: [
    'division',
    'player_first_name',
    'player_last_name',
    'parent_first_name',
    'parent_last_name',
    'parent_email',
  ],
  division: ['division'],
};

interface RowError {
  line: number;
  column: string;
  message: string;
}
interface ParsedRow {
  line: number;
  values: Record<string, string>;
}

const chunks = <T>(list: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** Reads the file: header check, row count limit, each row with its line number. */
export function readCsv(kind: ImportKind, data: Buffer): ParsedRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(data, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as { lines?: number; message?: string };
    throw badRequest(
      'CSV_UNREADABLE',
      `The file is not a readable CSV (line ${e.lines ?? '?'}): ${e.message ?? ''}`.trim(),
      [{ path: 'body.file', message: 'Not a readable CSV file' }],
    );
  }
  const [header, ...body] = records;
  if (!header)
    throw badRequest('CSV_EMPTY', 'The file is empty. Download the template and fill it in.', [
      { path: 'body.file', message: 'Empty' },
    ]);
  const names = header.record.map((h) => h.toLowerCase().replace(/[\s-]+/g, '_'));
  const known = IMPORT_COLUMNS[kind];
  const unknown = names.filter((n) => !known.includes(n));
  const missing = REQUIRED[kind].filter((r) => !names.includes(r));
  if (unknown.length || missing.length) {
    throw badRequest(
      'CSV_COLUMNS',
      `The first line must name the template's columns: ${known.join(', ')}.` +
        (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
        (unknown.length ? ` Unknown: ${unknown.join(', ')}.` : ''),
      [
        ...missing.map((m) => ({ path: `line 1 › ${m}`, message: 'Missing column' })),
        ...unknown.map((u) => ({ path: `line 1 › ${u}`, message: 'Unknown column' })),
      ],
    );
  }
  if (body.length > IMPORT_MAX_ROWS)
    throw badRequest(
      'CSV_TOO_MANY_ROWS',
      `The file has ${body.length} rows; at most ${IMPORT_MAX_ROWS} can be imported at once. Split it into smaller files.`,
      [{ path: 'body.file', message: 'Too many rows' }],
    );
  return body.map((r) => {
    const values: Record<string, string> = {};
    names.forEach((n, i) => {
      values[n] = unescapeFormulaCell(r.record[i] ?? '');
    });
    return { line: r.info.lines, values };
  });
}

function checkName(errors: RowError[], row: ParsedRow, column: string, required: boolean) {
  const v = row.values[column] ?? '';
  if (!v) {
    if (required) errors.push({ line: row.line, column, message: 'Required' });
    return;
  }
  const res = personNameSchema.safeParse(v);
  if (!res.success)
    errors.push({ line: row.line, column, message: v.length > 80 ? 'At most 80 characters' : 'Invalid' });
}

interface PlayerRow {
  line: number;
  division: string;
  first: string;
  last: string;
  parentFirst: string;
  parentLast: string;
  email: string;
  phone: string | null;
  key: string;
}

function validatePlayers(rows: ParsedRow[], withDivision: boolean, errors: RowError[]): PlayerRow[] {
  const seen = new Map<string, number>();
  const out: PlayerRow[] = [];
  for (const row of rows) {
    const before = errors.length;
    if (withDivision) {
      const d = row.values.division ?? '';
      if (!d) errors.push({ line: row.line, column: 'division', message: 'Required' });
      else if (d.length < 2 || d.length > 160)
        errors.push({ line: row.line, column: 'division', message: 'Use 2 to 160 characters' });
    }
    checkName(errors, row, 'player_first_name', true);
    checkName(errors, row, 'player_last_name', true);
    checkName(errors, row, 'parent_first_name', true);
    checkName(errors, row, 'parent_last_name', true);
    const emailRaw = row.values.parent_email ?? '';
    const email = emailSchema.safeParse(emailRaw);
    if (!emailRaw) errors.push({ line: row.line, column: 'parent_email', message: 'Required' });
    else if (!email.success)
      errors.push({
        line: row.line,
        column: 'parent_email',
        message: `"${emailRaw.slice(0, 60)}" is not an email address`,
      });
    const phone = row.values.phone ?? '';
    if (phone.length > 30) errors.push({ line: row.line, column: 'phone', message: 'At most 30 characters' });
    if (errors.length > before || !email.success) continue;
    const v = row.values;
    const division = withDivision ? (v.division ?? '') : '';
    const key = rosterKey(v.player_first_name!, v.player_last_name!, email.data);
    const dupKey = `${division.toLowerCase()}|${key}`;
    const first = seen.get(dupKey);
    if (first !== undefined) {
      errors.push({
        line: row.line,
        column: 'player_first_name',
        message: `Same player and parent email as line ${first}`,
      });
      continue;
    }
    seen.set(dupKey, row.line);
    out.push({
      line: row.line,
      division,
      first: v.player_first_name!,
      last: v.player_last_name!,
      parentFirst: v.parent_first_name!,
      parentLast: v.parent_last_name!,
      email: email.data,
      phone: phone || null,
      key,
    });
  }
  return out;
}

/** Writes new roster entries (and parents, profiles, players) and updates changed ones. */
async function applyPlayers(tx: Tx, rows: (PlayerRow & { divisionId: number })[]) {
  let created = 0;
  let updated = 0;
  let skipped = 0;
  const divisionIds = [...new Set(rows.map((r) => r.divisionId))];
  const existing = new Map<string, { playerId: number }>();
  for (const ids of chunks(divisionIds)) {
    const found = await tx
      .select({
        org: organizationFundraisers.organizationId,
        key: organizationFundraisers.naturalKey,
        playerId: organizationFundraisers.playerId,
      })
      .from(organizationFundraisers)
      .where(inArray(organizationFundraisers.organizationId, ids));
    for (const f of found) existing.set(`${f.org}|${f.key}`, { playerId: f.playerId });
  }
  const fresh: typeof rows = [];
  const current = new Map<
    number,
    { parentFirstName: string | null; parentLastName: string | null; phone: string | null }
  >();
  const knownIds = rows
    .map((r) => existing.get(`${r.divisionId}|${r.key}`)?.playerId)
    .filter((v): v is number => v != null);
  for (const ids of chunks(knownIds)) {
    const found = await tx
      .select({
        id: players.id,
        parentFirstName: players.parentFirstName,
        parentLastName: players.parentLastName,
        phone: players.phone,
      })
      .from(players)
      .where(inArray(players.id, ids));
    for (const f of found) current.set(f.id, f);
  }
  for (const r of rows) {
    const hit = existing.get(`${r.divisionId}|${r.key}`);
    if (!hit) {
      fresh.push(r);
      continue;
    }
    const now = current.get(hit.playerId);
    const changed =
      now &&
      (now.parentFirstName !== r.parentFirst ||
        now.parentLastName !== r.parentLast ||
        (r.phone != null && now.phone !== r.phone));
    if (changed) {
      await tx
        .update(players)
        .set({
          parentFirstName: r.parentFirst,
          parentLastName: r.parentLast,
          phone: r.phone ?? now.phone,
          updatedAt: new Date(),
        })
        .where(eq(players.id, hit.playerId));
      updated++;
    } else skipped++;
  }
  if (fresh.length === 0) return { created, updated, skipped };

  // Parents: existing live accounts by email, new invited accounts for the rest.
  const emails = [...new Set(fresh.map((r) => r.email))];
  const guardians = new Map<string, number>();
  for (const list of chunks(emails)) {
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(inArray(users.email, list), isNull(users.deletedAt)));
    for (const f of found) guardians.set(f.email, f.id);
  }
  const newParents = emails
    .filter((e) => !guardians.has(e))
    .map((e) => {
      const r = fresh.find((x) => x.email === e)!;
      return { email: e, firstName: r.parentFirst, lastName: r.parentLast, status: 'invited' };
    });
  for (const list of chunks(newParents)) {
    const made = await tx.insert(users).values(list).returning({ id: users.id, email: users.email });
    for (const m of made) guardians.set(m.email, m.id);
  }
  for (const list of chunks([...new Set(guardians.values())])) {
    await tx
      .insert(userProfiles)
      .values(list.map((userId) => ({ userId, type: 'fundraiser' })))
      .onConflictDoNothing();
  }
  // Players: one page per child of a family, reused across divisions.
  const playerIds = new Map<string, number>();
  const famKey = (guardianId: number, first: string, last: string) =>
    `${guardianId}|${first.toLowerCase()}|${last.toLowerCase()}`;
  for (const list of chunks([...new Set(guardians.values())])) {
    const found = await tx
      .select({ id: players.id, g: players.guardianUserId, first: players.firstName, last: players.lastName })
      .from(players)
      .where(inArray(players.guardianUserId, list));
    for (const f of found) playerIds.set(famKey(f.g!, f.first, f.last), f.id);
  }
  const newPlayers = new Map<string, typeof players.$inferInsert>();
  for (const r of fresh) {
    const g = guardians.get(r.email)!;
    const k = famKey(g, r.first, r.last);
    if (!playerIds.has(k) && !newPlayers.has(k))
      newPlayers.set(k, {
        guardianUserId: g,
        firstName: r.first,
        lastName: r.last,
        parentFirstName: r.parentFirst,
        parentLastName: r.parentLast,
        email: r.email,
        phone: r.phone,
        slug: playerSlug(r.first, r.last),
      });
  }
  for (const list of chunks([...newPlayers.values()])) {
    const made = await tx
      .insert(players)
      .values(list)
      .returning({ id: players.id, g: players.guardianUserId, first: players.firstName, last: players.lastName });
    for (const m of made) playerIds.set(famKey(m.g!, m.first, m.last), m.id);
  }
  const entries = fresh.map((r) => ({
    organizationId: r.divisionId,
    playerId: playerIds.get(famKey(guardians.get(r.email)!, r.first, r.last))!,
    naturalKey: r.key,
  }));
  for (const list of chunks(entries)) {
    const made = await tx
      .insert(organizationFundraisers)
      .values(list)
      .onConflictDoNothing()
      .returning({ id: organizationFundraisers.id });
    created += made.length;
    skipped += list.length - made.length;
  }
  return { created, updated, skipped };
}

interface DivisionRow {
  line: number;
  name: string;
  slug: string | null;
}

export async function runImport(
  app: FastifyInstance,
  p: Principal,
  kind: ImportKind,
  nodeId: number,
  data: Buffer,
  dryRun: boolean,
): Promise<{ result: ImportResult; message: string }> {
  const started = performance.now();
  // Who may import where: a division's roster needs roster rights; a team import may create
  // divisions, so it needs the right to add divisions to that team.
  let team: Awaited<ReturnType<typeof visibleNode>> | null = null;
  if (kind === 'player') await rosterDivision(app, p, nodeId, true);
  else {
    team = await visibleNode(app, p, nodeId);
    if (team.typeId !== 3) throw badRequest('NOT_A_TEAM', 'Roster and division imports go into a team.');
    if (!canAddChild(p, team, 4))
      throw new AppError(403, 'FORBIDDEN', 'You can view this team but not import into it.');
  }
  const parsed = readCsv(kind, data);
  const errors: RowError[] = [];
  let plan: () => Promise<{ created: number; updated: number; skipped: number; divisionsCreated: number }>;
  let counts = { created: 0, updated: 0, skipped: 0, divisionsCreated: 0 };

  // Divisions of the team by lower-cased name.
  const divisionsByName = new Map<string, { id: number; slug: string }>();
  if (team) {
    const list = await app.db
      .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(and(eq(organizations.parentId, team.id), eq(organizations.typeId, 4)));
    for (const d of list) divisionsByName.set(d.name.trim().toLowerCase(), { id: d.id, slug: d.slug });
  }

  if (kind === 'division') {
    const rows: DivisionRow[] = [];
    const seenName = new Map<string, number>();
    const seenSlug = new Map<string, number>();
    for (const row of parsed) {
      const name = row.values.division ?? '';
      const slugRaw = row.values.slug ?? '';
      const before = errors.length;
      if (!name) errors.push({ line: row.line, column: 'division', message: 'Required' });
      else if (name.length < 2 || name.length > 160)
        errors.push({ line: row.line, column: 'division', message: 'Use 2 to 160 characters' });
      let slug: string | null = null;
      if (slugRaw) {
        const s = slugSchema.safeParse(slugRaw);
        if (!s.success)
          errors.push({ line: row.line, column: 'slug', message: s.error.issues[0]?.message ?? 'Invalid' });
        else slug = s.data;
      }
      const dupName = seenName.get(name.toLowerCase());
      if (name && dupName !== undefined)
        errors.push({ line: row.line, column: 'division', message: `Same division as line ${dupName}` });
      const dupSlug = slug ? seenSlug.get(slug) : undefined;
      if (dupSlug !== undefined)
        errors.push({ line: row.line, column: 'slug', message: `Same web address as line ${dupSlug}` });
      if (errors.length > before) continue;
      seenName.set(name.toLowerCase(), row.line);
      if (slug) seenSlug.set(slug, row.line);
      rows.push({ line: row.line, name, slug });
    }
    // Web addresses already used by another node.
    const wanted = rows.filter((r) => r.slug).map((r) => r.slug!);
    const owners = new Map<string, number>();
    for (const list of chunks(wanted)) {
      const found = await app.db
        .select({ id: organizations.id, slug: organizations.slug })
        .from(organizations)
        .where(inArray(organizations.slug, list));
      for (const f of found) owners.set(f.slug, f.id);
    }
    for (const r of rows) {
      const mine = divisionsByName.get(r.name.toLowerCase());
      const owner = r.slug ? owners.get(r.slug) : undefined;
      if (owner !== undefined && owner !== mine?.id)
        errors.push({ line: r.line, column: 'slug', message: 'This web address is already in use' });
    }
    for (const r of rows) {
      const mine = divisionsByName.get(r.name.toLowerCase());
      if (!mine) counts.created++;
      else if (r.slug && r.slug !== mine.slug) counts.updated++;
      else counts.skipped++;
    }
    plan = async () => {
      const result = { created: 0, updated: 0, skipped: 0, divisionsCreated: 0 };
      await app.db.transaction(async (tx) => {
        for (const r of rows) {
          const mine = divisionsByName.get(r.name.toLowerCase());
          if (!mine) {
            const slug = r.slug ?? (await repo.freeSlug(tx as unknown as Db, `${team!.slug}-${r.name}`));
            await tx.insert(organizations).values({ typeId: 4, name: r.name, slug, parentId: team!.id });
            result.created++;
          } else if (r.slug && r.slug !== mine.slug) {
            await tx
              .update(organizations)
              .set({ slug: r.slug, updatedAt: new Date() })
              .where(eq(organizations.id, mine.id));
            result.updated++;
          } else result.skipped++;
        }
      });
      result.divisionsCreated = result.created;
      return result;
    };
  } else {
    const rows = validatePlayers(parsed, kind === 'roster', errors);
    const missingDivisions =
      kind === 'roster'
        ? [...new Set(rows.map((r) => r.division).filter((d) => !divisionsByName.has(d.toLowerCase())))]
        : [];
    const dedupMissing = new Map<string, string>();
    for (const d of missingDivisions) if (!dedupMissing.has(d.toLowerCase())) dedupMissing.set(d.toLowerCase(), d);
    // A dry run counts against what exists now; new divisions mean all their rows are new.
    if (errors.length === 0) {
      const known = rows.filter((r) => kind === 'player' || divisionsByName.has(r.division.toLowerCase()));
      const ids =
        kind === 'player'
          ? [nodeId]
          : [...new Set(known.map((r) => divisionsByName.get(r.division.toLowerCase())!.id))];
      const keys = new Set<string>();
      for (const list of chunks(ids)) {
        const found = await app.db
          .select({ org: organizationFundraisers.organizationId, key: organizationFundraisers.naturalKey })
          .from(organizationFundraisers)
          .where(inArray(organizationFundraisers.organizationId, list));
        for (const f of found) keys.add(`${f.org}|${f.key}`);
      }
      for (const r of rows) {
        const div = kind === 'player' ? nodeId : divisionsByName.get(r.division.toLowerCase())?.id;
        if (div !== undefined && keys.has(`${div}|${r.key}`)) counts.skipped++;
        else counts.created++;
      }
      counts.divisionsCreated = dedupMissing.size;
    }
    plan = () =>
      app.db.transaction(async (tx) => {
        for (const [lower, name] of dedupMissing) {
          const slug = await repo.freeSlug(tx as unknown as Db, `${team!.slug}-${name}`);
          const [d] = await tx
            .insert(organizations)
            .values({ typeId: 4, name, slug, parentId: team!.id })
            .returning({ id: organizations.id });
          divisionsByName.set(lower, { id: d!.id, slug });
        }
        const withIds = rows.map((r) => ({
          ...r,
          divisionId: kind === 'player' ? nodeId : divisionsByName.get(r.division.toLowerCase())!.id,
        }));
        const res = await applyPlayers(tx, withIds);
        return { ...res, divisionsCreated: dedupMissing.size };
      });
  }

  const valid = errors.length === 0;
  errors.sort((a, b) => a.line - b.line);
  if (valid && !dryRun) counts = await plan();
  const result: ImportResult = {
    dryRun,
    valid,
    rows: parsed.length,
    created: valid ? counts.created : 0,
    updated: valid ? counts.updated : 0,
    skipped: valid ? counts.skipped : 0,
    errors: errors.slice(0, MAX_ERRORS_LISTED),
    errorCount: errors.length,
    preview: parsed.slice(0, 20).map((r) => ({ line: String(r.line), ...r.values })),
    durationMs: Math.round(performance.now() - started),
  };
  if (!valid && !dryRun) {
    throw new AppError(
      422,
      'IMPORT_INVALID',
      `${errors.length} ${errors.length === 1 ? 'row has a problem' : 'problems were found'}; nothing was imported. Fix the file and upload it again.`,
      errors.slice(0, MAX_ERRORS_LISTED).map((e) => ({ path: `line ${e.line} › ${e.column}`, message: e.message })),
    );
  }
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const divisionsNote =
    counts.divisionsCreated && kind !== 'division'
      ? `, ${plural(counts.divisionsCreated, 'new division', 'new divisions')}`
      : '';
  const message = !valid
    ? `${plural(errors.length, 'problem', 'problems')} found; nothing will be imported until they are fixed.`
    : dryRun
      ? `Ready to import ${parsed.length} rows: ${counts.created} new, ${counts.updated} updated, ${counts.skipped} unchanged${divisionsNote}.`
      : `Imported ${parsed.length} rows: ${counts.created} created, ${counts.updated} updated, ${counts.skipped} skipped${divisionsNote}.`;
  app.log.info({ kind, nodeId, rows: parsed.length, dryRun, valid, ms: result.durationMs }, 'import');
  return { result, message };
}

/**
 * The roster as a CSV in the import template's columns (a division's players, or a whole team
 * with the division of each), formula cells neutralised: it can be edited and imported back.
 */
export async function exportRoster(app: FastifyInstance, p: Principal, kind: 'player' | 'roster', nodeId: number) {
  const node = kind === 'player' ? await rosterDivision(app, p, nodeId, false) : await visibleNode(app, p, nodeId);
  if (kind === 'roster' && node.typeId !== 3) throw badRequest('NOT_A_TEAM', 'A roster export is made for a team.');
  const rows = await app.db
    .select({
      division: organizations.name,
      player_first_name: players.firstName,
      player_last_name: players.lastName,
      parent_first_name: players.parentFirstName,
      parent_last_name: players.parentLastName,
      parent_email: players.email,
      phone: players.phone,
    })
    .from(organizationFundraisers)
    .innerJoin(players, eq(players.id, organizationFundraisers.playerId))
    .innerJoin(organizations, eq(organizations.id, organizationFundraisers.organizationId))
    .where(kind === 'player' ? eq(organizations.id, nodeId) : eq(organizations.parentId, nodeId))
    .orderBy(organizations.name, players.lastName, players.firstName, players.id);
  return { filename: `${node.slug}-roster.csv`, csv: toCsv(IMPORT_COLUMNS[kind], rows), rows: rows.length };
}
