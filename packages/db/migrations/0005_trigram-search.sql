-- Issue 6: the free-text searches of the donation list and the player (fundraiser) list match
-- '%text%' with ILIKE, which no btree can serve: at 1,000,000 donations and 100,000 players each
-- search was a sequential scan. GIN trigram indexes serve ILIKE '%…%' (three or more characters),
-- one per table, with one column per searched expression. The expressions are exactly those of
-- the queries (donations/admin.service.ts listWhere, fundraisers.repository.ts listPlayers and
-- the donation search's player lookup); a query must keep them word for word for the planner to
-- use the index. PGlite loads the extension from its contrib bundle (client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "donations_search_trgm_idx" ON "donations" USING gin (
  "donor_email" gin_trgm_ops,
  ("donor_first_name" || ' ' || "donor_last_name") gin_trgm_ops,
  "receipt_number" gin_trgm_ops
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "players_search_trgm_idx" ON "players" USING gin (
  ("first_name" || ' ' || "last_name") gin_trgm_ops,
  (coalesce("parent_first_name", '') || ' ' || coalesce("parent_last_name", '')) gin_trgm_ops,
  "email" gin_trgm_ops
);
