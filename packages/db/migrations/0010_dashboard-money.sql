-- Issue 13: dashboards count money where the player raised it (docs/decisions/016-dashboard-totals.md).
--
-- The money rule: a counting gift (status = 1, kind = 'gift') is credited to
-- coalesce(division_id, organization_id), the division of the player's roster when there is one,
-- else the campaign's owner, and counts once there and at every ancestor of that node.
-- net = greatest(amount_cents - refunded_cents, 0); gross = amount_cents; fees =
-- processing_fee_cents; day = (coalesce(completed_at, created_at) at time zone 'UTC')::date.
-- The ledger and payouts are untouched: they still credit the campaign owner's account.
--
-- 1. org_rollups.raised_cents / donors (and org_rollup_donors) move to that rule: the donation
--    trigger, the rebuild and the drift check of 0004 are replaced, and the backfill at the end
--    recomputes them.
-- 2. Five kept tables per SUBTREE (a node's row covers its whole subtree) feed the dashboards:
--    org_money_daily, org_money_monthly, org_campaign_money, org_gift_amounts (sums, added and
--    subtracted per statement) and org_donor_days (donors whose first / latest counting gift in
--    the subtree is on a day), the last kept through org_money_donors, one row per (node, donor)
--    with the first and latest day. They are kept like 0004 and 0006 (decision 009):
--    statement-level AFTER triggers with transition tables, one grouped upsert per table and
--    statement in key order (concurrent writers lock shared rows in one order and queue), updates
--    that change no counted column return at once. Rows that fall to zero are deleted (partial
--    indexes find them). A tree change (a node with money moved or deleted) recomputes the old
--    and new ancestors from donations (fc_money_rebuild(ids)).
-- 3. fc_money_drift() lists every difference with a recomputation from donations that does not
--    read the kept tables; fc_money_rebuild() recomputes them.

-- Counting gifts by the node they are credited to: the per-node rebuilds and the donor lookups.
CREATE INDEX "donations_credit_idx" ON "donations" ((coalesce("division_id", "organization_id")))
  WHERE "status" = 1 AND "kind" = 'gift';--> statement-breakpoint
-- 0004's roll-ups under the money rule: the credited node is coalesce(division_id, organization_id).
CREATE OR REPLACE FUNCTION fc_rollup_donations_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'status, kind, amount_cents, refunded_cents, organization_id, division_id, campaign_id, donor_email';
  ch text;
  src text;
BEGIN
  -- ch: (credited node as organization_id, campaign_id, donor_email, sg, net) for each counting row that left (-1)
  -- or joined (+1) the totals.
  -- Most statements change no counted row (a pending checkout, a failed card, a reminder claim):
  -- they stop at the first check.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT coalesce(division_id, organization_id) AS organization_id, campaign_id, donor_email, 1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
      FROM fc_new WHERE status = 1 AND kind = ''gift''';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT coalesce(division_id, organization_id) AS organization_id, campaign_id, donor_email, -1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
      FROM fc_old WHERE status = 1 AND kind = ''gift''';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = 'gift') OR (n.status = 1 AND n.kind = 'gift'))
          AND (o.status, o.kind, o.amount_cents, o.refunded_cents, o.organization_id, o.division_id, o.campaign_id, o.donor_email)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.organization_id, n.division_id, n.campaign_id, n.donor_email))
    THEN
      RETURN NULL;
    END IF;
    ch := format('WITH moved AS (SELECT n.id FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = ''gift'') OR (n.status = 1 AND n.kind = ''gift''))
          AND (%1$s) IS DISTINCT FROM (%2$s))
      SELECT coalesce(division_id, organization_id) AS organization_id, campaign_id, donor_email, -1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
        FROM fc_old WHERE status = 1 AND kind = ''gift'' AND id IN (SELECT id FROM moved)
      UNION ALL
      SELECT coalesce(division_id, organization_id), campaign_id, donor_email, 1, greatest(amount_cents - refunded_cents, 0)
        FROM fc_new WHERE status = 1 AND kind = ''gift'' AND id IN (SELECT id FROM moved)',
      regexp_replace(cols, '(\w+)', 'o.\1', 'g'), regexp_replace(cols, '(\w+)', 'n.\1', 'g'));
  END IF;

  src := 'SELECT organization_id, donor_email::text, sum(sg)::int, sum(sg * net)::bigint, 0, 0, 0, 0
    FROM (' || ch || ') c GROUP BY organization_id, donor_email';
  EXECUTE fc_rollup_sql(src, 'org_rollup_donors', 'donor_email', 'donors', true);
  IF TG_OP <> 'INSERT' THEN -- an insert only raises counts
    DELETE FROM org_rollup_donors WHERE refs <= 0;
  END IF;

  EXECUTE 'WITH c AS (SELECT campaign_id, donor_email, sum(sg)::int AS n, sum(sg * net)::bigint AS cents
        FROM (' || ch || ') x GROUP BY 1, 2),
      rd AS (SELECT campaign_id, donor_email, n FROM c WHERE n <> 0),
      up AS (INSERT INTO campaign_rollup_donors AS r (campaign_id, donor_email, refs)
        SELECT campaign_id, donor_email, n FROM rd ORDER BY 1, 2
        ON CONFLICT (campaign_id, donor_email) DO UPDATE SET refs = r.refs + excluded.refs
        RETURNING r.campaign_id, r.donor_email, r.refs),
      fl AS (SELECT up.campaign_id,
          sum(CASE WHEN up.refs > 0 AND up.refs - rd.n <= 0 THEN 1
                   WHEN up.refs <= 0 AND up.refs - rd.n > 0 THEN -1 ELSE 0 END)::bigint AS f
        FROM up JOIN rd ON rd.campaign_id = up.campaign_id AND rd.donor_email = up.donor_email GROUP BY 1),
      agg AS (SELECT campaign_id, sum(f)::int AS f, sum(cents)::bigint AS cents, sum(n)::int AS n
        FROM (SELECT campaign_id, f, 0::bigint AS cents, 0::bigint AS n FROM fl
          UNION ALL SELECT campaign_id, 0, cents, n FROM c) t
        GROUP BY 1 HAVING sum(f) <> 0 OR sum(cents) <> 0 OR sum(n) <> 0),
      lk AS (SELECT r.campaign_id FROM campaign_rollups r JOIN agg USING (campaign_id)
        ORDER BY r.campaign_id FOR UPDATE OF r)
    UPDATE campaign_rollups r SET donors = r.donors + agg.f, raised_cents = r.raised_cents + agg.cents,
      donations = r.donations + agg.n
    FROM agg JOIN lk USING (campaign_id) WHERE r.campaign_id = agg.campaign_id';
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM campaign_rollup_donors WHERE refs <= 0;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fc_rollup_rebuild(ids int[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF ids IS NULL THEN
    TRUNCATE org_rollups, org_rollup_players, org_rollup_members, org_rollup_donors,
      campaign_rollups, campaign_rollup_donors;
  ELSE
    DELETE FROM org_rollups WHERE organization_id = ANY (ids);
    DELETE FROM org_rollup_players WHERE organization_id = ANY (ids);
    DELETE FROM org_rollup_members WHERE organization_id = ANY (ids);
    DELETE FROM org_rollup_donors WHERE organization_id = ANY (ids);
  END IF;
  INSERT INTO org_rollups (organization_id) SELECT id FROM organizations WHERE ids IS NULL OR id = ANY (ids);
  INSERT INTO org_rollup_players (organization_id, player_id, refs)
    SELECT c.anc_id, f.player_id, count(*) FROM fc_rollup_closure(ids) c
      JOIN organization_fundraisers f ON f.organization_id = c.node_id GROUP BY 1, 2;
  INSERT INTO org_rollup_members (organization_id, user_id, refs)
    SELECT c.anc_id, m.user_id, count(*) FROM fc_rollup_closure(ids) c
      JOIN organization_users m ON m.organization_id = c.node_id
      JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY 1, 2;
  INSERT INTO org_rollup_donors (organization_id, donor_email, refs)
    SELECT c.anc_id, d.donor_email, count(*) FROM fc_rollup_closure(ids) c
      JOIN donations d ON coalesce(d.division_id, d.organization_id) = c.node_id
      WHERE d.status = 1 AND d.kind = 'gift' GROUP BY 1, 2;
  UPDATE org_rollups r SET leagues = x.leagues, teams = x.teams, divisions = x.divisions
    FROM (SELECT c.anc_id,
        count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 2)::int AS leagues,
        count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 3)::int AS teams,
        count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 4)::int AS divisions
      FROM fc_rollup_closure(ids) c JOIN organizations o ON o.id = c.node_id GROUP BY c.anc_id) x
    WHERE r.organization_id = x.anc_id;
  UPDATE org_rollups r SET active_campaigns = x.n
    FROM (SELECT c.anc_id, count(*)::int AS n FROM fc_rollup_closure(ids) c
      JOIN campaigns k ON k.organization_id = c.node_id WHERE k.status IN ('draft', 'active') GROUP BY 1) x
    WHERE r.organization_id = x.anc_id;
  UPDATE org_rollups r SET raised_cents = x.cents
    FROM (SELECT c.anc_id, sum(greatest(d.amount_cents - d.refunded_cents, 0))::bigint AS cents
      FROM fc_rollup_closure(ids) c JOIN donations d ON coalesce(d.division_id, d.organization_id) = c.node_id
      WHERE d.status = 1 AND d.kind = 'gift' GROUP BY 1) x
    WHERE r.organization_id = x.anc_id;
  UPDATE org_rollups r SET players = x.n
    FROM (SELECT organization_id, count(*)::int AS n FROM org_rollup_players
      WHERE ids IS NULL OR organization_id = ANY (ids) GROUP BY 1) x WHERE r.organization_id = x.organization_id;
  UPDATE org_rollups r SET members = x.n
    FROM (SELECT organization_id, count(*)::int AS n FROM org_rollup_members
      WHERE ids IS NULL OR organization_id = ANY (ids) GROUP BY 1) x WHERE r.organization_id = x.organization_id;
  UPDATE org_rollups r SET donors = x.n
    FROM (SELECT organization_id, count(*)::int AS n FROM org_rollup_donors
      WHERE ids IS NULL OR organization_id = ANY (ids) GROUP BY 1) x WHERE r.organization_id = x.organization_id;
  IF ids IS NULL THEN
    INSERT INTO campaign_rollups (campaign_id) SELECT id FROM campaigns;
    INSERT INTO campaign_rollup_donors (campaign_id, donor_email, refs)
      SELECT campaign_id, donor_email, count(*) FROM donations
      WHERE status = 1 AND kind = 'gift' GROUP BY 1, 2;
    UPDATE campaign_rollups r SET raised_cents = x.cents, donations = x.n, donors = x.donors
      FROM (SELECT campaign_id, sum(greatest(amount_cents - refunded_cents, 0))::bigint AS cents,
          count(*)::int AS n, count(DISTINCT donor_email)::int AS donors
        FROM donations WHERE status = 1 AND kind = 'gift' GROUP BY 1) x
      WHERE r.campaign_id = x.campaign_id;
  END IF;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fc_rollup_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  WITH c AS MATERIALIZED (SELECT * FROM fc_rollup_closure(NULL)),
  gifts AS MATERIALIZED (SELECT d.*, coalesce(d.division_id, d.organization_id) AS node FROM donations d WHERE d.status = 1 AND d.kind = 'gift'),
  nodes AS (SELECT c.anc_id AS id,
      count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 2) AS leagues,
      count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 3) AS teams,
      count(*) FILTER (WHERE c.depth > 0 AND o.type_id = 4) AS divisions
    FROM c JOIN organizations o ON o.id = c.node_id GROUP BY 1),
  pl AS (SELECT c.anc_id AS id, count(DISTINCT f.player_id) AS n
    FROM c JOIN organization_fundraisers f ON f.organization_id = c.node_id GROUP BY 1),
  mem AS (SELECT c.anc_id AS id, count(DISTINCT m.user_id) AS n FROM c
    JOIN organization_users m ON m.organization_id = c.node_id
    JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY 1),
  camp AS (SELECT c.anc_id AS id, count(*) AS n FROM c JOIN campaigns k ON k.organization_id = c.node_id
    WHERE k.status IN ('draft', 'active') GROUP BY 1),
  money AS (SELECT c.anc_id AS id, sum(greatest(g.amount_cents - g.refunded_cents, 0)) AS cents,
      count(DISTINCT g.donor_email) AS donors
    FROM c JOIN gifts g ON g.node = c.node_id GROUP BY 1),
  e AS (SELECT n.id, n.leagues, n.teams, n.divisions, coalesce(pl.n, 0) AS players, coalesce(mem.n, 0) AS members,
      coalesce(camp.n, 0) AS campaigns, coalesce(money.cents, 0) AS cents, coalesce(money.donors, 0) AS donors
    FROM nodes n LEFT JOIN pl ON pl.id = n.id LEFT JOIN mem ON mem.id = n.id
      LEFT JOIN camp ON camp.id = n.id LEFT JOIN money ON money.id = n.id),
  org AS (SELECT 'org_rollups'::text, coalesce(e.id, r.organization_id), v.item, v.stored, v.expected
    FROM e FULL JOIN org_rollups r ON r.organization_id = e.id
    CROSS JOIN LATERAL (VALUES
      ('leagues', r.leagues::bigint, e.leagues::bigint), ('teams', r.teams, e.teams),
      ('divisions', r.divisions, e.divisions), ('players', r.players, e.players),
      ('members', r.members, e.members), ('active_campaigns', r.active_campaigns, e.campaigns),
      ('raised_cents', r.raised_cents, e.cents), ('donors', r.donors, e.donors)) v(item, stored, expected)
    WHERE v.stored IS DISTINCT FROM v.expected),
  refs_players AS (SELECT 'org_rollup_players'::text, coalesce(x.id, a.organization_id), coalesce(x.k, a.player_id)::text,
      a.refs::bigint, x.n
    FROM (SELECT c.anc_id AS id, f.player_id AS k, count(*) AS n FROM c
      JOIN organization_fundraisers f ON f.organization_id = c.node_id GROUP BY 1, 2) x
    FULL JOIN org_rollup_players a ON a.organization_id = x.id AND a.player_id = x.k
    WHERE a.refs IS DISTINCT FROM x.n),
  refs_members AS (SELECT 'org_rollup_members'::text, coalesce(x.id, a.organization_id), coalesce(x.k, a.user_id)::text,
      a.refs::bigint, x.n
    FROM (SELECT c.anc_id AS id, m.user_id AS k, count(*) AS n FROM c
      JOIN organization_users m ON m.organization_id = c.node_id
      JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL GROUP BY 1, 2) x
    FULL JOIN org_rollup_members a ON a.organization_id = x.id AND a.user_id = x.k
    WHERE a.refs IS DISTINCT FROM x.n),
  refs_donors AS (SELECT 'org_rollup_donors'::text, coalesce(x.id, a.organization_id), coalesce(x.k, a.donor_email)::text,
      a.refs::bigint, x.n
    FROM (SELECT c.anc_id AS id, g.donor_email AS k, count(*) AS n FROM c
      JOIN gifts g ON g.node = c.node_id GROUP BY 1, 2) x
    FULL JOIN org_rollup_donors a ON a.organization_id = x.id AND a.donor_email = x.k
    WHERE a.refs IS DISTINCT FROM x.n),
  ce AS (SELECT k.id, coalesce(sum(greatest(g.amount_cents - g.refunded_cents, 0)), 0) AS cents,
      count(g.id) AS n, count(DISTINCT g.donor_email) AS donors
    FROM campaigns k LEFT JOIN gifts g ON g.campaign_id = k.id GROUP BY k.id),
  camp_totals AS (SELECT 'campaign_rollups'::text, coalesce(ce.id, r.campaign_id), v.item, v.stored, v.expected
    FROM ce FULL JOIN campaign_rollups r ON r.campaign_id = ce.id
    CROSS JOIN LATERAL (VALUES ('raised_cents', r.raised_cents, ce.cents::bigint),
      ('donations', r.donations::bigint, ce.n), ('donors', r.donors::bigint, ce.donors)) v(item, stored, expected)
    WHERE v.stored IS DISTINCT FROM v.expected),
  refs_camp AS (SELECT 'campaign_rollup_donors'::text, coalesce(x.id, a.campaign_id), coalesce(x.k, a.donor_email)::text,
      a.refs::bigint, x.n
    FROM (SELECT g.campaign_id AS id, g.donor_email AS k, count(*) AS n FROM gifts g GROUP BY 1, 2) x
    FULL JOIN campaign_rollup_donors a ON a.campaign_id = x.id AND a.donor_email = x.k
    WHERE a.refs IS DISTINCT FROM x.n)
  SELECT * FROM org UNION ALL SELECT * FROM refs_players UNION ALL SELECT * FROM refs_members
  UNION ALL SELECT * FROM refs_donors UNION ALL SELECT * FROM camp_totals UNION ALL SELECT * FROM refs_camp
