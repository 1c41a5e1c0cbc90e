/** Listen and close gracefully: readiness turns 503, in-flight requests drain, then the database closes. */

import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { ensureFirstAdmin } from './lib/bootstrap.js';

const started = performance.now();
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const app = await buildApp({ env }).catch((err: Error) => {
  console.error(`Could not start: ${err.message}`);
  process.exit(1);
});

const admin = await ensureFirstAdmin(app.db, env);
if (admin?.generatedPassword) {
  // Printed once, on the terminal only (not through the logger): the first sign-in.
  process.stdout.write(
    `\n  First start: Super Admin created\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  Sign in and change it in Account Settings. This is shown only once.\n\n`,
  );
}

await app.listen({ host: env.HOST, port: env.PORT });
app.log.info(
  { startupMs: Math.round(performance.now() - started), database: app.database.kind, mail: app.mail.kind },
  'ready',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.lifecycle.shuttingDown = true;
  app.log.info({ signal }, 'shutting down: readiness is 503, draining');
  // Give load balancers a moment to see readiness fail before the listener closes.
  const grace = Math.min(env.SHUTDOWN_GRACE_MS, 2000);
  await new Promise((r) => setTimeout(r, process.env.NODE_ENV === 'test' ? 0 : grace));
  const timer = setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS).unref();
  await app.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
