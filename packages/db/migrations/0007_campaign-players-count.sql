-- Issue 6: the campaign list (GET /admin/campaign/listbyuser/, every campaign a Super Admin may
-- read: 2,000 at scale) counted each campaign's players per request, one index scan per row
-- (34 of its 55 ms). campaign_rollups now keeps that count too, by a statement-level trigger on
-- campaign_fundraisers like 0004's (one grouped pass per statement). A campaign_rollups row is
-- written by 0004's functions (a new campaign, fc_rollup_rebuild's TRUNCATE and reinsert), which
-- know nothing of this column: an AFTER INSERT trigger on campaign_rollups counts the players of
-- the rows just inserted, so every path that creates a row starts it right.
-- fc_campaign_players_drift() lists differences in fc_rollup_drift()'s shape (the application's
-- rollupDrift reads both).
ALTER TABLE "campaign_rollups" ADD COLUMN "players" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION fc_campaign_players_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE campaign_rollups r SET players = r.players + x.n
      FROM (SELECT campaign_id, count(*)::int AS n FROM fc_new GROUP BY 1) x
      WHERE r.campaign_id = x.campaign_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE campaign_rollups r SET players = r.players - x.n
      FROM (SELECT campaign_id, count(*)::int AS n FROM fc_old GROUP BY 1) x
      WHERE r.campaign_id = x.campaign_id;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_old o JOIN fc_new w ON w.id = o.id WHERE o.campaign_id <> w.campaign_id) THEN
      RETURN NULL;
    END IF;
    UPDATE campaign_rollups r SET players = r.players + x.n
      FROM (SELECT campaign_id, sum(s)::int AS n FROM (
          SELECT o.campaign_id, -1 AS s FROM fc_old o JOIN fc_new w ON w.id = o.id WHERE o.campaign_id <> w.campaign_id
          UNION ALL
          SELECT w.campaign_id, 1 FROM fc_old o JOIN fc_new w ON w.id = o.id WHERE o.campaign_id <> w.campaign_id
        ) y GROUP BY 1 HAVING sum(s) <> 0) x
      WHERE r.campaign_id = x.campaign_id;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_campaign_players_init_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE campaign_rollups r SET players = x.n
    FROM (SELECT cf.campaign_id, count(*)::int AS n FROM campaign_fundraisers cf
      WHERE cf.campaign_id IN (SELECT campaign_id FROM fc_new) GROUP BY 1) x
    WHERE r.campaign_id = x.campaign_id;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_campaign_players_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE campaign_rollups SET players = 0 WHERE players <> 0;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_campaign_players_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  SELECT 'campaign_rollups'::text, k.id, 'players'::text, r.players::bigint, count(cf.id)
    FROM campaigns k LEFT JOIN campaign_rollups r ON r.campaign_id = k.id
      LEFT JOIN campaign_fundraisers cf ON cf.campaign_id = k.id
    GROUP BY k.id, r.players
    HAVING r.players IS DISTINCT FROM count(cf.id)
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_players_ins AFTER INSERT ON campaign_fundraisers REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_players_trg();--> statement-breakpoint
CREATE TRIGGER fc_players_upd AFTER UPDATE ON campaign_fundraisers REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_players_trg();--> statement-breakpoint
CREATE TRIGGER fc_players_del AFTER DELETE ON campaign_fundraisers REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_players_trg();--> statement-breakpoint
CREATE TRIGGER fc_players_trunc AFTER TRUNCATE ON campaign_fundraisers
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_players_truncate_trg();--> statement-breakpoint
CREATE TRIGGER fc_players_init AFTER INSERT ON campaign_rollups REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_players_init_trg();--> statement-breakpoint
UPDATE campaign_rollups r SET players = x.n
  FROM (SELECT campaign_id, count(*)::int AS n FROM campaign_fundraisers GROUP BY 1) x
  WHERE r.campaign_id = x.campaign_id;