$fn$;--> statement-breakpoint
CREATE TABLE "org_money_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"method" varchar(10) NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "day", "method")
);--> statement-breakpoint
CREATE TABLE "org_money_monthly" (
	"organization_id" integer NOT NULL,
	-- the first day of the month
	"month" date NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "month")
);--> statement-breakpoint
CREATE TABLE "org_campaign_money" (
	"organization_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"month" date NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "campaign_id", "month")
);--> statement-breakpoint
-- Counting gifts per amount (gross cents) and month: the median gift of a period.
CREATE TABLE "org_gift_amounts" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "month", "amount_cents")
);--> statement-breakpoint
-- Donors whose first (latest) counting gift in the node's subtree is on `day`.
CREATE TABLE "org_donor_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"first_donors" integer DEFAULT 0 NOT NULL,
	"last_donors" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("organization_id", "day")
);--> statement-breakpoint
-- Per (node, donor): the first and latest day of the donor's counting gifts in the subtree.
-- prev_first / prev_last hold the values before the last merge, so that one upsert returns both
-- (PostgreSQL 15 has no OLD in RETURNING). A row whose first_on is null is a placeholder that a
-- removal holds while it recomputes; it never survives the statement.
CREATE TABLE "org_money_donors" (
	"organization_id" integer NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"first_on" date,
	"last_on" date,
	"prev_first" date,
	"prev_last" date,
	PRIMARY KEY ("organization_id", "donor_email")
);--> statement-breakpoint
CREATE INDEX "org_money_daily_zero_idx" ON "org_money_daily" ("organization_id") WHERE "gifts" = 0;--> statement-breakpoint
CREATE INDEX "org_money_monthly_zero_idx" ON "org_money_monthly" ("organization_id") WHERE "gifts" = 0;--> statement-breakpoint
CREATE INDEX "org_campaign_money_zero_idx" ON "org_campaign_money" ("organization_id") WHERE "gifts" = 0;--> statement-breakpoint
CREATE INDEX "org_campaign_money_campaign_idx" ON "org_campaign_money" ("campaign_id");--> statement-breakpoint
CREATE INDEX "org_gift_amounts_zero_idx" ON "org_gift_amounts" ("organization_id") WHERE "gifts" = 0;--> statement-breakpoint
CREATE INDEX "org_donor_days_zero_idx" ON "org_donor_days" ("organization_id")
  WHERE "first_donors" = 0 AND "last_donors" = 0;--> statement-breakpoint
