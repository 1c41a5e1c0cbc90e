-- Issue 13: the donation list's totals for a caller whose scope is a node, from a few kept rows.
--
-- The list shows a staff member the donations whose owner node (organization_id) or player's
-- division (division_id) is in their subtree (donations.access.ts). Without a search, a date
-- range, a campaign or a node filter, its totals are those of every such donation, filtered by
-- status, kind and method at most. donation_totals (0006) answers that by summing the rows of
-- every (owner, division) pair in the scope: 18,192 of 56,509 rows for the largest organization,
-- found with a 2,725-id list that takes longer to plan than to read. This table keeps, per node,
-- the sums over its whole subtree: each donation counts ONCE at every node of
-- ancestors(organization_id) ∪ ancestors(division_id) (both include the node itself), so the
-- totals of a scope rooted at node X are the rows of X (a few dozen: status × kind × method).
--
-- Kept like 0004, 0006 and 0010 (decision 009): statement-level AFTER triggers with transition
-- tables, one grouped upsert per statement in key order; an update that changes no counted column
-- returns at once; TRUNCATE empties the table. Rows that fall to zero are kept (readers sum them).
-- The tree: a node moved (parent_id changed) or deleted recomputes the rows of its old and new
-- ancestors from donations (fc_list_totals_rebuild(ids)); the cost is one read of the donations
-- of those ancestors' subtrees, the whole organization's when its root is among them (the
-- moved node's own subtree is unchanged). A node added has no donations.
-- fc_list_totals_drift() lists the differences with a recomputation from donations written
-- another way (a union of the two ancestor sets rather than an anti-join).
CREATE TABLE "donation_list_totals" (
	"organization_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"method" varchar(10) NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"cover_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "status", "kind", "method")
);--> statement-breakpoint
-- Recomputes the rows of the nodes `ids` (every node when null) from donations.
CREATE FUNCTION fc_list_totals_rebuild(ids int[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM donation_list_totals WHERE ids IS NULL OR organization_id = ANY(ids);
  INSERT INTO donation_list_totals AS t (organization_id, status, kind, method,
      n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
    WITH RECURSIVE cl(a, node, depth) AS MATERIALIZED (
        SELECT id, id, 0 FROM organizations WHERE ids IS NULL OR id = ANY(ids)
        UNION ALL
        SELECT cl.a, o.id, cl.depth + 1 FROM cl JOIN organizations o ON o.parent_id = cl.node WHERE cl.depth < 8),
      g AS MATERIALIZED (SELECT organization_id AS o, division_id AS dv, status, kind, method, count(*) AS n,
          sum(amount_cents) AS amount_cents, sum(cover_fee_cents) AS cover_fee_cents,
          sum(refunded_cents) AS refunded_cents, sum(greatest(amount_cents - refunded_cents, 0)) AS net_cents
        FROM donations
        WHERE ids IS NULL OR organization_id IN (SELECT node FROM cl) OR division_id IN (SELECT node FROM cl)
        GROUP BY 1, 2, 3, 4, 5),
      x AS (SELECT c.a, g.* FROM g JOIN cl c ON c.node = g.o
        UNION ALL
        SELECT c.a, g.* FROM g JOIN cl c ON c.node = g.dv
          WHERE NOT EXISTS (SELECT 1 FROM cl c2 WHERE c2.node = g.o AND c2.a = c.a))
    SELECT a, status, kind, method, sum(n), sum(amount_cents), sum(cover_fee_cents), sum(refunded_cents),
        sum(net_cents)
      FROM x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
END
$fn$;--> statement-breakpoint
-- Every key whose kept sums differ from donations (rows kept at zero count as absent): empty when right.
-- One row per differing figure, in the shape of fc_rollup_drift (orgs.repository rollupDrift):
-- item = 'status/kind/method/figure'.
CREATE FUNCTION fc_list_totals_drift() RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint)
  LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE up(node, a, depth) AS (
      SELECT id, id, 0 FROM organizations
      UNION ALL
      SELECT up.node, o.parent_id, up.depth + 1 FROM up JOIN organizations o ON o.id = up.a
        WHERE o.parent_id IS NOT NULL AND up.depth < 8),
    g AS MATERIALIZED (SELECT row_number() OVER () AS gid, * FROM (
        SELECT d.organization_id AS o, d.division_id AS dv, d.status, d.kind, d.method, count(*) AS n,
            sum(d.amount_cents) AS amount_cents, sum(d.cover_fee_cents) AS cover_fee_cents,
            sum(d.refunded_cents) AS refunded_cents, sum(greatest(d.amount_cents - d.refunded_cents, 0)) AS net_cents
          FROM donations d GROUP BY 1, 2, 3, 4, 5) s),
    at AS (SELECT g.gid, up.a FROM g JOIN up ON up.node = g.o
      UNION
      SELECT g.gid, up.a FROM g JOIN up ON up.node = g.dv),
    actual AS (SELECT at.a, g.status, g.kind, g.method,
        ARRAY[sum(g.n), sum(g.amount_cents), sum(g.cover_fee_cents), sum(g.refunded_cents), sum(g.net_cents)]::bigint[] AS v
      FROM at JOIN g ON g.gid = at.gid GROUP BY 1, 2, 3, 4),
    kept AS (SELECT t.organization_id AS a, t.status, t.kind, t.method,
        ARRAY[t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents] AS v
      FROM donation_list_totals t
      WHERE (t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents) <> (0, 0, 0, 0, 0))
  SELECT 'donation_list_totals', coalesce(k.a, x.a),
      concat_ws('/', coalesce(k.status, x.status), coalesce(k.kind, x.kind), coalesce(k.method, x.method),
        (ARRAY['n', 'amount_cents', 'cover_fee_cents', 'refunded_cents', 'net_cents'])[i]),
      k.v[i], x.v[i]
    FROM kept k FULL JOIN actual x ON (k.a, k.status, k.kind, k.method) = (x.a, x.status, x.kind, x.method)
      CROSS JOIN generate_series(1, 5) i
    WHERE k.v[i] IS DISTINCT FROM x.v[i]
$fn$;--> statement-breakpoint
-- One pass per statement: the statement's rows grouped by (owner, division, status, kind, method)
-- with a sign (+ inserted / new, − deleted / old), added at every ancestor of the owner and at
-- every ancestor of the division that is not also one of the owner's.
CREATE FUNCTION fc_list_totals_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    src := 'SELECT organization_id, division_id, status, kind, method, amount_cents, cover_fee_cents,
        refunded_cents, 1 AS sg FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    src := 'SELECT organization_id, division_id, status, kind, method, amount_cents, cover_fee_cents,
        refunded_cents, -1 AS sg FROM fc_old';
  ELSE
    PERFORM 1 FROM fc_old o JOIN fc_new w ON w.id = o.id
      WHERE (o.organization_id, o.division_id, o.status, o.kind, o.method, o.amount_cents, o.cover_fee_cents,
          o.refunded_cents)
        IS DISTINCT FROM (w.organization_id, w.division_id, w.status, w.kind, w.method, w.amount_cents,
          w.cover_fee_cents, w.refunded_cents)
      LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    src := 'SELECT o.organization_id, o.division_id, o.status, o.kind, o.method, o.amount_cents, o.cover_fee_cents,
        o.refunded_cents, -1 AS sg FROM fc_old o JOIN fc_new w ON w.id = o.id
      UNION ALL
      SELECT w.organization_id, w.division_id, w.status, w.kind, w.method, w.amount_cents, w.cover_fee_cents,
        w.refunded_cents, 1 FROM fc_old o JOIN fc_new w ON w.id = o.id';
  END IF;
  EXECUTE 'WITH RECURSIVE g AS MATERIALIZED (SELECT organization_id AS o, division_id AS dv, status, kind, method,
        sum(sg) AS n, sum(sg * amount_cents) AS amount_cents, sum(sg * cover_fee_cents) AS cover_fee_cents,
        sum(sg * refunded_cents) AS refunded_cents, sum(sg * greatest(amount_cents - refunded_cents, 0)) AS net_cents
      FROM (' || src || ') s GROUP BY 1, 2, 3, 4, 5),
    starts AS (SELECT o AS node FROM g UNION SELECT dv FROM g WHERE dv IS NOT NULL),
    cl(node, a, depth) AS MATERIALIZED (SELECT node, node, 0 FROM starts
      UNION ALL
      SELECT cl.node, o.parent_id, cl.depth + 1 FROM cl JOIN organizations o ON o.id = cl.a
        WHERE o.parent_id IS NOT NULL AND cl.depth < 8),
    x AS (SELECT c.a, g.* FROM g JOIN cl c ON c.node = g.o
      UNION ALL
      SELECT c.a, g.* FROM g JOIN cl c ON c.node = g.dv
        WHERE NOT EXISTS (SELECT 1 FROM cl c2 WHERE c2.node = g.o AND c2.a = c.a))
    INSERT INTO donation_list_totals AS t (organization_id, status, kind, method,
        n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
      SELECT a, status, kind, method, sum(n), sum(amount_cents), sum(cover_fee_cents), sum(refunded_cents),
          sum(net_cents)
        FROM x GROUP BY 1, 2, 3, 4
        HAVING sum(n) <> 0 OR sum(amount_cents) <> 0 OR sum(cover_fee_cents) <> 0 OR sum(refunded_cents) <> 0
          OR sum(net_cents) <> 0
        ORDER BY 1, 2, 3, 4
      ON CONFLICT (organization_id, status, kind, method) DO UPDATE SET
        n = t.n + excluded.n, amount_cents = t.amount_cents + excluded.amount_cents,
        cover_fee_cents = t.cover_fee_cents + excluded.cover_fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents';
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- The tree: the old and new ancestors of each moved node, the old ancestors of each deleted node
-- (and the deleted nodes' own rows), recomputed from donations.
CREATE FUNCTION fc_list_totals_orgs_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  affected int[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE o.parent_id IS DISTINCT FROM n.parent_id
          AND EXISTS (SELECT 1 FROM donation_list_totals t WHERE t.organization_id = n.id)) THEN
      RETURN NULL;
    END IF;
    WITH RECURSIVE c AS MATERIALIZED (SELECT o.id, o.parent_id AS old_parent, n.parent_id AS new_parent
        FROM fc_old o JOIN fc_new n ON n.id = o.id WHERE o.parent_id IS DISTINCT FROM n.parent_id),
      tree AS MATERIALIZED (SELECT t.id, t.parent_id FROM organizations t WHERE t.id NOT IN (SELECT c.id FROM c)
        UNION ALL SELECT c.id, c.old_parent FROM c),
      oa(id, depth) AS (SELECT c.old_parent, 1 FROM c WHERE c.old_parent IS NOT NULL
        UNION ALL SELECT t.parent_id, oa.depth + 1 FROM oa JOIN tree t ON t.id = oa.id
          WHERE t.parent_id IS NOT NULL AND oa.depth < 8),
      na(id, depth) AS (SELECT c.new_parent, 1 FROM c WHERE c.new_parent IS NOT NULL
        UNION ALL SELECT o.parent_id, na.depth + 1 FROM na JOIN organizations o ON o.id = na.id
          WHERE o.parent_id IS NOT NULL AND na.depth < 8)
    SELECT array_agg(DISTINCT id) INTO affected FROM (SELECT id FROM oa UNION ALL SELECT id FROM na) x;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_old o JOIN donation_list_totals t ON t.organization_id = o.id) THEN
      RETURN NULL;
    END IF;
    WITH RECURSIVE tree AS MATERIALIZED (SELECT t.id, t.parent_id FROM organizations t
        UNION ALL SELECT o.id, o.parent_id FROM fc_old o),
      oa(id, depth) AS (SELECT parent_id, 1 FROM fc_old WHERE parent_id IS NOT NULL
        UNION ALL SELECT t.parent_id, oa.depth + 1 FROM oa JOIN tree t ON t.id = oa.id
          WHERE t.parent_id IS NOT NULL AND oa.depth < 8)
    SELECT array_agg(DISTINCT id) INTO affected FROM (SELECT id FROM oa UNION ALL SELECT id FROM fc_old) x;
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM fc_list_totals_rebuild(affected);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_list_totals_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM donation_list_totals;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_list_totals_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_list_totals_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_list_totals_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_list_totals_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_truncate_trg();--> statement-breakpoint
CREATE TRIGGER fc_list_totals_orgs_upd AFTER UPDATE ON organizations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_orgs_trg();--> statement-breakpoint
CREATE TRIGGER fc_list_totals_orgs_del AFTER DELETE ON organizations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_list_totals_orgs_trg();--> statement-breakpoint
SELECT fc_list_totals_rebuild();
