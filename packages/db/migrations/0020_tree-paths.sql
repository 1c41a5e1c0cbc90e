-- Issue 19 (decision 025): a caller's scope as ONE indexed condition instead of a list of ids.
--
-- A staff member reads the donations whose owner node (organization_id) or player's division
-- (division_id) is in the subtree of their node. Until now that was two tests against a list of
-- every node of the subtree (2,725 ids for the largest organization of the scale data set),
-- written into each query: parsed, planned element by element, and probed per row; a text search
-- found every match in the platform (13,878 donations for "garcia") and only then dropped the
-- ones outside the scope (4,525 left).
--
-- - organizations.path: the ids from the root down to the node itself ({1, 17, 169} for a team
--   under league 17 of organization 1). Kept by triggers: a node inserted takes its parent's path
--   plus its own id; when a parent changes (a move), or a statement inserted a child before its
--   parent, every path is recomputed from parent_id and the ones that changed are written (a move
--   is rare; the recomputation reads the 10,000-node tree in ~15 ms).
-- - donations.scope_nodes: the union of the paths of the donation's owner node and division, kept
--   by a BEFORE trigger on insert and on a change of either column, and rewritten for the
--   donations of every node whose path changed. "In the subtree of N" is `scope_nodes @> {N}`:
--   one GIN condition, estimated from the column's element statistics, the same for owner and
--   division.
-- - players.scope_nodes: the union of the paths of the rosters (organization_fundraisers) the
--   player is on, kept by triggers on rosters and rewritten with the paths; a staff member reads a
--   player on a roster in their subtree, i.e. `scope_nodes @> {N}`. Until now each player of a
--   search was tested against the 2,725 ids through its roster rows.
-- - donations.campaign_title, donations.player_name: the campaign's title and the player's name,
--   copied onto each donation (kept on insert, on a change of campaign or page, and when a title or
--   a player's name changes), so that every alternative of the list's search is a column of the
--   donation. The player alternative used to be a list of page ids (2,498 for "garcia") whose
--   12,174 gifts were read from the table and then mostly dropped by the scope.
-- - donations_scope_search_idx: the scope and the five searched texts in one multicolumn GIN (with
--   the trigram expressions of 0005), so a search intersects its matches with the scope inside the
--   index instead of reading every match from the table; players_scope_search_idx the same for
--   the player list. They replace 0005's trigram indexes, which hold the same expressions without
--   the scope (a search without a scope, a Super Admin's, reads the same index).
-- - donation_platform_totals: the donation list's totals for callers who read every donation
--   (Super Admin, FYS staff): sums per (status, kind, method), ~30 rows, kept like 0006 (the
--   totals previously summed the 56,509 rows of donation_totals on every list: 18.8 ms).
-- fc_tree_paths_drift() lists every path, scope and platform total that differs from a
-- recomputation; fc_tree_paths_rebuild() recomputes them (after surgery with triggers off).
ALTER TABLE "organizations" ADD COLUMN "path" integer[];--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "scope_nodes" integer[];--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "campaign_title" varchar(160);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "player_name" varchar(161);--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "scope_nodes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE TABLE "donation_platform_totals" (
	"status" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"method" varchar(10) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"cover_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("status", "kind", "method")
);--> statement-breakpoint

-- Every node's path, computed from parent_id alone (nodes on a cycle, which the API refuses to
-- create, get none).
CREATE FUNCTION fc_tree_paths() RETURNS TABLE (id int, path int[]) LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE t(id, path) AS (
    SELECT o.id, ARRAY[o.id] FROM organizations o WHERE o.parent_id IS NULL
    UNION ALL
    SELECT o.id, t.path || o.id FROM organizations o JOIN t ON o.parent_id = t.id WHERE cardinality(t.path) < 64)
  SELECT t.id, t.path FROM t
$fn$;--> statement-breakpoint
-- The scope nodes of a donation: the distinct ids of both paths, in order.
CREATE FUNCTION fc_scope_nodes(org int, division int) RETURNS int[] LANGUAGE sql STABLE AS $fn$
  SELECT ARRAY(SELECT DISTINCT x FROM unnest(
      coalesce((SELECT o.path FROM organizations o WHERE o.id = org), '{}'::int[])
      || coalesce((SELECT o.path FROM organizations o WHERE o.id = division), '{}'::int[])) x ORDER BY x)