CREATE INDEX "org_money_donors_open_idx" ON "org_money_donors" ("organization_id") WHERE "first_on" IS NULL;--> statement-breakpoint
-- The counting gifts with the figures every kept table uses: the rebuild and the drift check read
-- donations through it (never the kept tables).
CREATE VIEW "fc_money_gifts" AS
  SELECT d.id, coalesce(d.division_id, d.organization_id) AS node, d.campaign_id, d.donor_email::text AS donor_email,
      (coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC')::date AS day,
      date_trunc('month', (coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC'))::date AS month,
      d.method::text AS method, d.amount_cents, d.processing_fee_cents, d.refunded_cents,
      greatest(d.amount_cents - d.refunded_cents, 0) AS net
    FROM donations d WHERE d.status = 1 AND d.kind = 'gift';--> statement-breakpoint

-- Recomputes the kept money tables of `ids` (every node when null) from donations: the backfill
-- below, TRUNCATE, tree changes, repairs. Cost: the counting gifts under each given node.
CREATE FUNCTION fc_money_rebuild(ids int[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF ids IS NULL THEN
    TRUNCATE org_money_daily, org_money_monthly, org_campaign_money, org_gift_amounts, org_donor_days, org_money_donors;
  ELSE
    DELETE FROM org_money_daily WHERE organization_id = ANY (ids);
    DELETE FROM org_money_monthly WHERE organization_id = ANY (ids);
    DELETE FROM org_campaign_money WHERE organization_id = ANY (ids);
    DELETE FROM org_gift_amounts WHERE organization_id = ANY (ids);
    DELETE FROM org_donor_days WHERE organization_id = ANY (ids);
    DELETE FROM org_money_donors WHERE organization_id = ANY (ids);
  END IF;
  INSERT INTO org_money_daily (organization_id, day, method, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
    SELECT c.anc_id, g.day, g.method, count(*), sum(g.amount_cents), sum(g.processing_fee_cents),
        sum(g.refunded_cents), sum(g.net)
      FROM fc_rollup_closure(ids) c JOIN fc_money_gifts g ON g.node = c.node_id GROUP BY 1, 2, 3;
  -- The monthly, campaign and amount figures are sums of the daily ones or of the same gifts.
  INSERT INTO org_money_monthly (organization_id, month, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
    SELECT organization_id, date_trunc('month', day::timestamp)::date, sum(gifts), sum(gross_cents), sum(fee_cents),
        sum(refunded_cents), sum(net_cents)
      FROM org_money_daily WHERE ids IS NULL OR organization_id = ANY (ids) GROUP BY 1, 2;
  INSERT INTO org_campaign_money (organization_id, campaign_id, month, gifts, gross_cents, refunded_cents, net_cents)
    SELECT c.anc_id, g.campaign_id, g.month, count(*), sum(g.amount_cents), sum(g.refunded_cents), sum(g.net)
      FROM fc_rollup_closure(ids) c JOIN fc_money_gifts g ON g.node = c.node_id GROUP BY 1, 2, 3;
  INSERT INTO org_gift_amounts (organization_id, month, amount_cents, gifts)
    SELECT c.anc_id, g.month, g.amount_cents, count(*)
      FROM fc_rollup_closure(ids) c JOIN fc_money_gifts g ON g.node = c.node_id GROUP BY 1, 2, 3;
  INSERT INTO org_money_donors (organization_id, donor_email, first_on, last_on)
    SELECT c.anc_id, g.donor_email, min(g.day), max(g.day)
      FROM fc_rollup_closure(ids) c JOIN fc_money_gifts g ON g.node = c.node_id GROUP BY 1, 2;
  INSERT INTO org_donor_days (organization_id, day, first_donors, last_donors)
    SELECT organization_id, day, sum(f), sum(l) FROM (
        SELECT organization_id, first_on AS day, 1 AS f, 0 AS l FROM org_money_donors
          WHERE ids IS NULL OR organization_id = ANY (ids)
        UNION ALL
        SELECT organization_id, last_on, 0, 1 FROM org_money_donors WHERE ids IS NULL OR organization_id = ANY (ids)
      ) x GROUP BY 1, 2;
END
$fn$;--> statement-breakpoint

-- Every difference between the kept money tables and a recomputation from donations (through
-- fc_money_gifts and the tree, never the kept tables), in fc_rollup_drift()'s shape: item is
-- "<key>:<column>". Rows kept at zero are deleted by the triggers, so they count as drift too.
CREATE FUNCTION fc_money_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  WITH c AS MATERIALIZED (SELECT * FROM fc_rollup_closure(NULL)),
  x AS MATERIALIZED (SELECT c.anc_id AS id, g.campaign_id, g.donor_email, g.day, g.month, g.method, g.amount_cents,
      g.processing_fee_cents, g.refunded_cents, g.net
    FROM c JOIN fc_money_gifts g ON g.node = c.node_id),
  pairs AS MATERIALIZED (SELECT x.id, x.donor_email, min(x.day) AS f, max(x.day) AS l FROM x GROUP BY 1, 2),
  e(tbl, id, k, v) AS (
    SELECT 'org_money_daily'::text, x.id, x.day::text || '/' || x.method,
        ARRAY[count(*), sum(x.amount_cents), sum(x.processing_fee_cents), sum(x.refunded_cents), sum(x.net)]::bigint[]
      FROM x GROUP BY x.id, x.day, x.method
    UNION ALL
    SELECT 'org_money_monthly', x.id, x.month::text,
        ARRAY[count(*), sum(x.amount_cents), sum(x.processing_fee_cents), sum(x.refunded_cents), sum(x.net)]::bigint[]
      FROM x GROUP BY x.id, x.month
    UNION ALL
    SELECT 'org_campaign_money', x.id, x.campaign_id::text || '/' || x.month::text,
        ARRAY[count(*), sum(x.amount_cents), sum(x.refunded_cents), sum(x.net)]::bigint[]
      FROM x GROUP BY x.id, x.campaign_id, x.month
    UNION ALL
    SELECT 'org_gift_amounts', x.id, x.month::text || '/' || x.amount_cents::text, ARRAY[count(*)]::bigint[]
      FROM x GROUP BY x.id, x.month, x.amount_cents
    UNION ALL
    SELECT 'org_money_donors', p.id, p.donor_email, ARRAY[p.f - DATE '2000-01-01', p.l - DATE '2000-01-01']::bigint[]
      FROM pairs p
    UNION ALL
    SELECT 'org_donor_days', y.id, y.day::text, ARRAY[sum(y.fd), sum(y.ld)]::bigint[]
      FROM (SELECT p.id, p.f AS day, 1 AS fd, 0 AS ld FROM pairs p UNION ALL SELECT p.id, p.l, 0, 1 FROM pairs p) y
      GROUP BY y.id, y.day),
  s(tbl, id, k, v) AS (
    SELECT 'org_money_daily'::text, r.organization_id, r.day::text || '/' || r.method,
        ARRAY[r.gifts, r.gross_cents, r.fee_cents, r.refunded_cents, r.net_cents]::bigint[] FROM org_money_daily r
    UNION ALL
    SELECT 'org_money_monthly', r.organization_id, r.month::text,
        ARRAY[r.gifts, r.gross_cents, r.fee_cents, r.refunded_cents, r.net_cents]::bigint[] FROM org_money_monthly r
    UNION ALL
    SELECT 'org_campaign_money', r.organization_id, r.campaign_id::text || '/' || r.month::text,
        ARRAY[r.gifts, r.gross_cents, r.refunded_cents, r.net_cents]::bigint[] FROM org_campaign_money r
    UNION ALL
    SELECT 'org_gift_amounts', r.organization_id, r.month::text || '/' || r.amount_cents::text, ARRAY[r.gifts]::bigint[]
      FROM org_gift_amounts r
    UNION ALL
    SELECT 'org_money_donors', r.organization_id, r.donor_email::text,
        ARRAY[r.first_on - DATE '2000-01-01', r.last_on - DATE '2000-01-01']::bigint[] FROM org_money_donors r
    UNION ALL
    SELECT 'org_donor_days', r.organization_id, r.day::text, ARRAY[r.first_donors, r.last_donors]::bigint[]
      FROM org_donor_days r),
  names(tbl, i, name) AS (VALUES
    ('org_money_daily', 1, 'gifts'), ('org_money_daily', 2, 'gross_cents'), ('org_money_daily', 3, 'fee_cents'),
    ('org_money_daily', 4, 'refunded_cents'), ('org_money_daily', 5, 'net_cents'),
    ('org_money_monthly', 1, 'gifts'), ('org_money_monthly', 2, 'gross_cents'), ('org_money_monthly', 3, 'fee_cents'),
    ('org_money_monthly', 4, 'refunded_cents'), ('org_money_monthly', 5, 'net_cents'),
    ('org_campaign_money', 1, 'gifts'), ('org_campaign_money', 2, 'gross_cents'),
    ('org_campaign_money', 3, 'refunded_cents'), ('org_campaign_money', 4, 'net_cents'),
    ('org_gift_amounts', 1, 'gifts'),
    ('org_money_donors', 1, 'first_on'), ('org_money_donors', 2, 'last_on'),
    ('org_donor_days', 1, 'first_donors'), ('org_donor_days', 2, 'last_donors')),
  diff AS (SELECT coalesce(e.tbl, s.tbl) AS tbl, coalesce(e.id, s.id) AS id, coalesce(e.k, s.k) AS k,
      s.v AS sv, e.v AS ev
    FROM e FULL JOIN s ON s.tbl = e.tbl AND s.id = e.id AND s.k = e.k WHERE s.v IS DISTINCT FROM e.v)
  SELECT d.tbl, d.id, d.k || ':' || n.name, d.sv[n.i], d.ev[n.i]
    FROM diff d JOIN names n ON n.tbl = d.tbl WHERE d.sv[n.i] IS DISTINCT FROM d.ev[n.i]
$fn$;--> statement-breakpoint

-- Donations. One pass per statement over the counting rows that left (-1) or joined (+1):
--  * the sums (daily, monthly, per campaign, per amount) are added at the credited node and each
--    ancestor, one grouped upsert per table in key order;
--  * donor days: when the statement only adds gifts, each (node, donor) merges its first and
--    latest day (least / greatest) and the days that gained or lost a first or latest donor move;
--    when it removes any (a refund to a non-counting status, a void, a delete, a change of day,
--    node or donor), the affected (node, donor) pairs are locked in key order and recomputed from
--    that donor's gifts. A refund that leaves the gift counting touches no donor row.
CREATE FUNCTION fc_money_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'status, kind, amount_cents, refunded_cents, processing_fee_cents, organization_id,
    division_id, campaign_id, donor_email, method, completed_at, created_at';
  sel constant text := 'coalesce(division_id, organization_id) AS node, campaign_id, donor_email::text AS donor_email,
    (coalesce(completed_at, created_at) AT TIME ZONE ''UTC'')::date AS day, method::text AS method,
    amount_cents::bigint AS amount_cents, processing_fee_cents::bigint AS fee, refunded_cents::bigint AS refunded,
    greatest(amount_cents - refunded_cents, 0)::bigint AS net';
  -- Each touched node and its ancestors (the tree is at most five levels deep).
  anc constant text := 'anc(node, id, depth) AS (SELECT s.node, s.node, 0 FROM (SELECT DISTINCT node FROM src) s
      JOIN organizations o ON o.id = s.node
    UNION ALL
    SELECT a.node, o.parent_id, a.depth + 1 FROM anc a JOIN organizations o ON o.id = a.id
      WHERE o.parent_id IS NOT NULL AND a.depth < 8)';
  -- Applies `up(id, pf, pl, nf, nl)` (a pair's first and latest day before and after) to org_donor_days.
  days constant text := 'dd AS (SELECT id, nf AS day, 1 AS fd, 0 AS ld FROM up WHERE nf IS NOT NULL AND nf IS DISTINCT FROM pf
      UNION ALL SELECT id, pf, -1, 0 FROM up WHERE pf IS NOT NULL AND nf IS DISTINCT FROM pf
      UNION ALL SELECT id, nl, 0, 1 FROM up WHERE nl IS NOT NULL AND nl IS DISTINCT FROM pl
      UNION ALL SELECT id, pl, 0, -1 FROM up WHERE pl IS NOT NULL AND nl IS DISTINCT FROM pl)
    INSERT INTO org_donor_days AS t (organization_id, day, first_donors, last_donors)
      SELECT id, day, sum(fd), sum(ld) FROM dd GROUP BY 1, 2 HAVING sum(fd) <> 0 OR sum(ld) <> 0 ORDER BY 1, 2
      ON CONFLICT (organization_id, day) DO UPDATE SET first_donors = t.first_donors + excluded.first_donors,
        last_donors = t.last_donors + excluded.last_donors';
  ch text;
  sums text;
  pairs text;
  removes boolean;
  adds boolean;
BEGIN
  -- ch: the counting rows that left (sg = -1) or joined (sg = 1). Most statements change none.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT ' || sel || ', 1 AS sg FROM fc_new WHERE status = 1 AND kind = ''gift''';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT ' || sel || ', -1 AS sg FROM fc_old WHERE status = 1 AND kind = ''gift''';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = 'gift') OR (n.status = 1 AND n.kind = 'gift'))
          AND (o.status, o.kind, o.amount_cents, o.refunded_cents, o.processing_fee_cents, o.organization_id,
            o.division_id, o.campaign_id, o.donor_email, o.method, o.completed_at, o.created_at)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.processing_fee_cents,
            n.organization_id, n.division_id, n.campaign_id, n.donor_email, n.method, n.completed_at, n.created_at))
    THEN
      RETURN NULL;
    END IF;
    ch := format('WITH moved AS (SELECT n.id FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = ''gift'') OR (n.status = 1 AND n.kind = ''gift''))
          AND (%1$s) IS DISTINCT FROM (%2$s))
      SELECT %3$s, -1 AS sg FROM fc_old WHERE status = 1 AND kind = ''gift'' AND id IN (SELECT id FROM moved)
      UNION ALL
      SELECT %3$s, 1 FROM fc_new WHERE status = 1 AND kind = ''gift'' AND id IN (SELECT id FROM moved)',
      regexp_replace(cols, '(\w+)', 'o.\1', 'g'), regexp_replace(cols, '(\w+)', 'n.\1', 'g'), sel);
  END IF;

  -- Which (node, donor) pairs move: a counting gift that leaves its (node, donor, day) removes one,
  -- a gift that reaches a (node, donor, day) adds one. A refund that leaves the gift counting,
  -- the common update, does neither.
  IF TG_OP = 'INSERT' THEN
    removes := false;
    adds := true;
  ELSIF TG_OP = 'DELETE' THEN
    removes := true;
    adds := false;
  ELSE
    SELECT
      EXISTS (SELECT 1 FROM fc_old o JOIN fc_new n ON n.id = o.id WHERE o.status = 1 AND o.kind = 'gift'
        AND (n.status <> 1 OR n.kind <> 'gift'
          OR (coalesce(o.division_id, o.organization_id), o.donor_email, (coalesce(o.completed_at, o.created_at) AT TIME ZONE 'UTC')::date)
            IS DISTINCT FROM
            (coalesce(n.division_id, n.organization_id), n.donor_email, (coalesce(n.completed_at, n.created_at) AT TIME ZONE 'UTC')::date))),
      EXISTS (SELECT 1 FROM fc_old o JOIN fc_new n ON n.id = o.id WHERE n.status = 1 AND n.kind = 'gift'
        AND (o.status <> 1 OR o.kind <> 'gift'
          OR (coalesce(o.division_id, o.organization_id), o.donor_email, (coalesce(o.completed_at, o.created_at) AT TIME ZONE 'UTC')::date)
            IS DISTINCT FROM
            (coalesce(n.division_id, n.organization_id), n.donor_email, (coalesce(n.completed_at, n.created_at) AT TIME ZONE 'UTC')::date)))
    INTO removes, adds;
  END IF;

  -- The sums at each touched node and its ancestors, one grouped upsert per table in key order.
  sums := '    x AS MATERIALIZED (SELECT a.id, s.campaign_id, s.day, date_trunc(''month'', s.day::timestamp)::date AS month,
        s.method, s.amount_cents, s.fee, s.refunded, s.net, s.sg FROM src s JOIN anc a ON a.node = s.node),
    d AS (INSERT INTO org_money_daily AS t (organization_id, day, method, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
      SELECT id, day, method, sum(sg), sum(sg * amount_cents), sum(sg * fee), sum(sg * refunded), sum(sg * net)
        FROM x GROUP BY 1, 2, 3
        HAVING sum(sg) <> 0 OR sum(sg * amount_cents) <> 0 OR sum(sg * fee) <> 0 OR sum(sg * refunded) <> 0 OR sum(sg * net) <> 0
        ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, day, method) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, fee_cents = t.fee_cents + excluded.fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents
      RETURNING 1),
    m AS (INSERT INTO org_money_monthly AS t (organization_id, month, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
      SELECT id, month, sum(sg), sum(sg * amount_cents), sum(sg * fee), sum(sg * refunded), sum(sg * net)
        FROM x GROUP BY 1, 2
        HAVING sum(sg) <> 0 OR sum(sg * amount_cents) <> 0 OR sum(sg * fee) <> 0 OR sum(sg * refunded) <> 0 OR sum(sg * net) <> 0
        ORDER BY 1, 2
      ON CONFLICT (organization_id, month) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, fee_cents = t.fee_cents + excluded.fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents
      RETURNING 1),
    c AS (INSERT INTO org_campaign_money AS t (organization_id, campaign_id, month, gifts, gross_cents, refunded_cents, net_cents)
      SELECT id, campaign_id, month, sum(sg), sum(sg * amount_cents), sum(sg * refunded), sum(sg * net)
        FROM x GROUP BY 1, 2, 3
        HAVING sum(sg) <> 0 OR sum(sg * amount_cents) <> 0 OR sum(sg * refunded) <> 0 OR sum(sg * net) <> 0
        ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, campaign_id, month) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, refunded_cents = t.refunded_cents + excluded.refunded_cents,
        net_cents = t.net_cents + excluded.net_cents
      RETURNING 1),
    g AS (INSERT INTO org_gift_amounts AS t (organization_id, month, amount_cents, gifts)
      SELECT id, month, amount_cents, sum(sg) FROM x GROUP BY 1, 2, 3 HAVING sum(sg) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, month, amount_cents) DO UPDATE SET gifts = t.gifts + excluded.gifts
      RETURNING 1)';
  IF adds AND NOT removes THEN
    -- One statement: the sums, and each (node, donor) merging its first and latest day.
    EXECUTE 'WITH RECURSIVE src AS MATERIALIZED (' || ch || '), ' || anc || ', ' || sums || ',
      p AS (SELECT a.id, s.donor_email, min(s.day) AS f, max(s.day) AS l FROM src s JOIN anc a ON a.node = s.node
        WHERE s.sg > 0 GROUP BY 1, 2),
      up AS (INSERT INTO org_money_donors AS r (organization_id, donor_email, first_on, last_on)
        SELECT id, donor_email, f, l FROM p ORDER BY 1, 2
        ON CONFLICT (organization_id, donor_email) DO UPDATE SET prev_first = r.first_on, prev_last = r.last_on,
          first_on = least(r.first_on, excluded.first_on), last_on = greatest(r.last_on, excluded.last_on)
        RETURNING r.organization_id AS id, r.prev_first AS pf, r.prev_last AS pl, r.first_on AS nf, r.last_on AS nl),
      ' || days;
  ELSE
    EXECUTE 'WITH RECURSIVE src AS MATERIALIZED (' || ch || '), ' || anc || ', ' || sums || ' SELECT 1';
  END IF;
  IF TG_OP <> 'INSERT' THEN -- an insert only adds gifts
    DELETE FROM org_money_daily WHERE gifts = 0;
    DELETE FROM org_money_monthly WHERE gifts = 0;
    DELETE FROM org_campaign_money WHERE gifts = 0;
    DELETE FROM org_gift_amounts WHERE gifts = 0;
  END IF;

  IF removes THEN
    -- Lock every affected pair in key order (a placeholder for a pair not kept yet), then, in a new
    -- statement that sees what the writers we waited for committed, recompute them from the
    -- donors' counting gifts.
    pairs := 'SELECT DISTINCT node, donor_email FROM (' || ch || ') c';
    EXECUTE 'WITH RECURSIVE src AS MATERIALIZED (' || pairs || '), ' || anc || '
      INSERT INTO org_money_donors AS r (organization_id, donor_email)
        SELECT DISTINCT a.id, s.donor_email FROM src s JOIN anc a ON a.node = s.node ORDER BY 1, 2
      ON CONFLICT (organization_id, donor_email) DO UPDATE SET first_on = r.first_on';
    EXECUTE 'WITH RECURSIVE src AS MATERIALIZED (' || pairs || '), ' || anc || ',
      p AS MATERIALIZED (SELECT DISTINCT a.id, s.donor_email FROM src s JOIN anc a ON a.node = s.node),
      g AS MATERIALIZED (SELECT coalesce(d.division_id, d.organization_id) AS node, d.donor_email::text AS donor_email,
          (coalesce(d.completed_at, d.created_at) AT TIME ZONE ''UTC'')::date AS day
        FROM donations d WHERE d.donor_email IN (SELECT donor_email FROM p) AND d.status = 1 AND d.kind = ''gift''),
      ganc(node, id, depth) AS (SELECT s.node, s.node, 0 FROM (SELECT DISTINCT node FROM g) s
        UNION ALL
        SELECT a.node, o.parent_id, a.depth + 1 FROM ganc a JOIN organizations o ON o.id = a.id
          WHERE o.parent_id IS NOT NULL AND a.depth < 8),
      fresh AS (SELECT a.id, g.donor_email, min(g.day) AS f, max(g.day) AS l FROM g JOIN ganc a ON a.node = g.node GROUP BY 1, 2),
      up AS MATERIALIZED (SELECT p.id, p.donor_email, r.first_on AS pf, r.last_on AS pl, f.f AS nf, f.l AS nl
        FROM p JOIN org_money_donors r ON r.organization_id = p.id AND r.donor_email = p.donor_email
          LEFT JOIN fresh f ON f.id = p.id AND f.donor_email = p.donor_email
        WHERE (r.first_on, r.last_on) IS DISTINCT FROM (f.f, f.l)),
      w AS (UPDATE org_money_donors r SET first_on = up.nf, last_on = up.nl FROM up
        WHERE r.organization_id = up.id AND r.donor_email = up.donor_email RETURNING 1),
      ' || days;
    DELETE FROM org_money_donors WHERE first_on IS NULL;
  END IF;
  IF removes OR adds THEN
    DELETE FROM org_donor_days WHERE first_donors = 0 AND last_donors = 0;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint

