-- Issue 19 (decision 027): which campaigns a staff member reads, as ONE condition on the campaign.
--
-- A campaign is read by the staff of its owner node, of a node it is shared with
-- (organization_campaigns) and of a division taking part (campaign_divisions), each up the tree.
-- Until now that was three tests against the caller's subtree on every campaign of a list: for
-- the largest organization of the scale data set the campaign list read all 2,000 campaigns
-- through a hashed list of its 2,725 nodes and hashed the 13,836 division rows (6.7 of its
-- 8.6 ms); the player list ran the same test for each campaign of its page.
--
-- - campaigns.scope_nodes: the distinct ids of the paths (migration 0020) of the owner node, the
--   nodes it is shared with and its divisions. "Read by the staff of N's subtree" is
--   `scope_nodes @> {N}`, the same test as the donations' and players' scope. Kept by a BEFORE
--   trigger on insert and on a change of owner, by statement triggers on shares and divisions,
--   and rewritten for the campaigns of every node whose path changes (fc_tree_paths_fix, which
--   this migration redefines with that one step added).
-- fc_campaign_scope_drift() lists every campaign whose scope differs from a recomputation written
-- another way; fc_campaign_scope_rebuild() recomputes them.
ALTER TABLE "campaigns" ADD COLUMN "scope_nodes" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint

-- The scope nodes of the campaigns `ids`: the distinct ids of the paths of their owner, shares and
-- divisions, in order. Set-based, like fc_player_scope_write: a bulk add of divisions is one pass.
CREATE FUNCTION fc_campaign_scope_write(ids int[]) RETURNS void LANGUAGE sql AS $fn$
  UPDATE campaigns c SET scope_nodes = x.nodes
    FROM (SELECT a.campaign_id, coalesce(array_agg(DISTINCT n ORDER BY n) FILTER (WHERE n IS NOT NULL), '{}'::int[]) AS nodes
        FROM (SELECT c2.id AS campaign_id, c2.organization_id AS node FROM campaigns c2 WHERE c2.id = ANY(ids)
          UNION ALL SELECT s.campaign_id, s.organization_id FROM organization_campaigns s WHERE s.campaign_id = ANY(ids)
          UNION ALL SELECT d.campaign_id, d.organization_id FROM campaign_divisions d WHERE d.campaign_id = ANY(ids)) a
        LEFT JOIN organizations o ON o.id = a.node
        LEFT JOIN LATERAL unnest(o.path) n ON true
        GROUP BY a.campaign_id) x
    WHERE c.id = x.campaign_id AND c.scope_nodes IS DISTINCT FROM x.nodes
$fn$;--> statement-breakpoint

-- A new campaign has no shares or divisions yet (they reference it): its owner's path. A new owner:
-- the new owner's path with the shares' and divisions'.
CREATE FUNCTION fc_campaign_scope_row_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.scope_nodes := ARRAY(SELECT DISTINCT n FROM (
      SELECT unnest(o.path) AS n FROM organizations o WHERE o.id = NEW.organization_id
      UNION ALL SELECT unnest(o.path) FROM organization_campaigns s JOIN organizations o ON o.id = s.organization_id
        WHERE TG_OP = 'UPDATE' AND s.campaign_id = NEW.id
      UNION ALL SELECT unnest(o.path) FROM campaign_divisions d JOIN organizations o ON o.id = d.organization_id
        WHERE TG_OP = 'UPDATE' AND d.campaign_id = NEW.id) x ORDER BY n);
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope BEFORE INSERT OR UPDATE OF organization_id ON campaigns
  FOR EACH ROW EXECUTE FUNCTION fc_campaign_scope_row_trg();--> statement-breakpoint

CREATE FUNCTION fc_campaign_scope_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    PERFORM fc_campaign_scope_write(ARRAY(SELECT DISTINCT campaign_id FROM fc_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fc_campaign_scope_write(ARRAY(SELECT DISTINCT campaign_id FROM fc_old));
  ELSE
    PERFORM fc_campaign_scope_write(ARRAY(SELECT campaign_id FROM fc_new UNION SELECT campaign_id FROM fc_old));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_campaign_scope_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_campaign_scope_write(ARRAY(SELECT id FROM campaigns));
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_ins AFTER INSERT ON organization_campaigns REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_upd AFTER UPDATE ON organization_campaigns REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_del AFTER DELETE ON organization_campaigns REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_trunc AFTER TRUNCATE ON organization_campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_truncate_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_ins AFTER INSERT ON campaign_divisions REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_upd AFTER UPDATE ON campaign_divisions REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_del AFTER DELETE ON campaign_divisions REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_scope_trunc AFTER TRUNCATE ON campaign_divisions
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_scope_truncate_trg();--> statement-breakpoint

-- Migration 0020's repair of the paths, with the campaigns of the changed nodes rewritten too.
CREATE OR REPLACE FUNCTION fc_tree_paths_fix() RETURNS int LANGUAGE plpgsql AS $fn$
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
  PERFORM fc_campaign_scope_write(ARRAY(
    SELECT c.id FROM campaigns c WHERE c.organization_id = ANY(changed)
    UNION SELECT s.campaign_id FROM organization_campaigns s WHERE s.organization_id = ANY(changed)
    UNION SELECT d.campaign_id FROM campaign_divisions d WHERE d.organization_id = ANY(changed)));
  RETURN cardinality(changed);
END
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_campaign_scope_rebuild() RETURNS void LANGUAGE sql AS $fn$
  SELECT fc_campaign_scope_write(ARRAY(SELECT id FROM campaigns))
$fn$;--> statement-breakpoint

-- Every campaign whose kept scope differs from a recomputation written another way: the paths by
-- walking up from each attached node (not the kept organizations.path), the nodes one source at a time.
CREATE FUNCTION fc_campaign_scope_drift() RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint)
  LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE up(node, a, depth) AS (
    SELECT o.id, o.id, 0 FROM organizations o
    UNION ALL
    SELECT up.node, p.parent_id, up.depth + 1 FROM up JOIN organizations p ON p.id = up.a
      WHERE p.parent_id IS NOT NULL AND up.depth < 64
  ), attached AS (
    SELECT c.id AS campaign_id, c.organization_id AS node FROM campaigns c
    UNION SELECT s.campaign_id, s.organization_id FROM organization_campaigns s
    UNION SELECT d.campaign_id, d.organization_id FROM campaign_divisions d
  ), expected AS (
    SELECT c.id, c.scope_nodes, ARRAY(SELECT DISTINCT up.a FROM attached t JOIN up ON up.node = t.node
        WHERE t.campaign_id = c.id ORDER BY up.a) AS nodes
      FROM campaigns c
  )
  SELECT 'campaigns.scope_nodes', e.id, e.scope_nodes::text || ' <> ' || e.nodes::text, NULL::bigint, NULL::bigint
    FROM expected e WHERE e.scope_nodes IS DISTINCT FROM e.nodes
$fn$;--> statement-breakpoint

-- Backfill, then the index of the test.
SELECT fc_campaign_scope_rebuild();--> statement-breakpoint
CREATE INDEX "campaigns_scope_idx" ON "campaigns" USING gin ("scope_nodes");