$fn$;--> statement-breakpoint

-- The scope nodes of the players `ids`: the distinct ids of the paths
-- of their rosters, in order ({} without one). Set-based: a roster import of thousands of rows is
-- one grouped join, not one lookup per player.
CREATE FUNCTION fc_player_scope_write(ids int[]) RETURNS void LANGUAGE sql AS $fn$
  UPDATE players p SET scope_nodes = x.nodes
    FROM (SELECT pl.id AS player_id, coalesce(array_agg(DISTINCT n ORDER BY n) FILTER (WHERE n IS NOT NULL), '{}'::int[]) AS nodes
        FROM players pl
        LEFT JOIN organization_fundraisers f ON f.player_id = pl.id
        LEFT JOIN organizations o ON o.id = f.organization_id
        LEFT JOIN LATERAL unnest(o.path) n ON true
        WHERE pl.id = ANY(ids)
        GROUP BY pl.id) x
    WHERE p.id = x.player_id AND p.scope_nodes IS DISTINCT FROM x.nodes
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_player_scope_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    PERFORM fc_player_scope_write(ARRAY(SELECT DISTINCT player_id FROM fc_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fc_player_scope_write(ARRAY(SELECT DISTINCT player_id FROM fc_old));
  ELSE
    PERFORM fc_player_scope_write(ARRAY(SELECT player_id FROM fc_new UNION SELECT player_id FROM fc_old));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_player_scope_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE players SET scope_nodes = '{}' WHERE scope_nodes <> '{}';
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_player_scope_ins AFTER INSERT ON organization_fundraisers REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_player_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_player_scope_upd AFTER UPDATE ON organization_fundraisers REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_player_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_player_scope_del AFTER DELETE ON organization_fundraisers REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_player_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_player_scope_trunc AFTER TRUNCATE ON organization_fundraisers
  FOR EACH STATEMENT EXECUTE FUNCTION fc_player_scope_truncate_trg();--> statement-breakpoint

CREATE FUNCTION fc_org_path_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  parent_path int[];
BEGIN
  IF NEW.parent_id IS NULL THEN
    NEW.path := ARRAY[NEW.id];
  ELSE
    SELECT p.path INTO parent_path FROM organizations p WHERE p.id = NEW.parent_id;
    -- A parent not written yet (inserted later by the same statement) leaves the path null: the
    -- statement trigger below recomputes it.
    NEW.path := CASE WHEN parent_path IS NULL THEN NULL ELSE parent_path || NEW.id END;
  END IF;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
-- Writes every path that differs from the recomputation, then the scope nodes of the donations of
-- those nodes. Returns the number of nodes whose path changed.
CREATE FUNCTION fc_tree_paths_fix() RETURNS int LANGUAGE plpgsql AS $fn$
DECLARE
  changed int[];
BEGIN
  WITH t AS (SELECT * FROM fc_tree_paths()),
    up AS (UPDATE organizations o SET path = t.path FROM t
      WHERE o.id = t.id AND o.path IS DISTINCT FROM t.path RETURNING o.id)
  SELECT array_agg(up.id) INTO changed FROM up;
  IF changed IS NULL THEN RETURN 0; END IF;
  UPDATE donations d SET scope_nodes = fc_scope_nodes(d.organization_id, d.division_id)
    WHERE d.organization_id = ANY(changed) OR d.division_id = ANY(changed);
  PERFORM fc_player_scope_write(ARRAY(SELECT DISTINCT f.player_id FROM organization_fundraisers f
    WHERE f.organization_id = ANY(changed)));
  RETURN cardinality(changed);
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_org_paths_stmt_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE path IS NULL) THEN RETURN NULL; END IF;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_old o JOIN fc_new n ON n.id = o.id
        WHERE o.parent_id IS DISTINCT FROM n.parent_id) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM fc_tree_paths_fix();
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- On insert only: a move leaves the row's path as it was, so that the statement trigger finds it
-- among the changed paths and rewrites its donations with its descendants'.
CREATE TRIGGER fc_org_path BEFORE INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION fc_org_path_trg();--> statement-breakpoint
CREATE TRIGGER fc_org_paths_ins AFTER INSERT ON organizations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_org_paths_stmt_trg();--> statement-breakpoint
CREATE TRIGGER fc_org_paths_upd AFTER UPDATE ON organizations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_org_paths_stmt_trg();--> statement-breakpoint