-- Recomputes the (node, donor) pairs nodes[i] × emails[i] from the donors' counting gifts and moves
-- org_donor_days accordingly. The pairs are first locked in key order (a placeholder row for a pair
-- not kept yet), then recomputed in a new statement, which sees what the writers we waited for
-- committed. Cost: the counting gifts of those donors.
CREATE FUNCTION fc_money_recompute_pairs(nodes int[], emails text[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO org_money_donors AS r (organization_id, donor_email)
    SELECT DISTINCT n, e FROM unnest(nodes, emails) p(n, e) ORDER BY 1, 2
    ON CONFLICT (organization_id, donor_email) DO UPDATE SET first_on = r.first_on;
  WITH RECURSIVE p AS MATERIALIZED (SELECT DISTINCT n AS id, e AS donor_email FROM unnest(nodes, emails) x(n, e)),
    g AS MATERIALIZED (SELECT coalesce(d.division_id, d.organization_id) AS node, d.donor_email::text AS donor_email,
        (coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC')::date AS day
      FROM donations d WHERE d.donor_email IN (SELECT p.donor_email FROM p) AND d.status = 1 AND d.kind = 'gift'),
    ganc(node, id, depth) AS (SELECT s.node, s.node, 0 FROM (SELECT DISTINCT g.node FROM g) s
      UNION ALL
      SELECT a.node, o.parent_id, a.depth + 1 FROM ganc a JOIN organizations o ON o.id = a.id
        WHERE o.parent_id IS NOT NULL AND a.depth < 8),
    fresh AS (SELECT a.id, g.donor_email, min(g.day) AS f, max(g.day) AS l FROM g JOIN ganc a ON a.node = g.node GROUP BY 1, 2),
    up AS MATERIALIZED (SELECT p.id, p.donor_email, r.first_on AS pf, r.last_on AS pl, f.f AS nf, f.l AS nl
      FROM p JOIN org_money_donors r ON r.organization_id = p.id AND r.donor_email = p.donor_email
        LEFT JOIN fresh f ON f.id = p.id AND f.donor_email = p.donor_email
      WHERE (r.first_on, r.last_on) IS DISTINCT FROM (f.f, f.l)),
    w AS (UPDATE org_money_donors r SET first_on = up.nf, last_on = up.nl FROM up
      WHERE r.organization_id = up.id AND r.donor_email = up.donor_email RETURNING 1),
    dd AS (SELECT up.id, up.nf AS day, 1 AS fd, 0 AS ld FROM up WHERE up.nf IS NOT NULL AND up.nf IS DISTINCT FROM up.pf
      UNION ALL SELECT up.id, up.pf, -1, 0 FROM up WHERE up.pf IS NOT NULL AND up.nf IS DISTINCT FROM up.pf
      UNION ALL SELECT up.id, up.nl, 0, 1 FROM up WHERE up.nl IS NOT NULL AND up.nl IS DISTINCT FROM up.pl
      UNION ALL SELECT up.id, up.pl, 0, -1 FROM up WHERE up.pl IS NOT NULL AND up.nl IS DISTINCT FROM up.pl)
  INSERT INTO org_donor_days AS t (organization_id, day, first_donors, last_donors)
    SELECT dd.id, dd.day, sum(dd.fd), sum(dd.ld) FROM dd GROUP BY 1, 2 HAVING sum(dd.fd) <> 0 OR sum(dd.ld) <> 0 ORDER BY 1, 2
    ON CONFLICT (organization_id, day) DO UPDATE SET first_donors = t.first_donors + excluded.first_donors,
      last_donors = t.last_donors + excluded.last_donors;
  DELETE FROM org_money_donors WHERE first_on IS NULL;
  DELETE FROM org_donor_days WHERE first_donors = 0 AND last_donors = 0;
END
$fn$;--> statement-breakpoint

-- The tree. A node added has no gifts yet. A node moved whose subtree holds counting gifts takes
-- its sums, which its own rows already hold, out of its old ancestors and into its new ones (one
-- grouped upsert per table); the (ancestor, donor) pairs of its donors are recomputed from those
-- donors' gifts. Cost: the moved node's rows and its donors' gifts. When one statement moves nodes
-- that sit above one another (bulk SQL only), or deletes nodes with money (the foreign keys of
-- donations leave none), the ancestors involved are recomputed from donations instead
-- (fc_money_rebuild): the whole organization's gifts when its root is one of them.
CREATE FUNCTION fc_money_orgs_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  affected int[];
  nested boolean;
  ms int[];
  anc int[];
  sgs int[];
  emails text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE o.parent_id IS DISTINCT FROM n.parent_id
          AND EXISTS (SELECT 1 FROM org_money_monthly m WHERE m.organization_id = n.id)) THEN
      RETURN NULL;
    END IF;
    -- Ancestors of each moved node before (old tree, sg -1) and after (current tree, sg +1).
    WITH RECURSIVE c AS MATERIALIZED (SELECT o.id, o.parent_id AS old_parent, n.parent_id AS new_parent
        FROM fc_old o JOIN fc_new n ON n.id = o.id WHERE o.parent_id IS DISTINCT FROM n.parent_id),
      tree AS MATERIALIZED (SELECT t.id, t.parent_id FROM organizations t WHERE t.id NOT IN (SELECT c.id FROM c)
        UNION ALL SELECT c.id, c.old_parent FROM c),
      oa(m, id, depth) AS (SELECT c.id, c.old_parent, 1 FROM c WHERE c.old_parent IS NOT NULL
        UNION ALL SELECT oa.m, t.parent_id, oa.depth + 1 FROM oa JOIN tree t ON t.id = oa.id
          WHERE t.parent_id IS NOT NULL AND oa.depth < 8),
      na(m, id, depth) AS (SELECT c.id, c.new_parent, 1 FROM c WHERE c.new_parent IS NOT NULL
        UNION ALL SELECT na.m, o.parent_id, na.depth + 1 FROM na JOIN organizations o ON o.id = na.id
          WHERE o.parent_id IS NOT NULL AND na.depth < 8),
      mv AS (SELECT oa.m, oa.id, -1 AS sg FROM oa UNION ALL SELECT na.m, na.id, 1 FROM na)
    SELECT EXISTS (SELECT 1 FROM mv WHERE mv.id IN (SELECT c.id FROM c)),
        array_agg(DISTINCT mv.id), array_agg(mv.m), array_agg(mv.id), array_agg(mv.sg)
      INTO nested, affected, ms, anc, sgs FROM mv;
    IF affected IS NULL THEN
      RETURN NULL;
    END IF;
    IF nested THEN
      PERFORM fc_money_rebuild(affected);
      RETURN NULL;
    END IF;
    INSERT INTO org_money_daily AS t (organization_id, day, method, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
      SELECT mv.a, r.day, r.method, sum(mv.sg * r.gifts), sum(mv.sg * r.gross_cents), sum(mv.sg * r.fee_cents),
          sum(mv.sg * r.refunded_cents), sum(mv.sg * r.net_cents)
        FROM unnest(ms, anc, sgs) mv(m, a, sg) JOIN org_money_daily r ON r.organization_id = mv.m
        GROUP BY 1, 2, 3 HAVING sum(mv.sg * r.gifts) <> 0 OR sum(mv.sg * r.net_cents) <> 0
          OR sum(mv.sg * r.gross_cents) <> 0 OR sum(mv.sg * r.fee_cents) <> 0 OR sum(mv.sg * r.refunded_cents) <> 0
        ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, day, method) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, fee_cents = t.fee_cents + excluded.fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO org_money_monthly AS t (organization_id, month, gifts, gross_cents, fee_cents, refunded_cents, net_cents)
      SELECT mv.a, r.month, sum(mv.sg * r.gifts), sum(mv.sg * r.gross_cents), sum(mv.sg * r.fee_cents),
          sum(mv.sg * r.refunded_cents), sum(mv.sg * r.net_cents)
        FROM unnest(ms, anc, sgs) mv(m, a, sg) JOIN org_money_monthly r ON r.organization_id = mv.m
        GROUP BY 1, 2 HAVING sum(mv.sg * r.gifts) <> 0 OR sum(mv.sg * r.net_cents) <> 0
          OR sum(mv.sg * r.gross_cents) <> 0 OR sum(mv.sg * r.fee_cents) <> 0 OR sum(mv.sg * r.refunded_cents) <> 0
        ORDER BY 1, 2
      ON CONFLICT (organization_id, month) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, fee_cents = t.fee_cents + excluded.fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO org_campaign_money AS t (organization_id, campaign_id, month, gifts, gross_cents, refunded_cents, net_cents)
      SELECT mv.a, r.campaign_id, r.month, sum(mv.sg * r.gifts), sum(mv.sg * r.gross_cents),
          sum(mv.sg * r.refunded_cents), sum(mv.sg * r.net_cents)
        FROM unnest(ms, anc, sgs) mv(m, a, sg) JOIN org_campaign_money r ON r.organization_id = mv.m
        GROUP BY 1, 2, 3 HAVING sum(mv.sg * r.gifts) <> 0 OR sum(mv.sg * r.net_cents) <> 0
          OR sum(mv.sg * r.gross_cents) <> 0 OR sum(mv.sg * r.refunded_cents) <> 0
        ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, campaign_id, month) DO UPDATE SET gifts = t.gifts + excluded.gifts,
        gross_cents = t.gross_cents + excluded.gross_cents, refunded_cents = t.refunded_cents + excluded.refunded_cents,
        net_cents = t.net_cents + excluded.net_cents;
    INSERT INTO org_gift_amounts AS t (organization_id, month, amount_cents, gifts)
      SELECT mv.a, r.month, r.amount_cents, sum(mv.sg * r.gifts)
        FROM unnest(ms, anc, sgs) mv(m, a, sg) JOIN org_gift_amounts r ON r.organization_id = mv.m
        GROUP BY 1, 2, 3 HAVING sum(mv.sg * r.gifts) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (organization_id, month, amount_cents) DO UPDATE SET gifts = t.gifts + excluded.gifts;
    DELETE FROM org_money_daily WHERE gifts = 0;
    DELETE FROM org_money_monthly WHERE gifts = 0;
    DELETE FROM org_campaign_money WHERE gifts = 0;
    DELETE FROM org_gift_amounts WHERE gifts = 0;
    -- The moved subtrees' donors, at every old and new ancestor.
    SELECT array_agg(x.a), array_agg(x.e) INTO anc, emails
      FROM (SELECT DISTINCT mv.a, r.donor_email::text AS e FROM unnest(ms, anc) mv(m, a)
        JOIN org_money_donors r ON r.organization_id = mv.m) x;
    IF anc IS NOT NULL THEN
      PERFORM fc_money_recompute_pairs(anc, emails);
    END IF;
    RETURN NULL;
  END IF;
  -- DELETE
  IF NOT EXISTS (SELECT 1 FROM fc_old o JOIN org_money_monthly m ON m.organization_id = o.id) THEN
    RETURN NULL;
  END IF;
  WITH RECURSIVE tree AS MATERIALIZED (SELECT t.id, t.parent_id FROM organizations t
      UNION ALL SELECT o.id, o.parent_id FROM fc_old o),
    oa(id, depth) AS (SELECT parent_id, 1 FROM fc_old WHERE parent_id IS NOT NULL
      UNION ALL SELECT t.parent_id, oa.depth + 1 FROM oa JOIN tree t ON t.id = oa.id
        WHERE t.parent_id IS NOT NULL AND oa.depth < 8)
  SELECT array_agg(DISTINCT oa.id) INTO affected FROM oa;
  -- The deleted nodes' own rows go (fc_money_rebuild recomputes nothing for a missing node).
  PERFORM fc_money_rebuild(coalesce(affected, '{}') || ARRAY(SELECT id FROM fc_old));
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE FUNCTION fc_money_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_money_rebuild(NULL);
  RETURN NULL;
END
$fn$;--> statement-breakpoint

CREATE TRIGGER fc_money_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_money_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_money_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_trg();--> statement-breakpoint
CREATE TRIGGER fc_money_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_truncate_trg();--> statement-breakpoint
CREATE TRIGGER fc_money_upd AFTER UPDATE ON organizations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_orgs_trg();--> statement-breakpoint
CREATE TRIGGER fc_money_del AFTER DELETE ON organizations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_money_orgs_trg();--> statement-breakpoint
-- Backfill: the roll-ups under the new rule, then the money tables.
SELECT fc_rollup_rebuild();--> statement-breakpoint
SELECT fc_money_rebuild();
