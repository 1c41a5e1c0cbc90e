-- Issue 19 (performance): the campaign summary (GET /campaign/:id/summary) reads kept totals
-- instead of grouping the campaign's gifts four times (docs/decisions/024-campaign-summary-totals.md).
--
-- Per campaign, under the money rule of 0010 for what counts (status = 1, kind = 'gift',
-- net = greatest(amount_cents - refunded_cents, 0)):
-- - campaign_money_daily: counting gifts and net raised per UTC day of
--   coalesce(completed_at, created_at) (the summary's daily series);
-- - campaign_money_donors: per donor email, counting gifts, net raised, counting gifts without a
--   player page (the summary's "no division" row counts those donors), and the donor's LATEST
--   counting gift in the campaign by (created_at, id) with its name (first || ' ' || last): the
--   top donors list. An insert, or an update that only adds counting rows or changes amounts,
--   merges the latest (greatest (created_at, id) wins); a counting row that leaves its (campaign,
--   donor) pair or changes its created_at or name (a void, a refund to status 3, a delete, a move)
--   recomputes that pair's latest from donations, after the pair's row is locked by the upsert.
--   A refund that leaves the gift counting (status 1, net down to 0 included) is only a sum.
-- Per page and per division figures come from cf_money / cf_money_donors (0011) and the campaign's
-- totals from campaign_rollups (0004); gifts without a page are the campaign minus its pages.
-- Kept like 0011 and 0012 (decision 009): statement-level AFTER triggers with transition tables,
-- one grouped upsert per table and statement in key order (concurrent writers lock shared rows in
-- one order and queue), statements that change no counted column return at once; rows that fall
-- to zero gifts are deleted (partial indexes find them); TRUNCATE rebuilds.
-- fc_campaign_summary_drift() lists every difference with a recomputation from donations written
-- another way (window functions, no kept table read); fc_campaign_summary_rebuild() recomputes.
CREATE TABLE "campaign_money_daily" (
	"campaign_id" integer NOT NULL,
	"day" date NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("campaign_id", "day")
);--> statement-breakpoint
CREATE TABLE "campaign_money_donors" (
	"campaign_id" integer NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"unpaged_gifts" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone,
	"last_id" integer,
	"last_name" text,
	PRIMARY KEY ("campaign_id", "donor_email")
);--> statement-breakpoint
-- The top donors: the first ten entries of the campaign's range, in the summary's order.
CREATE INDEX "campaign_money_donors_top_idx" ON "campaign_money_donors" ("campaign_id", "raised_cents" DESC, "donor_email");--> statement-breakpoint
CREATE INDEX "campaign_money_donors_unpaged_idx" ON "campaign_money_donors" ("campaign_id") WHERE "unpaged_gifts" > 0;--> statement-breakpoint
CREATE INDEX "campaign_money_donors_zero_idx" ON "campaign_money_donors" ("campaign_id") WHERE "gifts" <= 0;--> statement-breakpoint
CREATE INDEX "campaign_money_daily_zero_idx" ON "campaign_money_daily" ("campaign_id") WHERE "gifts" <= 0;--> statement-breakpoint
-- The summary shows a "no division" row as soon as the campaign has any donation without a page
-- (pending and failed ones included): a probe of this index answers that.
CREATE INDEX "donations_unpaged_idx" ON "donations" ("campaign_id") WHERE "campaign_fundraiser_id" IS NULL;--> statement-breakpoint

CREATE FUNCTION fc_campaign_summary_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'status, kind, amount_cents, refunded_cents, campaign_id, campaign_fundraiser_id, donor_email,
    completed_at, created_at, donor_first_name, donor_last_name';
  sel constant text := 'campaign_id, donor_email::text AS donor_email, (campaign_fundraiser_id IS NULL)::int AS unpaged,
    (coalesce(completed_at, created_at) AT TIME ZONE ''UTC'')::date AS day,
    greatest(amount_cents - refunded_cents, 0)::bigint AS net, created_at, id,
    (donor_first_name || '' '' || donor_last_name)::text AS name';
  ch text;
  removes boolean;
BEGIN
  -- ch: the counting rows that left (sg = -1) or joined (sg = 1). Most statements change none.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status = 1 AND kind = 'gift' AND campaign_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT ' || sel || ', 1 AS sg FROM fc_new WHERE status = 1 AND kind = ''gift'' AND campaign_id IS NOT NULL';
    removes := false;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old WHERE status = 1 AND kind = 'gift' AND campaign_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT ' || sel || ', -1 AS sg FROM fc_old WHERE status = 1 AND kind = ''gift'' AND campaign_id IS NOT NULL';
    removes := true;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = 'gift' AND o.campaign_id IS NOT NULL)
            OR (n.status = 1 AND n.kind = 'gift' AND n.campaign_id IS NOT NULL))
          AND (o.status, o.kind, o.amount_cents, o.refunded_cents, o.campaign_id, o.campaign_fundraiser_id, o.donor_email,
            o.completed_at, o.created_at, o.donor_first_name, o.donor_last_name)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.campaign_id, n.campaign_fundraiser_id,
            n.donor_email, n.completed_at, n.created_at, n.donor_first_name, n.donor_last_name))
    THEN
      RETURN NULL;
    END IF;
    ch := format('WITH moved AS (SELECT n.id FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (%1$s) IS DISTINCT FROM (%2$s))
      SELECT %3$s, -1 AS sg FROM fc_old
        WHERE status = 1 AND kind = ''gift'' AND campaign_id IS NOT NULL AND id IN (SELECT id FROM moved)
      UNION ALL
      SELECT %3$s, 1 FROM fc_new
        WHERE status = 1 AND kind = ''gift'' AND campaign_id IS NOT NULL AND id IN (SELECT id FROM moved)',
      regexp_replace(cols, '(\w+)', 'o.\1', 'g'), regexp_replace(cols, '(\w+)', 'n.\1', 'g'), sel);
    -- A counting row that stops counting, changes pair, or changes what the latest is ordered by or
    -- shows may take the pair's latest gift away: those pairs are recomputed below.
    SELECT EXISTS (SELECT 1 FROM fc_old o JOIN fc_new n ON n.id = o.id
        WHERE o.status = 1 AND o.kind = 'gift' AND o.campaign_id IS NOT NULL
          AND (n.status <> 1 OR n.kind <> 'gift'
            OR (o.campaign_id, o.donor_email, o.created_at, o.donor_first_name, o.donor_last_name)
              IS DISTINCT FROM (n.campaign_id, n.donor_email, n.created_at, n.donor_first_name, n.donor_last_name)))
      INTO removes;
  END IF;

  EXECUTE 'WITH c AS MATERIALIZED (' || ch || '),
    dd AS (INSERT INTO campaign_money_daily AS t (campaign_id, day, gifts, raised_cents)
      SELECT campaign_id, day, sum(sg), sum(sg * net) FROM c GROUP BY 1, 2
        HAVING sum(sg) <> 0 OR sum(sg * net) <> 0 ORDER BY 1, 2
      ON CONFLICT (campaign_id, day) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        raised_cents = t.raised_cents + excluded.raised_cents
      RETURNING 1),
    lt AS (SELECT DISTINCT ON (campaign_id, donor_email) campaign_id, donor_email, created_at, id, name
      FROM c WHERE sg > 0 ORDER BY campaign_id, donor_email, created_at DESC, id DESC),
    g AS (SELECT campaign_id, donor_email, sum(sg) AS n, sum(sg * net) AS cents, sum(sg * unpaged) AS unpaged
      FROM c GROUP BY 1, 2),
    dn AS (INSERT INTO campaign_money_donors AS t (campaign_id, donor_email, gifts, raised_cents, unpaged_gifts,
        last_at, last_id, last_name)
      SELECT g.campaign_id, g.donor_email, g.n, g.cents, g.unpaged, lt.created_at, lt.id, lt.name
        FROM g LEFT JOIN lt ON lt.campaign_id = g.campaign_id AND lt.donor_email = g.donor_email
        WHERE g.n <> 0 OR g.cents <> 0 OR g.unpaged <> 0 OR lt.id IS NOT NULL
        ORDER BY 1, 2
      ON CONFLICT (campaign_id, donor_email) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        raised_cents = t.raised_cents + excluded.raised_cents, unpaged_gifts = t.unpaged_gifts + excluded.unpaged_gifts,
        last_at = CASE WHEN excluded.last_id IS NOT NULL AND (t.last_id IS NULL
            OR (excluded.last_at, excluded.last_id) > (t.last_at, t.last_id)) THEN excluded.last_at ELSE t.last_at END,
        last_id = CASE WHEN excluded.last_id IS NOT NULL AND (t.last_id IS NULL
            OR (excluded.last_at, excluded.last_id) > (t.last_at, t.last_id)) THEN excluded.last_id ELSE t.last_id END,
        last_name = CASE WHEN excluded.last_id IS NOT NULL AND (t.last_id IS NULL
            OR (excluded.last_at, excluded.last_id) > (t.last_at, t.last_id)) THEN excluded.last_name ELSE t.last_name END
      RETURNING 1)
    SELECT (SELECT count(*) FROM dd) + (SELECT count(*) FROM dn)';
  IF TG_OP <> 'INSERT' THEN -- an insert only raises counts
    DELETE FROM campaign_money_daily WHERE gifts <= 0;
    DELETE FROM campaign_money_donors WHERE gifts <= 0;
  END IF;
  IF removes THEN
    -- The pairs' rows are locked by the upsert above; this new statement sees what the writers we
    -- waited for committed. Cost: the donor's gifts (donations_email_idx).
    EXECUTE 'WITH p AS (SELECT DISTINCT campaign_id, donor_email FROM (' || ch || ') c)
      UPDATE campaign_money_donors t SET last_at = l.created_at, last_id = l.id, last_name = l.name
      FROM p CROSS JOIN LATERAL (SELECT d.created_at, d.id, (d.donor_first_name || '' '' || d.donor_last_name)::text AS name
          FROM donations d WHERE d.donor_email = p.donor_email AND d.campaign_id = p.campaign_id
            AND d.status = 1 AND d.kind = ''gift''
          ORDER BY d.created_at DESC, d.id DESC LIMIT 1) l
      WHERE t.campaign_id = p.campaign_id AND t.donor_email = p.donor_email
        AND (t.last_at, t.last_id, t.last_name) IS DISTINCT FROM (l.created_at, l.id, l.name)';
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_campaign_summary_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE campaign_money_daily, campaign_money_donors;
  INSERT INTO campaign_money_daily (campaign_id, day, gifts, raised_cents)
    SELECT campaign_id, (coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, count(*),
        sum(greatest(amount_cents - refunded_cents, 0))
      FROM donations WHERE status = 1 AND kind = 'gift' AND campaign_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO campaign_money_donors (campaign_id, donor_email, gifts, raised_cents, unpaged_gifts, last_at, last_id,
      last_name)
    SELECT campaign_id, donor_email, count(*), sum(greatest(amount_cents - refunded_cents, 0)),
        count(*) FILTER (WHERE campaign_fundraiser_id IS NULL),
        (array_agg(created_at ORDER BY created_at DESC, id DESC))[1],
        (array_agg(id ORDER BY created_at DESC, id DESC))[1],
        (array_agg(donor_first_name || ' ' || donor_last_name ORDER BY created_at DESC, id DESC))[1]
      FROM donations WHERE status = 1 AND kind = 'gift' AND campaign_id IS NOT NULL GROUP BY 1, 2;
END
$fn$;--> statement-breakpoint

-- Same columns as fc_rollup_drift(): (table, campaign id, item, stored, expected); item is
-- "<day>:<column>" or "<donor email>:<column>". The latest gift is found with row_number() here
-- (the trigger and the rebuild use DISTINCT ON / LIMIT 1 and array_agg); its name is compared as
-- hashtext(name).
CREATE FUNCTION fc_campaign_summary_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  WITH g AS MATERIALIZED (SELECT d.id AS gid, d.campaign_id AS cid, d.donor_email::text AS email,
      (coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC')::date AS day,
      greatest(d.amount_cents - d.refunded_cents, 0)::bigint AS net, (d.campaign_fundraiser_id IS NULL) AS unpaged,
      d.created_at, d.donor_first_name || ' ' || d.donor_last_name AS name,
      row_number() OVER (PARTITION BY d.campaign_id, d.donor_email ORDER BY d.created_at DESC, d.id DESC) AS rn
    FROM donations d WHERE d.status = 1 AND d.kind = 'gift' AND d.campaign_id IS NOT NULL),
  e(tbl, id, k, v) AS (
    SELECT 'campaign_money_daily'::text, g.cid, g.day::text, ARRAY[count(*), sum(g.net)]::bigint[] FROM g GROUP BY 1, 2, 3
    UNION ALL
    SELECT 'campaign_money_donors', g.cid, g.email,
        ARRAY[count(*), sum(g.net), count(*) FILTER (WHERE g.unpaged),
          max((extract(epoch FROM g.created_at) * 1000000)::bigint) FILTER (WHERE g.rn = 1),
          max(g.gid) FILTER (WHERE g.rn = 1), max(hashtext(g.name)) FILTER (WHERE g.rn = 1)]::bigint[]
      FROM g GROUP BY 1, 2, 3),
  s(tbl, id, k, v) AS (
    SELECT 'campaign_money_daily'::text, r.campaign_id, r.day::text, ARRAY[r.gifts, r.raised_cents]::bigint[]
      FROM campaign_money_daily r
    UNION ALL
    SELECT 'campaign_money_donors', r.campaign_id, r.donor_email::text,
        ARRAY[r.gifts, r.raised_cents, r.unpaged_gifts, (extract(epoch FROM r.last_at) * 1000000)::bigint, r.last_id,
          hashtext(r.last_name)]::bigint[]
      FROM campaign_money_donors r),
  names(tbl, i, name) AS (VALUES
    ('campaign_money_daily', 1, 'gifts'), ('campaign_money_daily', 2, 'raised_cents'),
    ('campaign_money_donors', 1, 'gifts'), ('campaign_money_donors', 2, 'raised_cents'),
    ('campaign_money_donors', 3, 'unpaged_gifts'), ('campaign_money_donors', 4, 'last_at'),
    ('campaign_money_donors', 5, 'last_id'), ('campaign_money_donors', 6, 'last_name')),
  diff AS (SELECT coalesce(e.tbl, s.tbl) AS tbl, coalesce(e.id, s.id) AS id, coalesce(e.k, s.k) AS k,
      s.v AS sv, e.v AS ev
    FROM e FULL JOIN s ON s.tbl = e.tbl AND s.id = e.id AND s.k = e.k WHERE s.v IS DISTINCT FROM e.v)
  SELECT d.tbl, d.id, d.k || ':' || n.name, d.sv[n.i], d.ev[n.i]
    FROM diff d JOIN names n ON n.tbl = d.tbl WHERE d.sv[n.i] IS DISTINCT FROM d.ev[n.i]
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_campaign_summary_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_campaign_summary_rebuild();
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE TRIGGER fc_campaign_summary_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_summary_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_summary_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_summary_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_summary_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_summary_trg();--> statement-breakpoint
CREATE TRIGGER fc_campaign_summary_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_campaign_summary_truncate_trg();--> statement-breakpoint
-- Backfill, and statistics for the planner (a fresh table would be estimated from its size alone).
SELECT fc_campaign_summary_rebuild();--> statement-breakpoint
ANALYZE campaign_money_daily, campaign_money_donors;
