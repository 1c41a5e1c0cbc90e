/**
 * `npm run seed:demo`: adds the demo organizations and accounts. With the embedded database it
 * refuses while the server holds the data folder (PGlite is one process per folder).
 */
import path from 'node:path';
import { DataDirLockedError, openDatabase } from '@fc/db';
import { loadEnv } from '../config/env.js';
import { seedDemo } from '../modules/system/demo-seed.js';

const env = loadEnv();
try {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const { created } = await seedDemo(handle.db, env.DEMO_PASSWORD);
    console.log(
      created
        ? `Demo data created (${handle.kind}). Accounts such as super@demo.test use the password DEMO_PASSWORD (default demo-pass-2026).`
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
