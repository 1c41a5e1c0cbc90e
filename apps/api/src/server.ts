/** Listen and close gracefully: readiness turns 503, in-flight requests drain, then the database closes. */

import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { ensureFirstAdmin } from './lib/bootstrap.js';
import { wantsPrettyLogs } from './plugins/logging.js';

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

await app.listen({ host: env.HOST, port: env.PORT });
const startupMs = Math.round(performance.now() - started);
const pretty = wantsPrettyLogs(env);
// The generated password is printed once, on the terminal (never through the logger).
const credentials = admin?.generatedPassword
  ? [
      `  First start: a Super Admin was created. Sign in with`,
      `    email:     ${admin.email}`,
      `    password:  ${admin.generatedPassword}`,
      `  and change the password in Account Settings. It is shown only this once.`,
    ]
  : [];
if (pretty) {
  const mail = app.mail.kind === 'outbox' ? 'e-mail goes to the outbox (Settings → Outbox)' : 'e-mail by SMTP';
  const lines = [
    '',
    `  FUNDRAISER CONSOLE is running: open ${env.PUBLIC_URL}`,
    ...(credentials.length ? ['', ...credentials] : []),
    '',
    `  ${app.database.kind === 'pglite' ? 'Embedded database' : 'PostgreSQL'}, ${mail}; started in ${startupMs} ms. Ctrl+C stops it.`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} else {
  if (credentials.length) process.stdout.write(`\n${credentials.join('\n')}\n\n`);
  app.log.info({ startupMs, url: env.PUBLIC_URL, database: app.database.kind, mail: app.mail.kind }, 'ready');
}

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
