-- Issue 6: two per-request costs found by timing each statement of the benchmarked endpoints on
-- the scale database.
--
-- 1. The tree's version. Every request of an organization profile needs its node's subtree and
--    ancestors (the principal's scope): for a state association that is a recursive walk over
--    2,725 nodes, 3-4 ms on every request. The scope depends only on the tree (organizations'
--    ids and parent_id), so the API keeps it in memory per node, tagged with this version, and
--    reads the version with the session row it already fetches. Any statement that writes
--    organizations (forms, imports, moves, seeds, hand-made SQL, TRUNCATE) bumps it, whoever makes
--    it, so a cached scope is never used after the tree changed, on any instance. The single row
--    is locked by a tree write until its commit: tree writes are rare and serialise on it.
CREATE TABLE "tree_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "tree_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint
CREATE FUNCTION fc_tree_version_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE tree_version SET version = version + 1 WHERE id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER organizations_tree_version AFTER INSERT OR UPDATE OR DELETE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION fc_tree_version_bump();--> statement-breakpoint
CREATE TRIGGER organizations_tree_version_truncate AFTER TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION fc_tree_version_bump();--> statement-breakpoint
-- 2. A campaign's last supporters (the public campaign page): its latest counting gifts by
--    coalesce(completed_at, created_at). The (campaign_id, status) index read all of a large
--    campaign's gifts (4,202) and sorted them for 10 rows (4 ms); this one reads the 10 in order.
CREATE INDEX "donations_campaign_recent_idx" ON "donations"
  ("campaign_id", "status", (coalesce("completed_at", "created_at")) DESC, "id" DESC);
