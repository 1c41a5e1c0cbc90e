// `node scripts/bench-export.mjs` (issue 12): the server's memory while it exports the largest
// organization's donations. Starts the API on the scale data set (`npm run seed:scale`; PostgreSQL
// with DATABASE_URL, else the embedded database in DATA_DIR), signs in as orgadmin@scale.test,
// downloads GET /admin/donation/export (a streamed CSV, or the JSON answer of the code before
// issue 12) and samples the server process's resident memory every 20 ms meanwhile; VmHWM (the
// kernel's high-water mark) is read at the end, so a peak between two samples is not missed.
// Options: --from=YYYY-MM-DD --to=YYYY-MM-DD (the export's date range; all dates by default)
//          --port=3202  --json (print the result as JSON)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startProcess, stopProcess } from './bench-scale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return fallback;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : true;
};
const EMAIL = process.env.BENCH_EXPORT_EMAIL || 'orgadmin@scale.test';
const PASSWORD = process.env.SCALE_PASSWORD || 'scale-pass-2026';

/** VmRSS and VmHWM of a process, in MiB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

export async function benchExport({ port, from, to, env = {} } = {}) {
  const p = port ? Number(port) : await freePort();
  const server = await startProcess(
    ['--import', 'tsx', 'apps/api/src/server.ts'],
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(p), ...env },
    p,
    'server',
    path.join(root, '.tmp', 'bench-export-server.log'),
  );
  const pid = server.child.pid;
  const base = `http://127.0.0.1:${p}/api/v1`;
  try {
    const login = await fetch(`${base}/jwt/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login ${EMAIL}: ${login.status} ${await login.text()}`);
    const token = (await login.json()).accessToken;
    const headers = { authorization: `Bearer ${token}` };
    // Warm the code paths once (a first page of the list), so the baseline is a served server's.
    await (await fetch(`${base}/admin/donation/list?limit=25&page=1`, { headers })).text();
    const before = memoryOf(pid);
    let peak = before.rss;
    const timer = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(pid).rss);
      } catch {}
    }, 20);
    const query = new URLSearchParams();
    if (from) query.set('from', from);
    if (to) query.set('to', to);
    const started = performance.now();
    const res = await fetch(`${base}/admin/donation/export?${query}`, { headers });
    let rows = 0;
    let bytes = 0;
    let firstByteMs = null;
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
    if (type.startsWith('text/csv')) {
      // Records end at a line break outside quotes (a message may hold line breaks of its own).
      let quoted = false;
      let records = 0;
      for await (const chunk of res.body) {
        firstByteMs ??= performance.now() - started;
        bytes += chunk.length;
        for (const b of chunk) {
          if (b === 34) quoted = !quoted;
          else if (b === 10 && !quoted) records++;
        }
      }
      rows = records - 1; // the header
    } else {
      const text = await res.text();
      firstByteMs = performance.now() - started;
      bytes = text.length;
      rows = JSON.parse(text).data.rows;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    const after = memoryOf(pid);
    return {
      format: type.split(';')[0],
      range: { from: from ?? null, to: to ?? null },
      rows,
      megabytes: +(bytes / 1024 / 1024).toFixed(1),
      seconds: +seconds.toFixed(2),
      firstByteMs: firstByteMs === null ? null : Math.round(firstByteMs),
      rssBeforeMiB: Math.round(before.rss),
      rssPeakMiB: Math.round(Math.max(peak, after.rss)),
      rssHighWaterMiB: Math.round(after.hwm),
    };
  } finally {
    await stopProcess(server.child);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchExport({ port: arg('port', undefined), from: arg('from', undefined), to: arg('to', undefined) });
  if (arg('json', false)) console.log(JSON.stringify(r));
  else
    console.log(
      `export (${r.format}) ${r.rows.toLocaleString('en-US')} rows, ${r.megabytes} MiB in ${r.seconds} s (first byte ${r.firstByteMs} ms); ` +
        `server RSS ${r.rssBeforeMiB} MiB before, peak ${r.rssPeakMiB} MiB (high-water ${r.rssHighWaterMiB} MiB)`,
    );
}
