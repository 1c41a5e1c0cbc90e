/**
 * `npm run seed:demo`: adds the demo organizations and accounts. With the embedded database it
 * refuses while the server holds the data folder (PGlite is one process per folder).
 */
import path from 'node:path';
import { DataDirLockedError, openDatabase } from '@fc/db';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { seedDemo, seedDemoGifts } from '../modules/system/demo-seed.js';
import { seedDemoConversions } from '../modules/system/demo-seed-conversions.js';

const env = loadEnv();
// The demo gifts go through the real checkout on the sandbox provider, whatever is configured.
const seedEnv = loadEnv({
  ...process.env,
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  JOBS_INTERVAL_SECONDS: '0',
  LOG_LEVEL: 'warn',
});
try {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const { created } = await seedDemo(handle.db, env.DEMO_PASSWORD);
    const app = await buildApp({ env: seedEnv, database: handle, logger: false, serveWeb: false });
    const gifts = await seedDemoGifts(app);
    // The demo affiliate's clicks and commissions, after the gifts they are made from (issue 16).
    await seedDemoConversions(app);
    await app.close();
    console.log(
      created
        ? `Demo data created (${handle.kind}, ${gifts} sandbox donations). Accounts such as super@demo.test use the password DEMO_PASSWORD (default demo-pass-2026).`
        : 'Demo data is already present; nothing changed.',
    );
  } finally {
    await handle.close();
  }
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(
      `The server is running on ${path.resolve(env.DATA_DIR)} (pid ${err.pid}). Stop it (Ctrl+C), run "npm run seed:demo", then "npm start" again.`,
    );
    process.exit(2);
  }
  throw err;
}