-- The player's name as the search reads it (the expression of 0005's player index).
CREATE FUNCTION fc_page_player_name(cf int) RETURNS varchar LANGUAGE sql STABLE AS $fn$
  SELECT (pl.first_name || ' ' || pl.last_name)::varchar FROM campaign_fundraisers f JOIN players pl ON pl.id = f.player_id
    WHERE f.id = cf
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_donation_scope_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.scope_nodes := fc_scope_nodes(NEW.organization_id, NEW.division_id);
  NEW.campaign_title := (SELECT c.title FROM campaigns c WHERE c.id = NEW.campaign_id);
  NEW.player_name := fc_page_player_name(NEW.campaign_fundraiser_id);
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_donation_scope BEFORE INSERT OR UPDATE OF organization_id, division_id, campaign_id,
    campaign_fundraiser_id ON donations
  FOR EACH ROW EXECUTE FUNCTION fc_donation_scope_trg();--> statement-breakpoint
-- A campaign renamed, a player renamed, a page given to another player: the copies on the gifts follow.
CREATE FUNCTION fc_donation_names_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    UPDATE donations d SET campaign_title = n.title FROM fc_new n JOIN fc_old o ON o.id = n.id
      WHERE o.title IS DISTINCT FROM n.title AND d.campaign_id = n.id;
  ELSIF TG_TABLE_NAME = 'players' THEN
    UPDATE donations d SET player_name = (n.first_name || ' ' || n.last_name)::varchar
      FROM fc_new n JOIN fc_old o ON o.id = n.id JOIN campaign_fundraisers f ON f.player_id = n.id
      WHERE (o.first_name, o.last_name) IS DISTINCT FROM (n.first_name, n.last_name) AND d.campaign_fundraiser_id = f.id;
  ELSE
    UPDATE donations d SET player_name = fc_page_player_name(n.id) FROM fc_new n JOIN fc_old o ON o.id = n.id
      WHERE o.player_id IS DISTINCT FROM n.player_id AND d.campaign_fundraiser_id = n.id;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_donation_names AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_names_trg();--> statement-breakpoint
CREATE TRIGGER fc_donation_names AFTER UPDATE ON players REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_names_trg();--> statement-breakpoint
CREATE TRIGGER fc_donation_names AFTER UPDATE ON campaign_fundraisers REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_names_trg();--> statement-breakpoint

-- The platform totals, kept like donation_totals (0006): one grouped upsert per statement in key
-- order; an update that changes no counted column returns at once; rows at zero are kept.
CREATE FUNCTION fc_platform_totals_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ch text;
BEGIN
  -- ch: (status, kind, method, sign and amounts) of every row that joined (+1) or left (-1) the sums.
  IF TG_OP = 'INSERT' THEN
    ch := 'SELECT status, kind, method, 1 AS s, amount_cents, cover_fee_cents, refunded_cents FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    ch := 'SELECT status, kind, method, -1 AS s, amount_cents, cover_fee_cents, refunded_cents FROM fc_old';
  ELSE
    PERFORM 1 FROM fc_old o JOIN fc_new w ON w.id = o.id
      WHERE (o.status, o.kind, o.method, o.amount_cents, o.cover_fee_cents, o.refunded_cents)
        IS DISTINCT FROM (w.status, w.kind, w.method, w.amount_cents, w.cover_fee_cents, w.refunded_cents)
      LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    ch := 'SELECT status, kind, method, 1 AS s, amount_cents, cover_fee_cents, refunded_cents FROM fc_new
      UNION ALL SELECT status, kind, method, -1, amount_cents, cover_fee_cents, refunded_cents FROM fc_old';
  END IF;
  EXECUTE 'INSERT INTO donation_platform_totals AS t (status, kind, method, n, amount_cents, cover_fee_cents,
      refunded_cents, net_cents)
    SELECT status, kind, method, sum(s), sum(s * amount_cents), sum(s * cover_fee_cents), sum(s * refunded_cents),
        sum(s * greatest(amount_cents - refunded_cents, 0))
      FROM (' || ch || ') x
      GROUP BY 1, 2, 3
      HAVING sum(s) <> 0 OR sum(s * amount_cents) <> 0 OR sum(s * cover_fee_cents) <> 0
        OR sum(s * refunded_cents) <> 0 OR sum(s * greatest(amount_cents - refunded_cents, 0)) <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT (status, kind, method) DO UPDATE SET
      n = t.n + excluded.n, amount_cents = t.amount_cents + excluded.amount_cents,
      cover_fee_cents = t.cover_fee_cents + excluded.cover_fee_cents,
      refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents';
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_platform_totals_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM donation_platform_totals;
  RETURN NULL;
