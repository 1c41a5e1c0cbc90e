-- Issue 13 (performance): the node dashboard's players (leaderboard, players at risk, outreach
-- funnel) read kept per-page totals instead of summing donations per campaign fundraiser row
-- (docs/decisions/016-dashboard-totals.md).
--
-- Per campaign fundraiser row (a player's page in a campaign), under the money rule of 0010 for
-- what counts (status = 1, kind = 'gift', net = greatest(amount_cents - refunded_cents, 0)):
-- - cf_money: counting gifts and net raised on the page;
-- - cf_money_donors: counting gifts per donor email on the page (its rows are the page's donors);
-- - cf_money_contacts: counting gifts per outreach contact on the page (the funnel's "donated").
-- Kept like 0004, 0006 and 0010 (decision 009): statement-level AFTER triggers with transition
-- tables, one grouped upsert per table and statement in key order (concurrent writers lock shared
-- rows in one order and queue), updates that change no counted column return at once; rows that
-- fall to zero gifts are deleted (partial indexes find them); TRUNCATE rebuilds.
-- fc_cf_money_drift() lists every difference with a recomputation from donations;
-- fc_cf_money_rebuild() recomputes (after surgery with triggers off). Backfilled at the end.
CREATE TABLE "cf_money" (
	"campaign_fundraiser_id" integer PRIMARY KEY NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE "cf_money_donors" (
	"campaign_fundraiser_id" integer NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("campaign_fundraiser_id", "donor_email")
);--> statement-breakpoint
CREATE TABLE "cf_money_contacts" (
	"campaign_fundraiser_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("campaign_fundraiser_id", "contact_id")
);--> statement-breakpoint
CREATE INDEX "cf_money_zero_idx" ON "cf_money" ("campaign_fundraiser_id") WHERE "gifts" <= 0;--> statement-breakpoint
CREATE INDEX "cf_money_donors_zero_idx" ON "cf_money_donors" ("campaign_fundraiser_id") WHERE "gifts" <= 0;--> statement-breakpoint
CREATE INDEX "cf_money_contacts_zero_idx" ON "cf_money_contacts" ("campaign_fundraiser_id") WHERE "gifts" <= 0;--> statement-breakpoint
-- The dashboards: the campaigns owned by a set of nodes, by status.
CREATE INDEX "campaigns_org_status_idx" ON "campaigns" ("organization_id", "status");--> statement-breakpoint

CREATE FUNCTION fc_cf_money_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ch text;
BEGIN
  -- ch: (cf, donor_email, contact_id, sg, net) for each counting row on a page that left (-1) or
  -- joined (+1) the totals. Most statements change no counted row: they stop at the first check.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT campaign_fundraiser_id AS cf, donor_email::text AS donor_email, contact_id, 1 AS sg,
        greatest(amount_cents - refunded_cents, 0)::bigint AS net
      FROM fc_new WHERE status = 1 AND kind = ''gift'' AND campaign_fundraiser_id IS NOT NULL';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT campaign_fundraiser_id AS cf, donor_email::text AS donor_email, contact_id, -1 AS sg,
        greatest(amount_cents - refunded_cents, 0)::bigint AS net
      FROM fc_old WHERE status = 1 AND kind = ''gift'' AND campaign_fundraiser_id IS NOT NULL';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = 'gift' AND o.campaign_fundraiser_id IS NOT NULL)
            OR (n.status = 1 AND n.kind = 'gift' AND n.campaign_fundraiser_id IS NOT NULL))
          AND (o.status, o.kind, o.amount_cents, o.refunded_cents, o.campaign_fundraiser_id, o.donor_email, o.contact_id)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.campaign_fundraiser_id, n.donor_email, n.contact_id))
    THEN
      RETURN NULL;
    END IF;
    ch := 'WITH moved AS (SELECT n.id FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (o.status, o.kind, o.amount_cents, o.refunded_cents, o.campaign_fundraiser_id, o.donor_email, o.contact_id)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.campaign_fundraiser_id, n.donor_email, n.contact_id))
      SELECT campaign_fundraiser_id AS cf, donor_email::text AS donor_email, contact_id, -1 AS sg,
          greatest(amount_cents - refunded_cents, 0)::bigint AS net
        FROM fc_old WHERE status = 1 AND kind = ''gift'' AND campaign_fundraiser_id IS NOT NULL AND id IN (SELECT id FROM moved)
      UNION ALL
      SELECT campaign_fundraiser_id, donor_email::text, contact_id, 1, greatest(amount_cents - refunded_cents, 0)::bigint
        FROM fc_new WHERE status = 1 AND kind = ''gift'' AND campaign_fundraiser_id IS NOT NULL AND id IN (SELECT id FROM moved)';
  END IF;

  EXECUTE 'WITH c AS MATERIALIZED (' || ch || '),
    m AS (INSERT INTO cf_money AS t (campaign_fundraiser_id, gifts, raised_cents)
      SELECT cf, sum(sg), sum(sg * net) FROM c GROUP BY cf HAVING sum(sg) <> 0 OR sum(sg * net) <> 0 ORDER BY cf
      ON CONFLICT (campaign_fundraiser_id) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        raised_cents = t.raised_cents + excluded.raised_cents RETURNING 1),
    d AS (INSERT INTO cf_money_donors AS t (campaign_fundraiser_id, donor_email, gifts)
      SELECT cf, donor_email, sum(sg) FROM c GROUP BY cf, donor_email HAVING sum(sg) <> 0 ORDER BY cf, donor_email
      ON CONFLICT (campaign_fundraiser_id, donor_email) DO UPDATE SET gifts = t.gifts + excluded.gifts RETURNING 1),
    k AS (INSERT INTO cf_money_contacts AS t (campaign_fundraiser_id, contact_id, gifts)
      SELECT cf, contact_id, sum(sg) FROM c WHERE contact_id IS NOT NULL GROUP BY cf, contact_id HAVING sum(sg) <> 0
        ORDER BY cf, contact_id
      ON CONFLICT (campaign_fundraiser_id, contact_id) DO UPDATE SET gifts = t.gifts + excluded.gifts RETURNING 1)
    SELECT (SELECT count(*) FROM m) + (SELECT count(*) FROM d) + (SELECT count(*) FROM k)';
  IF TG_OP <> 'INSERT' THEN -- an insert only raises counts
    DELETE FROM cf_money WHERE gifts <= 0;
    DELETE FROM cf_money_donors WHERE gifts <= 0;
    DELETE FROM cf_money_contacts WHERE gifts <= 0;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_cf_money_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE cf_money, cf_money_donors, cf_money_contacts;
  INSERT INTO cf_money (campaign_fundraiser_id, gifts, raised_cents)
    SELECT campaign_fundraiser_id, count(*), sum(greatest(amount_cents - refunded_cents, 0))
      FROM donations WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL GROUP BY 1;
  INSERT INTO cf_money_donors (campaign_fundraiser_id, donor_email, gifts)
    SELECT campaign_fundraiser_id, donor_email, count(*)
      FROM donations WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO cf_money_contacts (campaign_fundraiser_id, contact_id, gifts)
    SELECT campaign_fundraiser_id, contact_id, count(*) FROM donations
      WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL AND contact_id IS NOT NULL GROUP BY 1, 2;
END
$fn$;--> statement-breakpoint

-- Same columns as fc_rollup_drift(): (table, campaign fundraiser id, item, stored, expected).
CREATE FUNCTION fc_cf_money_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  WITH g AS MATERIALIZED (SELECT campaign_fundraiser_id AS cf, donor_email::text AS donor_email, contact_id,
      greatest(amount_cents - refunded_cents, 0)::bigint AS net
    FROM donations WHERE status = 1 AND kind = 'gift' AND campaign_fundraiser_id IS NOT NULL),
  e AS (SELECT cf, count(*)::bigint AS gifts, sum(net)::bigint AS cents FROM g GROUP BY cf),
  pages AS (SELECT 'cf_money'::text, coalesce(e.cf, m.campaign_fundraiser_id), v.item, v.stored, v.expected
    FROM e FULL JOIN cf_money m ON m.campaign_fundraiser_id = e.cf
    CROSS JOIN LATERAL (VALUES ('gifts', m.gifts::bigint, e.gifts), ('raised_cents', m.raised_cents, e.cents)) v(item, stored, expected)
    WHERE v.stored IS DISTINCT FROM v.expected),
  donors AS (SELECT 'cf_money_donors'::text, coalesce(x.cf, a.campaign_fundraiser_id), coalesce(x.k, a.donor_email)::text,
      a.gifts::bigint, x.n
    FROM (SELECT cf, donor_email AS k, count(*)::bigint AS n FROM g GROUP BY 1, 2) x
    FULL JOIN cf_money_donors a ON a.campaign_fundraiser_id = x.cf AND a.donor_email = x.k
    WHERE a.gifts IS DISTINCT FROM x.n),
  contacts AS (SELECT 'cf_money_contacts'::text, coalesce(x.cf, a.campaign_fundraiser_id), coalesce(x.k, a.contact_id)::text,
      a.gifts::bigint, x.n
    FROM (SELECT cf, contact_id AS k, count(*)::bigint AS n FROM g WHERE contact_id IS NOT NULL GROUP BY 1, 2) x
    FULL JOIN cf_money_contacts a ON a.campaign_fundraiser_id = x.cf AND a.contact_id = x.k
    WHERE a.gifts IS DISTINCT FROM x.n)
  SELECT * FROM pages UNION ALL SELECT * FROM donors UNION ALL SELECT * FROM contacts
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_cf_money_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_cf_money_rebuild();
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE TRIGGER fc_cf_money_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_cf_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_cf_money_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_cf_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_cf_money_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_cf_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_cf_money_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_cf_money_truncate_trg();--> statement-breakpoint
-- Backfill, and statistics for the planner (a fresh table would be estimated from its size alone).
SELECT fc_cf_money_rebuild();--> statement-breakpoint
ANALYZE cf_money, cf_money_donors, cf_money_contacts;
