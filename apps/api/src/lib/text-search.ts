/**
 * Free-text search helpers. A list's searched fields are joined by a line break into one generated
 * column (`search_text`, migration 0022, decision 027) under one trigram index, so a search is one
 * index scan instead of one per field.
 */
import { type SQL, sql } from 'drizzle-orm';

/** `%term%` for ILIKE, with the term's own `%`, `_` and `\` matched literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `term` is found in one of `fields`, tested on `joined` (the fields joined by a line break). A term
 * without a line break matches the joined text exactly when it matches a field: `%term%` matches a
 * run of characters equal to the term, and a run without a line break lies inside one field. A term
 * holding one could match across two fields, so it is also tested field by field.
 */
export function joinedTextSearch(joined: SQL, fields: SQL[], term: string): SQL {
  const like = likePattern(term);
  const one = sql`${joined} ilike ${like}`;
  if (!term.includes('\n')) return one;
  return sql`(${one} and (${sql.join(
    fields.map((f) => sql`${f} ilike ${like}`),
    sql` or `,
  )}))`;
}

/**
 * The player search over `players pl` (the player list and a campaign's players): the player's
 * and the parent's names and the e-mail, joined in `search_text` (migration 0022) and read with the
 * caller's scope through players_scope_text_idx. A text found in a first or last name is found in
 * the full name too.
 */
export const playerSearchSql = (term: string): SQL =>
  joinedTextSearch(
    sql`pl.search_text`,
    [
      sql`(pl.first_name || ' ' || pl.last_name)`,
      sql`(coalesce(pl.parent_first_name, '') || ' ' || coalesce(pl.parent_last_name, ''))`,
      sql`pl.email`,
    ],
    term,
  );
