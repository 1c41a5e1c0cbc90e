-- Incremental roll-ups (docs/decisions/009-incremental-rollups.md).
--
-- org_rollups holds, per node, the figures of its whole subtree; campaign_rollups a campaign's
-- money totals. Statement-level AFTER triggers with transition tables keep them: each statement
-- (one webhook update or a bulk insert of a million rows) is one pass that sums its changes per
-- node, walks each touched node's ancestors once, and applies the sums. Distinct figures
-- (players, members, donors) go through reference counts (org_rollup_players, ...): a figure moves
-- only when a count leaves or reaches zero. The rules are those of
-- apps/api/src/modules/campaigns/totals.ts: a donation counts when status = 1 and kind = 'gift',
-- for greatest(amount_cents - refunded_cents, 0); donors are distinct donor_email among them.
--
-- Transition tables are only visible to the trigger function itself (not to functions it
-- calls), so fc_rollup_sql() builds the statement and each trigger function EXECUTEs it.

-- The statement that applies one change set. `src` is a SELECT of
-- (node int, k <key>, n int, raised bigint, campaigns int, leagues int, teams int, divisions int):
-- the change at `node`, applied to the node and each of its ancestors. With `refs_table`, `n` is
-- the change of the reference count of key `k` and `count_col` the figure it feeds; with
-- `scalars`, the other columns are added as they are.
CREATE FUNCTION fc_rollup_sql(src text, refs_table text, key_col text, count_col text, scalars boolean)
RETURNS text LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  q text;
  parts text[] := '{}';
