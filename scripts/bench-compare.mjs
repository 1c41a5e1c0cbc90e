// `npm run bench:compare -- <old.json> <new.json>`: two `npm run bench` results side by side,
// endpoint by endpoint: throughput (and its change), p99, the ratio to the floor of the same run
// (the figure that survives a change of machine or load), errors, and the targets met in each.
import { readFileSync } from 'node:fs';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: npm run bench:compare -- <old.json> <new.json>   (files in bench/results/)');
  process.exit(2);
}
const load = (f) => JSON.parse(readFileSync(f, 'utf8'));
const old = load(a);
const now = load(b);
const pct = (x, y) => (x && y ? `${y >= x ? '+' : ''}${(((y - x) / x) * 100).toFixed(0)}%` : '');
const fmt = (n) => (n == null ? '-' : Number(n).toLocaleString('en-US'));

console.log(`old: ${a} (${old.git?.sha}, ${old.startedAt})\nnew: ${b} (${now.git?.sha}, ${now.startedAt})`);
if (old.fresh && now.fresh) {
  const rows = [
    ['first-page JS KB gzip', old.fresh.firstPageJs?.gzipKb, now.fresh.firstPageJs?.gzipKb],
    ['cold start ms', old.fresh.coldStartMs, now.fresh.coldStartMs],
    ['warm start ms', old.fresh.warmStartMs, now.fresh.warmStartMs],
    [
      'checkout whole p99 ms',
      old.fresh.checkoutSandbox?.wholePaymentMs?.p99,
      now.fresh.checkoutSandbox?.wholePaymentMs?.p99,
    ],
  ];
  console.log('\nfresh');
  for (const [k, x, y] of rows)
    console.log(`  ${k.padEnd(28)} ${fmt(x).padStart(9)} → ${fmt(y).padStart(9)} ${pct(x, y)}`);
}
for (const db of new Set([...Object.keys(old.scale ?? {}), ...Object.keys(now.scale ?? {})])) {
  const x = old.scale?.[db];
  const y = now.scale?.[db];
  if (!x?.endpoints || !y?.endpoints) {
    console.log(`\n${db}: not in both`);
    continue;
  }
  console.log(`\n${db}`);
  console.log(
    `  ${'endpoint'.padEnd(26)} ${'req/s old → new'.padStart(24)} ${'×floor old → new'.padStart(18)} ${'p99 ms old → new'.padStart(18)}  errors`,
  );
  const rows = [
    ['floor', x.floor, y.floor],
    ...y.endpoints.map((e) => [e.key, x.endpoints.find((o) => o.key === e.key), e]),
  ];
  for (const [key, p, q] of rows) {
    if (!p || !q) {
      console.log(`  ${key.padEnd(26)} (only in ${p ? 'old' : 'new'})`);
      continue;
    }
    const r = (v) => (v.ratio ?? 1).toFixed(2);
    console.log(
      `  ${key.padEnd(26)} ${`${fmt(p.reqPerSec)} → ${fmt(q.reqPerSec)}`.padStart(17)} ${pct(p.reqPerSec, q.reqPerSec).padStart(6)} ${`${r(p)} → ${r(q)}`.padStart(18)} ${`${p.p99 ?? '-'} → ${q.p99 ?? '-'}`.padStart(18)}  ${p.errors} → ${q.errors}`,
    );
  }
  if (x.checkout && y.checkout)
    console.log(
      `  ${'checkout start p99'.padEnd(26)} ${`${x.checkout.startMs.p99} → ${y.checkout.startMs.p99} ms`.padStart(24)}`,
    );
}
const met = (r) => (r.targets ?? []).filter((t) => t.binding && t.met).length;
const all = (r) => (r.targets ?? []).filter((t) => t.binding).length;
console.log(`\ntargets met on PostgreSQL: ${met(old)}/${all(old)} → ${met(now)}/${all(now)}`);
for (const t of now.targets ?? []) {
  const before = (old.targets ?? []).find((o) => o.db === t.db && o.what === t.what);
  if (before && before.met !== t.met)
    console.log(`  ${t.db} ${t.what}: ${before.met ? 'met' : 'missed'} → ${t.met ? 'met' : 'missed'}`);
}