END
$fn$;--> statement-breakpoint

-- Recomputes every path, scope and platform total (the backfill below, repairs).
CREATE FUNCTION fc_tree_paths_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_tree_paths_fix();
  UPDATE donations d SET scope_nodes = fc_scope_nodes(d.organization_id, d.division_id)
    WHERE d.scope_nodes IS DISTINCT FROM fc_scope_nodes(d.organization_id, d.division_id);
  UPDATE donations d SET campaign_title = c.title FROM campaigns c
    WHERE c.id = d.campaign_id AND d.campaign_title IS DISTINCT FROM c.title;
  UPDATE donations d SET player_name = fc_page_player_name(d.campaign_fundraiser_id)
    WHERE d.player_name IS DISTINCT FROM fc_page_player_name(d.campaign_fundraiser_id);
  PERFORM fc_player_scope_write(ARRAY(SELECT id FROM players));
  DELETE FROM donation_platform_totals;
  INSERT INTO donation_platform_totals (status, kind, method, n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
    SELECT status, kind, method, count(*), sum(amount_cents), sum(cover_fee_cents), sum(refunded_cents),
        sum(greatest(amount_cents - refunded_cents, 0))
      FROM donations GROUP BY 1, 2, 3;
END
$fn$;--> statement-breakpoint
-- Every kept value that differs from a recomputation written another way (paths by walking up
-- from each node rather than down from the roots; scopes and sums straight from donations).
CREATE FUNCTION fc_tree_paths_drift() RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint)
  LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE up(node, a, depth) AS (
    SELECT o.id, o.id, 0 FROM organizations o
    UNION ALL
    SELECT up.node, p.parent_id, up.depth + 1 FROM up JOIN organizations p ON p.id = up.a
      WHERE p.parent_id IS NOT NULL AND up.depth < 64
  ), paths AS (
    SELECT node, array_agg(a ORDER BY depth DESC) AS path FROM up GROUP BY node
  ), scopes AS (
    SELECT d.id, d.scope_nodes, ARRAY(SELECT DISTINCT x FROM unnest(coalesce(po.path, '{}'::int[])
        || coalesce(pd.path, '{}'::int[])) x ORDER BY x) AS expected
      FROM donations d LEFT JOIN paths po ON po.node = d.organization_id LEFT JOIN paths pd ON pd.node = d.division_id
  ), names AS (
    SELECT d.id, d.campaign_title, d.player_name, c.title, pl.first_name || ' ' || pl.last_name AS player
      FROM donations d LEFT JOIN campaigns c ON c.id = d.campaign_id
        LEFT JOIN campaign_fundraisers f ON f.id = d.campaign_fundraiser_id LEFT JOIN players pl ON pl.id = f.player_id
  ), player_scopes AS (
    SELECT pl.id, pl.scope_nodes, ARRAY(SELECT DISTINCT x FROM organization_fundraisers f JOIN paths p ON p.node = f.organization_id,
        unnest(p.path) x WHERE f.player_id = pl.id ORDER BY x) AS expected
      FROM players pl
  ), kept AS (
    SELECT status, kind, method, ARRAY[n, amount_cents, cover_fee_cents, refunded_cents, net_cents] AS v
      FROM donation_platform_totals WHERE (n, amount_cents, cover_fee_cents, refunded_cents, net_cents) <> (0, 0, 0, 0, 0)
  ), actual AS (
    SELECT status, kind, method, ARRAY[count(*), sum(amount_cents), sum(cover_fee_cents), sum(refunded_cents),
        sum(greatest(amount_cents - refunded_cents, 0))]::bigint[] AS v
      FROM donations GROUP BY 1, 2, 3
  )
  SELECT 'organizations.path', o.id, coalesce(o.path::text, 'null') || ' <> ' || coalesce(p.path::text, 'null'),
      NULL::bigint, NULL::bigint
    FROM organizations o LEFT JOIN paths p ON p.node = o.id WHERE o.path IS DISTINCT FROM p.path
  UNION ALL
  SELECT 'donations.scope_nodes', s.id, coalesce(s.scope_nodes::text, 'null') || ' <> ' || s.expected::text,
      NULL::bigint, NULL::bigint
    FROM scopes s WHERE s.scope_nodes IS DISTINCT FROM s.expected
  UNION ALL
  SELECT 'donations.campaign_title', n.id, coalesce(n.campaign_title, 'null') || ' <> ' || coalesce(n.title, 'null'),
      NULL::bigint, NULL::bigint
    FROM names n WHERE n.campaign_title IS DISTINCT FROM n.title
  UNION ALL
  SELECT 'donations.player_name', n.id, coalesce(n.player_name, 'null') || ' <> ' || coalesce(n.player, 'null'),
      NULL::bigint, NULL::bigint
    FROM names n WHERE n.player_name IS DISTINCT FROM n.player
  UNION ALL
  SELECT 'players.scope_nodes', s.id, s.scope_nodes::text || ' <> ' || s.expected::text, NULL::bigint, NULL::bigint
    FROM player_scopes s WHERE s.scope_nodes IS DISTINCT FROM s.expected
  UNION ALL
  SELECT 'donation_platform_totals', NULL::int, coalesce(k.status, a.status)::text || '/' || coalesce(k.kind, a.kind)
      || '/' || coalesce(k.method, a.method) || ': ' || coalesce(k.v::text, 'null') || ' <> ' || coalesce(a.v::text, 'null'),
      k.v[1], a.v[1]
    FROM kept k FULL JOIN actual a ON (k.status, k.kind, k.method) = (a.status, a.kind, a.method)
    WHERE k.v IS DISTINCT FROM a.v