BEGIN
  q := 'WITH RECURSIVE src(node, k, n, raised, campaigns, leagues, teams, divisions) AS (' || src || '),
    anc(node, id, depth) AS (
      SELECT s.node, s.node, 0 FROM (SELECT DISTINCT node FROM src) s JOIN organizations o ON o.id = s.node
      UNION ALL
      SELECT a.node, p.id, a.depth + 1 FROM anc a JOIN organizations o ON o.id = a.id
        JOIN organizations p ON p.id = o.parent_id WHERE a.depth < 8)';
  IF refs_table IS NOT NULL THEN
    q := q || format(',
    rd AS (SELECT a.id, s.k, sum(s.n)::int AS d FROM src s JOIN anc a ON a.node = s.node
      WHERE s.n <> 0 GROUP BY a.id, s.k HAVING sum(s.n) <> 0),
    up AS (INSERT INTO %1$I AS r (organization_id, %2$I, refs) SELECT id, k, d FROM rd ORDER BY id, k
      ON CONFLICT (organization_id, %2$I) DO UPDATE SET refs = r.refs + excluded.refs
      RETURNING r.organization_id AS id, r.%2$I AS k, r.refs),
    fl AS (SELECT up.id,
        sum(CASE WHEN up.refs > 0 AND up.refs - rd.d <= 0 THEN 1
                 WHEN up.refs <= 0 AND up.refs - rd.d > 0 THEN -1 ELSE 0 END)::bigint AS f,
        0::bigint AS raised, 0::bigint AS campaigns, 0::bigint AS leagues, 0::bigint AS teams, 0::bigint AS divisions
      FROM up JOIN rd ON rd.id = up.id AND rd.k = up.k GROUP BY up.id)', refs_table, key_col);
    parts := parts || 'SELECT * FROM fl'::text;
  END IF;
  IF scalars THEN
    q := q || ',
    sd AS (SELECT a.id, 0::bigint AS f, sum(s.raised)::bigint AS raised, sum(s.campaigns)::bigint AS campaigns,
        sum(s.leagues)::bigint AS leagues, sum(s.teams)::bigint AS teams, sum(s.divisions)::bigint AS divisions
      FROM src s JOIN anc a ON a.node = s.node GROUP BY a.id)';
    parts := parts || 'SELECT * FROM sd'::text;
  END IF;
  -- Rows are locked in id order so that concurrent writers touching the same ancestors queue
  -- instead of deadlocking.
  q := q || ',
    agg AS (SELECT id, sum(f)::int AS f, sum(raised)::bigint AS raised, sum(campaigns)::int AS campaigns,
        sum(leagues)::int AS leagues, sum(teams)::int AS teams, sum(divisions)::int AS divisions
      FROM (' || array_to_string(parts, ' UNION ALL ') || ') t GROUP BY id
      HAVING sum(f) <> 0 OR sum(raised) <> 0 OR sum(campaigns) <> 0 OR sum(leagues) <> 0 OR sum(teams) <> 0
        OR sum(divisions) <> 0),
    lk AS (SELECT r.organization_id FROM org_rollups r JOIN agg ON agg.id = r.organization_id
      ORDER BY r.organization_id FOR UPDATE OF r)
    UPDATE org_rollups o SET '
    || CASE WHEN count_col IS NULL THEN '' ELSE format('%1$I = o.%1$I + agg.f, ', count_col) END
    || 'raised_cents = o.raised_cents + agg.raised, active_campaigns = o.active_campaigns + agg.campaigns,
      leagues = o.leagues + agg.leagues, teams = o.teams + agg.teams, divisions = o.divisions + agg.divisions
    FROM agg JOIN lk ON lk.organization_id = agg.id WHERE o.organization_id = agg.id';
  RETURN q;
END
$fn$;
--> statement-breakpoint

-- Every node at or under each of `ids` (every node when null), with its depth below it.
CREATE FUNCTION fc_rollup_closure(ids int[]) RETURNS TABLE (anc_id int, node_id int, depth int)
LANGUAGE sql STABLE AS $fn$
  WITH RECURSIVE c(anc_id, node_id, depth) AS (
    SELECT o.id, o.id, 0 FROM organizations o WHERE ids IS NULL OR o.id = ANY (ids)
    UNION ALL
    SELECT c.anc_id, o.id, c.depth + 1 FROM c JOIN organizations o ON o.parent_id = c.node_id WHERE c.depth < 8)
  SELECT anc_id, node_id, depth FROM c
$fn$;
--> statement-breakpoint

-- Recomputes the roll-ups of `ids` (all nodes and all campaigns when null) from the tables.
-- Used by the migration (backfill), after TRUNCATE, and for the rare tree changes the triggers
-- do not apply incrementally (several nested nodes moved or deleted in one statement).
CREATE FUNCTION fc_rollup_rebuild(ids int[] DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
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
      JOIN donations d ON d.organization_id = c.node_id
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
      FROM fc_rollup_closure(ids) c JOIN donations d ON d.organization_id = c.node_id
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
$fn$;
--> statement-breakpoint

-- Every difference between the kept roll-ups (and their reference counts) and a recomputation
-- from the tables that does not read them: no rows means no drift.
CREATE FUNCTION fc_rollup_drift()
RETURNS TABLE (tbl text, id int, item text, stored bigint, expected bigint) LANGUAGE sql STABLE AS $fn$
  WITH c AS MATERIALIZED (SELECT * FROM fc_rollup_closure(NULL)),
  gifts AS MATERIALIZED (SELECT * FROM donations d WHERE d.status = 1 AND d.kind = 'gift'),
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
    FROM c JOIN gifts g ON g.organization_id = c.node_id GROUP BY 1),
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
      JOIN gifts g ON g.organization_id = c.node_id GROUP BY 1, 2) x
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
$fn$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------------------------
-- Triggers. Each table has one function and three statement triggers (a trigger with transition
-- tables serves one event). An UPDATE trigger cannot name columns when it has transition tables,
-- so each function first keeps only the rows whose counted columns changed.

-- Donations: raised cents and donors of the credited node and its ancestors; campaign totals.
CREATE FUNCTION fc_rollup_donations_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  cols constant text := 'status, kind, amount_cents, refunded_cents, organization_id, campaign_id, donor_email';
  ch text;
  src text;
