-- Issue 6: the donation list's totals over its whole filtered set. Without a text search or a
-- date range, every filter of the list (the caller's scope by owner node and division, the node
-- filter, campaign, status, kind, method) is a condition on six columns of the donation. This
-- table keeps, per distinct value of those six columns, the sums the list shows, so the totals
-- read a few hundred rows instead of a million donations. It is kept like the roll-ups of 0004
-- (decision 009): statement-level AFTER triggers with transition tables, one grouped upsert per
-- statement, whoever writes (routes, jobs, seeds, hand-made SQL). The list falls back to the live
-- aggregate when a search or a date range is given, or when the caller's scope is not by node
-- (families and donors). `fc_donation_totals_drift()` lists differences with a recomputation
-- from donations; `fc_donation_totals_rebuild()` recomputes (after surgery with triggers off).
CREATE TABLE "donation_totals" (
	"organization_id" integer NOT NULL,
	"division_id" integer,
	"campaign_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"kind" varchar(8) NOT NULL,
	"method" varchar(10) NOT NULL,
	-- donations with these values, and the sums of their amounts, covered fees, refunds and net
	-- (greatest(amount − refunded, 0) per donation, as campaigns/totals.ts netCents).
	"n" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"cover_fee_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- NULLS NOT DISTINCT: a donation without a division has one row per key like the others (PG 15+).
CREATE UNIQUE INDEX "donation_totals_key_uq" ON "donation_totals"
  ("organization_id", "campaign_id", "division_id", "status", "kind", "method") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "donation_totals_division_idx" ON "donation_totals" ("division_id");--> statement-breakpoint
CREATE INDEX "donation_totals_campaign_idx" ON "donation_totals" ("campaign_id");--> statement-breakpoint
-- One pass per statement. Each event's rows are grouped by key and added (inserted rows),
-- subtracted (deleted rows) or both (updated rows whose counted columns changed; an update that
-- changes none of them, such as a receipt stamp or a reminder claim, returns at once). Keys are
-- upserted in key order, so concurrent writers lock shared rows in one order and queue instead of
-- deadlocking. Rows that fall to zero are kept (a later gift reuses them); readers sum them.
CREATE FUNCTION fc_donation_totals_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO donation_totals AS t (organization_id, division_id, campaign_id, status, kind, method,
        n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
      SELECT organization_id, division_id, campaign_id, status, kind, method, count(*), sum(amount_cents),
          sum(cover_fee_cents), sum(refunded_cents), sum(greatest(amount_cents - refunded_cents, 0))
        FROM fc_new GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 3, 2, 4, 5, 6
      ON CONFLICT (organization_id, campaign_id, division_id, status, kind, method) DO UPDATE SET
        n = t.n + excluded.n, amount_cents = t.amount_cents + excluded.amount_cents,
        cover_fee_cents = t.cover_fee_cents + excluded.cover_fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO donation_totals AS t (organization_id, division_id, campaign_id, status, kind, method,
        n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
      SELECT organization_id, division_id, campaign_id, status, kind, method, -count(*), -sum(amount_cents),
          -sum(cover_fee_cents), -sum(refunded_cents), -sum(greatest(amount_cents - refunded_cents, 0))
        FROM fc_old GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 3, 2, 4, 5, 6
      ON CONFLICT (organization_id, campaign_id, division_id, status, kind, method) DO UPDATE SET
        n = t.n + excluded.n, amount_cents = t.amount_cents + excluded.amount_cents,
        cover_fee_cents = t.cover_fee_cents + excluded.cover_fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents;
  ELSE
    PERFORM 1 FROM fc_old o JOIN fc_new w ON w.id = o.id
      WHERE (o.organization_id, o.division_id, o.campaign_id, o.status, o.kind, o.method, o.amount_cents,
          o.cover_fee_cents, o.refunded_cents)
        IS DISTINCT FROM (w.organization_id, w.division_id, w.campaign_id, w.status, w.kind, w.method,
          w.amount_cents, w.cover_fee_cents, w.refunded_cents)
      LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    INSERT INTO donation_totals AS t (organization_id, division_id, campaign_id, status, kind, method,
        n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
      SELECT organization_id, division_id, campaign_id, status, kind, method, sum(s), sum(s * amount_cents),
          sum(s * cover_fee_cents), sum(s * refunded_cents), sum(s * greatest(amount_cents - refunded_cents, 0))
        FROM (
          SELECT o.organization_id, o.division_id, o.campaign_id, o.status, o.kind, o.method, -1 AS s,
              o.amount_cents, o.cover_fee_cents, o.refunded_cents
            FROM fc_old o JOIN fc_new w ON w.id = o.id
            WHERE (o.organization_id, o.division_id, o.campaign_id, o.status, o.kind, o.method, o.amount_cents,
                o.cover_fee_cents, o.refunded_cents)
              IS DISTINCT FROM (w.organization_id, w.division_id, w.campaign_id, w.status, w.kind, w.method,
                w.amount_cents, w.cover_fee_cents, w.refunded_cents)
          UNION ALL
          SELECT w.organization_id, w.division_id, w.campaign_id, w.status, w.kind, w.method, 1,
              w.amount_cents, w.cover_fee_cents, w.refunded_cents
            FROM fc_old o JOIN fc_new w ON w.id = o.id
            WHERE (o.organization_id, o.division_id, o.campaign_id, o.status, o.kind, o.method, o.amount_cents,
                o.cover_fee_cents, o.refunded_cents)
              IS DISTINCT FROM (w.organization_id, w.division_id, w.campaign_id, w.status, w.kind, w.method,
                w.amount_cents, w.cover_fee_cents, w.refunded_cents)
        ) x
        GROUP BY 1, 2, 3, 4, 5, 6
        HAVING sum(s) <> 0 OR sum(s * amount_cents) <> 0 OR sum(s * cover_fee_cents) <> 0
          OR sum(s * refunded_cents) <> 0 OR sum(s * greatest(amount_cents - refunded_cents, 0)) <> 0
        ORDER BY 1, 3, 2, 4, 5, 6
      ON CONFLICT (organization_id, campaign_id, division_id, status, kind, method) DO UPDATE SET
        n = t.n + excluded.n, amount_cents = t.amount_cents + excluded.amount_cents,
        cover_fee_cents = t.cover_fee_cents + excluded.cover_fee_cents,
        refunded_cents = t.refunded_cents + excluded.refunded_cents, net_cents = t.net_cents + excluded.net_cents;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Recomputes every row from donations (the backfill below, TRUNCATE, repairs).
CREATE FUNCTION fc_donation_totals_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM donation_totals;
  INSERT INTO donation_totals (organization_id, division_id, campaign_id, status, kind, method,
      n, amount_cents, cover_fee_cents, refunded_cents, net_cents)
    SELECT organization_id, division_id, campaign_id, status, kind, method, count(*), sum(amount_cents),
        sum(cover_fee_cents), sum(refunded_cents), sum(greatest(amount_cents - refunded_cents, 0))
      FROM donations GROUP BY 1, 2, 3, 4, 5, 6;
END
$fn$;--> statement-breakpoint
-- Every key whose kept sums differ from donations (rows kept at zero count as absent): empty when right.
CREATE FUNCTION fc_donation_totals_drift() RETURNS TABLE (organization_id integer, division_id integer,
    campaign_id integer, status smallint, kind varchar, method varchar, kept bigint[], actual bigint[])
  LANGUAGE sql STABLE AS $fn$
  WITH kept AS (
    SELECT t.organization_id, t.division_id, t.campaign_id, t.status, t.kind, t.method,
        ARRAY[t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents] AS v
      FROM donation_totals t
      WHERE (t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents) <> (0, 0, 0, 0, 0)
  ), actual AS (
    SELECT d.organization_id, d.division_id, d.campaign_id, d.status, d.kind, d.method,
        ARRAY[count(*), sum(d.amount_cents), sum(d.cover_fee_cents), sum(d.refunded_cents),
          sum(greatest(d.amount_cents - d.refunded_cents, 0))]::bigint[] AS v
      FROM donations d GROUP BY 1, 2, 3, 4, 5, 6
  )
  SELECT coalesce(k.organization_id, a.organization_id), coalesce(k.division_id, a.division_id),
      coalesce(k.campaign_id, a.campaign_id), coalesce(k.status, a.status), coalesce(k.kind, a.kind),
      coalesce(k.method, a.method), k.v, a.v
    FROM kept k FULL JOIN actual a ON (k.organization_id, k.campaign_id, k.status, k.kind, k.method)
        = (a.organization_id, a.campaign_id, a.status, a.kind, a.method)
      AND k.division_id IS NOT DISTINCT FROM a.division_id
    WHERE k.v IS DISTINCT FROM a.v
$fn$;--> statement-breakpoint
CREATE FUNCTION fc_donation_totals_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM donation_totals;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER fc_totals_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_totals_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_totals_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_totals_trg();--> statement-breakpoint
CREATE TRIGGER fc_totals_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_donation_totals_truncate_trg();--> statement-breakpoint
SELECT fc_donation_totals_rebuild();