$fn$;--> statement-breakpoint

CREATE TRIGGER fc_platform_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_platform_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_platform_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_platform_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_platform_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_platform_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_platform_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_platform_totals_truncate_trg();--> statement-breakpoint

-- Backfill. The donations' other triggers count none of these columns: they are switched off for
-- the one-time rewrite so that each does not compare a million old and new rows to find nothing.
UPDATE organizations o SET path = t.path FROM fc_tree_paths() t WHERE o.id = t.id;--> statement-breakpoint
ALTER TABLE donations DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE donations d SET scope_nodes = fc_scope_nodes(d.organization_id, d.division_id),
  campaign_title = (SELECT c.title FROM campaigns c WHERE c.id = d.campaign_id),
  player_name = fc_page_player_name(d.campaign_fundraiser_id);--> statement-breakpoint
ALTER TABLE donations ENABLE TRIGGER USER;--> statement-breakpoint
SELECT fc_player_scope_write(ARRAY(SELECT id FROM players));--> statement-breakpoint
INSERT INTO donation_platform_totals (status, kind, method, n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
  SELECT status, kind, method, count(*), sum(amount_cents), sum(cover_fee_cents), sum(refunded_cents),
      sum(greatest(amount_cents - refunded_cents, 0))
    FROM donations GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "organizations_path_idx" ON "organizations" USING gin ("path");--> statement-breakpoint
CREATE INDEX "donations_scope_idx" ON "donations" USING gin ("scope_nodes");--> statement-breakpoint
DROP INDEX IF EXISTS "donations_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "players_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "donations_scope_search_idx" ON "donations" USING gin (
  "scope_nodes",
  "donor_email" gin_trgm_ops,
  ("donor_first_name" || ' ' || "donor_last_name") gin_trgm_ops,
  "receipt_number" gin_trgm_ops,
  "campaign_title" gin_trgm_ops,
  "player_name" gin_trgm_ops
);--> statement-breakpoint
CREATE INDEX "players_scope_search_idx" ON "players" USING gin (
  "scope_nodes",
  ("first_name" || ' ' || "last_name") gin_trgm_ops,
  (coalesce("parent_first_name", '') || ' ' || coalesce("parent_last_name", '')) gin_trgm_ops,
  "email" gin_trgm_ops
);