BEGIN
  -- ch: (organization_id, campaign_id, donor_email, sg, net) for each counting row that left (-1)
  -- or joined (+1) the totals.
  -- Most statements change no counted row (a pending checkout, a failed card, a reminder claim):
  -- they stop at the first check.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, campaign_id, donor_email, 1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
      FROM fc_new WHERE status = 1 AND kind = ''gift''';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old WHERE status = 1 AND kind = 'gift') THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, campaign_id, donor_email, -1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
      FROM fc_old WHERE status = 1 AND kind = ''gift''';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = 'gift') OR (n.status = 1 AND n.kind = 'gift'))
          AND (o.status, o.kind, o.amount_cents, o.refunded_cents, o.organization_id, o.campaign_id, o.donor_email)
          IS DISTINCT FROM (n.status, n.kind, n.amount_cents, n.refunded_cents, n.organization_id, n.campaign_id, n.donor_email))
    THEN
      RETURN NULL;
    END IF;
    ch := format('WITH moved AS (SELECT n.id FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE ((o.status = 1 AND o.kind = ''gift'') OR (n.status = 1 AND n.kind = ''gift''))
          AND (%1$s) IS DISTINCT FROM (%2$s))
      SELECT organization_id, campaign_id, donor_email, -1 AS sg, greatest(amount_cents - refunded_cents, 0) AS net
        FROM fc_old WHERE status = 1 AND kind = ''gift'' AND id IN (SELECT id FROM moved)
      UNION ALL
      SELECT organization_id, campaign_id, donor_email, 1, greatest(amount_cents - refunded_cents, 0)
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
$fn$;
--> statement-breakpoint

-- Rosters: distinct players of each node's subtree.
CREATE FUNCTION fc_rollup_rosters_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ch text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, player_id, 1 AS sg FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, player_id, -1 AS sg FROM fc_old';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (o.organization_id, o.player_id) IS DISTINCT FROM (n.organization_id, n.player_id)) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, player_id, -1 AS sg FROM fc_old UNION ALL SELECT organization_id, player_id, 1 FROM fc_new';
  END IF;
  EXECUTE fc_rollup_sql('SELECT organization_id, player_id, sum(sg)::int, 0::bigint, 0, 0, 0, 0
    FROM (' || ch || ') c GROUP BY 1, 2', 'org_rollup_players', 'player_id', 'players', false);
  DELETE FROM org_rollup_players WHERE refs <= 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- Memberships of live (not deleted) users: distinct members of each node's subtree.
CREATE FUNCTION fc_rollup_memberships_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ch text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_new) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, user_id, 1 AS sg FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, user_id, -1 AS sg FROM fc_old';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (o.organization_id, o.user_id) IS DISTINCT FROM (n.organization_id, n.user_id)) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, user_id, -1 AS sg FROM fc_old UNION ALL SELECT organization_id, user_id, 1 FROM fc_new';
  END IF;
  EXECUTE fc_rollup_sql('SELECT c.organization_id, c.user_id, sum(c.sg)::int, 0::bigint, 0, 0, 0, 0
    FROM (' || ch || ') c JOIN users u ON u.id = c.user_id WHERE u.deleted_at IS NULL GROUP BY 1, 2',
    'org_rollup_members', 'user_id', 'members', false);
  DELETE FROM org_rollup_members WHERE refs <= 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- A user deleted (or restored) leaves (or rejoins) the member counts of every node they belong to.
CREATE FUNCTION fc_rollup_users_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
      WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)) THEN
    RETURN NULL;
  END IF;
  EXECUTE fc_rollup_sql('SELECT m.organization_id, m.user_id,
      sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END)::int, 0::bigint, 0, 0, 0, 0
    FROM fc_new n JOIN fc_old o ON o.id = n.id JOIN organization_users m ON m.user_id = n.id
    WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL) GROUP BY 1, 2',
    'org_rollup_members', 'user_id', 'members', false);
  DELETE FROM org_rollup_members WHERE refs <= 0;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- Campaigns: active (draft or active) campaigns of each node's subtree; a campaign's totals row.
