// The floor of `npm run bench` (issue 6): the least a server can do to answer the donation list's
// first page. Fastify answers GET /donations?page= with the same 25 rows the product's list
// returns to a Super Admin (newest first, with campaign, organization and player), from one
// hand-written query (the page taken on the donations_created_idx index, then joined): no auth,
// no validation, no envelope, no totals. Through `pg` (DATABASE_URL) or, for the embedded
// database, PGlite in this process (PGLITE_DIR; one process per data folder, so the bench runs it
// alone).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

export const FLOOR_SQL = `with page as (select d.* from donations d order by d.created_at desc, d.id desc
    limit 25 offset $1)
  select d.id, d.public_id, d.kind, d.status, d.method, d.amount_cents, d.cover_fee_cents, d.refunded_cents,
    d.donor_id, d.donor_first_name, d.donor_last_name, d.donor_email, d.anonymous, d.campaign_id,
    c.title as campaign_title, pl.id as player_id, pl.first_name as player_first, pl.last_name as player_last,
    d.organization_id, o.name as organization_name, d.receipt_number, d.created_at, d.completed_at
  from page d
  join campaigns c on c.id = d.campaign_id
  join organizations o on o.id = d.organization_id
  left join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
  left join players pl on pl.id = cf.player_id
  order by d.created_at desc, d.id desc`;

async function connect() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return { query: async (text, values) => (await pool.query(text, values)).rows, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The same extensions as @fc/db's newPGlite (a data folder whose migrations created pg_trgm).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(path.join(path.resolve(process.env.PGLITE_DIR ?? './data'), 'pgdata'), {
    extensions: { pg_trgm },
  });
  await db.waitReady;
  return { query: async (text, values) => (await db.query(text, values)).rows, close: () => db.close() };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const db = await connect();
  const app = Fastify({ logger: false });
  app.get('/readyz', async () => 'ok');
  app.get('/donations', async (req) => {
    const page = Math.max(1, Number(req.query.page) || 1);
    return { data: await db.query(FLOOR_SQL, [(page - 1) * 25]) };
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
  const stop = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