CREATE FUNCTION fc_rollup_campaigns_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  ch text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_rollups (campaign_id) SELECT id FROM fc_new ON CONFLICT DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE status IN ('draft', 'active')) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, status, 1 AS sg FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM campaign_rollups WHERE campaign_id IN (SELECT id FROM fc_old);
    DELETE FROM campaign_rollup_donors WHERE campaign_id IN (SELECT id FROM fc_old);
    ch := 'SELECT organization_id, status, -1 AS sg FROM fc_old';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (o.organization_id, o.status IN ('draft', 'active'))
          IS DISTINCT FROM (n.organization_id, n.status IN ('draft', 'active'))) THEN
      RETURN NULL;
    END IF;
    ch := 'SELECT organization_id, status, -1 AS sg FROM fc_old UNION ALL SELECT organization_id, status, 1 FROM fc_new';
  END IF;
  EXECUTE fc_rollup_sql('SELECT organization_id, NULL::int, 0, 0::bigint, sum(sg)::int, 0, 0, 0
    FROM (' || ch || ') c WHERE status IN (''draft'', ''active'') GROUP BY 1', NULL, NULL, NULL, true);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- The tree itself. A node added counts in its ancestors' league, team and division figures. A
-- node moved (or deleted) takes its whole subtree's figures, which its own roll-up and reference
-- counts already hold, from the old parent's chain to the new one (or nowhere). That shortcut
-- needs each changed node's subtree to be unchanged, which fails only when one statement changes
-- nodes that are above one another; the ancestors involved are then rebuilt from the tables.
CREATE FUNCTION fc_rollup_orgs_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  chg text;
  nested boolean;
  affected int[];
  ref record;
BEGIN
  -- chg: (id, parent, sg, typ): each changed node's old place (-1) and new place (+1).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO org_rollups (organization_id) SELECT id FROM fc_new ON CONFLICT DO NOTHING;
    IF NOT EXISTS (SELECT 1 FROM fc_new WHERE parent_id IS NOT NULL) THEN
      RETURN NULL;
    END IF;
    chg := 'SELECT id, parent_id AS parent, 1 AS sg, type_id AS typ FROM fc_new';
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM fc_old) THEN
      RETURN NULL;
    END IF;
    chg := 'SELECT id, parent_id AS parent, -1 AS sg, type_id AS typ FROM fc_old';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM fc_new n JOIN fc_old o ON o.id = n.id
        WHERE (o.parent_id, o.type_id) IS DISTINCT FROM (n.parent_id, n.type_id)) THEN
      RETURN NULL;
    END IF;
    chg := 'SELECT o.id, o.parent_id AS parent, -1 AS sg, o.type_id AS typ FROM fc_old o JOIN fc_new n ON n.id = o.id
        WHERE (o.parent_id, o.type_id) IS DISTINCT FROM (n.parent_id, n.type_id)
      UNION ALL
      SELECT n.id, n.parent_id, 1, n.type_id FROM fc_old o JOIN fc_new n ON n.id = o.id
        WHERE (o.parent_id, o.type_id) IS DISTINCT FROM (n.parent_id, n.type_id)';
  END IF;

  IF TG_OP <> 'INSERT' THEN
    -- Ancestors of each changed node before (old tree) and after (current tree) the statement.
    EXECUTE 'WITH RECURSIVE c AS MATERIALIZED (' || chg || '),
      tree AS MATERIALIZED (SELECT id, parent_id FROM organizations WHERE id NOT IN (SELECT id FROM c)
        UNION ALL SELECT id, parent FROM c WHERE sg = -1),
      oa(m, id, depth) AS (SELECT id, parent, 1 FROM c WHERE sg = -1 AND parent IS NOT NULL
        UNION ALL SELECT oa.m, t.parent_id, oa.depth + 1 FROM oa JOIN tree t ON t.id = oa.id
          WHERE t.parent_id IS NOT NULL AND oa.depth < 8),
      na(m, id, depth) AS (SELECT id, parent, 1 FROM c WHERE sg = 1 AND parent IS NOT NULL
        UNION ALL SELECT na.m, o.parent_id, na.depth + 1 FROM na JOIN organizations o ON o.id = na.id
          WHERE o.parent_id IS NOT NULL AND na.depth < 8),
      a AS (SELECT id FROM oa UNION SELECT id FROM na)
      SELECT EXISTS (SELECT 1 FROM a WHERE id IN (SELECT id FROM c)), array_agg(id) FROM a'
      INTO nested, affected;
    IF nested THEN
      IF TG_OP = 'DELETE' THEN
        DELETE FROM org_rollups WHERE organization_id IN (SELECT id FROM fc_old);
        DELETE FROM org_rollup_players WHERE organization_id IN (SELECT id FROM fc_old);
        DELETE FROM org_rollup_members WHERE organization_id IN (SELECT id FROM fc_old);
        DELETE FROM org_rollup_donors WHERE organization_id IN (SELECT id FROM fc_old);
      END IF;
      PERFORM fc_rollup_rebuild(affected);
      RETURN NULL;
    END IF;
    FOR ref IN SELECT * FROM (VALUES ('org_rollup_players', 'player_id', 'players'),
        ('org_rollup_members', 'user_id', 'members'), ('org_rollup_donors', 'donor_email', 'donors')) v(tbl, col, fig)
    LOOP
      EXECUTE fc_rollup_sql(format('SELECT c.parent, r.%2$I, sum(c.sg * r.refs)::int, 0::bigint, 0, 0, 0, 0
        FROM (%3$s) c JOIN %1$I r ON r.organization_id = c.id WHERE c.parent IS NOT NULL GROUP BY 1, 2',
        ref.tbl, ref.col, chg), ref.tbl, ref.col, ref.fig, false);
      EXECUTE format('DELETE FROM %I WHERE refs <= 0', ref.tbl);
    END LOOP;
  END IF;

  EXECUTE fc_rollup_sql('SELECT c.parent, NULL::int, 0, c.sg * r.raised_cents, c.sg * r.active_campaigns,
      c.sg * (r.leagues + (c.typ = 2)::int), c.sg * (r.teams + (c.typ = 3)::int), c.sg * (r.divisions + (c.typ = 4)::int)
    FROM (' || chg || ') c JOIN org_rollups r ON r.organization_id = c.id WHERE c.parent IS NOT NULL',
    NULL, NULL, NULL, true);

  IF TG_OP = 'DELETE' THEN
    DELETE FROM org_rollups WHERE organization_id IN (SELECT id FROM fc_old);
    DELETE FROM org_rollup_players WHERE organization_id IN (SELECT id FROM fc_old);
    DELETE FROM org_rollup_members WHERE organization_id IN (SELECT id FROM fc_old);
    DELETE FROM org_rollup_donors WHERE organization_id IN (SELECT id FROM fc_old);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

-- TRUNCATE fires no row or delete triggers: recompute everything.
CREATE FUNCTION fc_rollup_truncate_trg() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM fc_rollup_rebuild(NULL);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint

CREATE TRIGGER fc_rollup_ins AFTER INSERT ON organizations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_orgs_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON organizations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_orgs_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_del AFTER DELETE ON organizations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_orgs_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_ins AFTER INSERT ON donations REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_donations_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON donations REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_donations_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_del AFTER DELETE ON donations REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_donations_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_trunc AFTER TRUNCATE ON donations
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_ins AFTER INSERT ON organization_fundraisers REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_rosters_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON organization_fundraisers REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_rosters_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_del AFTER DELETE ON organization_fundraisers REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_rosters_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_trunc AFTER TRUNCATE ON organization_fundraisers
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_ins AFTER INSERT ON organization_users REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_memberships_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON organization_users REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_memberships_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_del AFTER DELETE ON organization_users REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_memberships_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_trunc AFTER TRUNCATE ON organization_users
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_truncate_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_users_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_ins AFTER INSERT ON campaigns REFERENCING NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_campaigns_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_upd AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS fc_old NEW TABLE AS fc_new
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_campaigns_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_del AFTER DELETE ON campaigns REFERENCING OLD TABLE AS fc_old
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_campaigns_trg();
--> statement-breakpoint
CREATE TRIGGER fc_rollup_trunc AFTER TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION fc_rollup_truncate_trg();
--> statement-breakpoint

-- Backfill what exists.
SELECT fc_rollup_rebuild(NULL);
