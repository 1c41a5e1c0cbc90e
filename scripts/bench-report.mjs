// Prints `npm run bench`'s report and judges issue 6's targets. The targets bind on PostgreSQL;
// PGlite's figures are shown against them for information.
// - list endpoints: ≥ 0.5× the floor's throughput and p99 ≤ 50 ms at 50 connections;
// - dashboards (issue 13): ≥ 0.5× the floor, p99 ≤ 2× the floor's p99, 0 timeouts, one at a time p99 ≤ 30 ms;
// - the unfiltered donation list (issue 13): ≥ 0.3× the floor;
// - the server-rendered player page (issue 14): ≥ 0.5× the floor;
// - roll-up: ≤ 20 ms (p99 of requests one at a time: at 50 connections latency is mostly queueing);
// - checkout (POST /public/donations) p99 ≤ 300 ms with 20 concurrent donors;
// - issue 19's lists and summaries (endpoints with `issue19`): ≥ 0.5× the floor, p99 ≤ 2× the
//   floor's p99, 0 timeouts at 50 connections; one at a time p99 ≤ their `singleMs` (search 50 ms,
//   roll-up 20 ms, campaign summary 30 ms); checkout start p99 ≤ 300 ms and whole payment ≤ 600 ms;
// - zero errors anywhere.

const fmt = (n) => (n == null ? '-' : Number(n).toLocaleString('en-US'));

/**
 * Issue 13's dashboards and issue 19's lists: ≥ 0.5× the floor, p99 ≤ 2× the floor's and no
 * timeouts at 50 connections, and one request at a time p99 ≤ `single` ms when given.
 */
function underLoad(db, binding, e, floor, report, single, suffix) {
  const p99Cap = 2 * floor.p99;
  return {
    db,
    binding,
    what: `${e.key}${suffix}`,
    target: `≥ 0.5× floor req/s, p99 ≤ 2× the floor's (${p99Cap} ms), 0 timeouts at 50 connections${single ? `; one at a time p99 ≤ ${single} ms` : ''}`,
    value: `${e.ratio}× (${fmt(e.reqPerSec)} req/s), p99 ${e.incomplete ? `> ${report.options.duration} s` : `${e.p99} ms`}, ${e.timeouts ?? 0} timeouts; one at a time p99 ${e.single.p99} ms`,
    met:
      !e.incomplete &&
      e.ratio >= 0.5 &&
      e.p99 <= p99Cap &&
      (e.timeouts ?? 0) === 0 &&
      (!single || e.single.p99 <= single) &&
      e.errors === 0,
  };
}

/** @param {any} report */
export function targetsMet(report) {
  const out = [];
  for (const [db, r] of Object.entries(report.scale ?? {})) {
    if (!r || r.skipped) continue;
    const binding = db === 'postgres';
    for (const e of r.endpoints) {
      if (e.kind === 'list')
        out.push({
          db,
          binding,
          what: e.key,
          target: '≥ 0.5× floor req/s and p99 ≤ 50 ms at 50 connections',
          value: `${e.ratio}× (${fmt(e.reqPerSec)} req/s), p99 ${e.incomplete ? `> ${report.options.duration} s` : `${e.p99} ms`}`,
          met: !e.incomplete && e.ratio >= 0.5 && e.p99 <= 50 && e.errors === 0,
        });
      if (e.issue19 && r.floor) out.push(underLoad(db, binding, e, r.floor, report, e.issue19.singleMs, ' (issue 19)'));
      if (e.kind === 'dashboard' && r.floor) out.push(underLoad(db, binding, e, r.floor, report, 30, ''));
      if (e.kind === 'donationList')
        out.push({
          db,
          binding,
          what: e.key,
          target: '≥ 0.3× floor req/s at 50 connections (issue 13)',
          value: `${e.ratio}× (${fmt(e.reqPerSec)} req/s), p99 ${e.incomplete ? `> ${report.options.duration} s` : `${e.p99} ms`}`,
          met: !e.incomplete && e.ratio >= 0.3 && e.errors === 0,
        });
      if (e.kind === 'render')
        out.push({
          db,
          binding,
          what: e.key,
          target: '≥ 0.5× floor req/s at 50 connections (issue 14: the server-side render)',
          value: `${e.ratio}× (${fmt(e.reqPerSec)} req/s), p99 ${e.incomplete ? `> ${report.options.duration} s` : `${e.p99} ms`}`,
          met: !e.incomplete && e.ratio >= 0.5 && e.errors === 0,
        });
      if (e.kind === 'rollup')
        out.push({
          db,
          binding,
          what: e.key,
          target: '≤ 20 ms (p99, one request at a time)',
          value: `p99 ${e.single.p99} ms one at a time; p99 ${e.p99} ms at 50 connections`,
          met: e.single.p99 <= 20 && e.errors === 0,
        });
    }
    if (r.checkout)
      out.push({
        db,
        binding,
        what: 'checkout create',
        target: `p99 ≤ 300 ms with ${r.checkout.concurrentDonors} concurrent donors`,
        value: `p99 ${r.checkout.startMs.p99} ms (whole payment p99 ${r.checkout.wholePaymentMs.p99} ms)`,
        met: r.checkout.startMs.p99 !== null && r.checkout.startMs.p99 <= 300 && r.checkout.errors === 0,
      });
    if (r.checkout)
      out.push({
        db,
        binding,
        what: 'whole payment (issue 19)',
        target: `p99 ≤ 600 ms with ${r.checkout.concurrentDonors} concurrent donors`,
        value: `p99 ${r.checkout.wholePaymentMs.p99} ms`,
        met: r.checkout.wholePaymentMs.p99 !== null && r.checkout.wholePaymentMs.p99 <= 600 && r.checkout.errors === 0,
      });
    const all = [r.floor, ...r.endpoints].filter(Boolean);
    const errors = all.reduce((n, e) => n + e.errors, 0) + (r.checkout?.errors ?? 0);
    const timeouts = all.reduce((n, e) => n + (e.timeouts ?? 0), 0);
    const non2xx = all.reduce((n, e) => n + (e.non2xx ?? 0), 0);
    out.push({
      db,
      binding,
      what: 'errors',
      target: '0',
      value: `${errors} (${timeouts} timeouts after 10 s, ${non2xx} non-2xx answers, ${r.checkout?.errors ?? 0} failed payments)`,
      met: errors === 0,
    });
  }
  return out;
}

/** @param {any} report */
export function printReport(report) {
  const f = report.fresh;
  console.log(
    `\n=== FUNDRAISER CONSOLE bench ${report.startedAt} (${report.git.sha}${report.git.dirty ? ', uncommitted changes' : ''})`,
  );
  console.log(
    `machine: ${report.machine.cpus} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}, load average ${report.machine.loadAverage?.[0]} at start, ${report.machine.loadAverageEnd?.[0]} at the end${report.options.pgOptions ? `; PGOPTIONS ${report.options.pgOptions}` : ''}`,
  );
  if (f) {
    console.log('\nFresh embedded database');
    console.log(
      `  first-page JS ${f.firstPageJs.gzipKb} KB gzip (${f.firstPageJs.files} files); cold start ${f.coldStartMs} ms, warm ${f.warmStartMs} ms`,
    );
    console.log(
      `  login p50 ${f.loginMs.p50} ms · me p50 ${f.meMs.p50} ms · user list p50 ${f.userListMs.p50} ms · index.html p50 ${f.indexHtmlMs.p50} ms`,
    );
    const c = f.checkoutSandbox;
    console.log(
      `  checkout (${c.concurrentDonors} donors): start p99 ${c.startMs.p99} ms, whole p99 ${c.wholePaymentMs.p99} ms, ${c.paymentsPerSecond}/s, errors ${c.errors}`,
    );
    const o = f.orgHierarchy;
    console.log(
      `  tree of ${fmt(o.nodes)} nodes (${o.database}): roll-up p50 ${o.rollupDetailOrgAdminMs?.p50} ms, 10k-row import ${o.import10k?.ms} ms`,
    );
  }
  for (const [db, r] of Object.entries(report.scale)) {
    if (r.skipped) {
      console.log(`\n${db}: skipped (${r.skipped})`);
      continue;
    }
    const c = r.seed.counts ?? {};
    console.log(
      `\n${db} · ${fmt(c.donations)} donations, ${fmt(c.players)} players, ${fmt(c.organizations)} nodes, ${fmt(c.campaigns)} campaigns · seed ${r.seed.reused ? 'reused' : 'made'} (${r.seed.seconds} s) · server start ${r.startMs} ms`,
    );
    console.log(
      `  ${'endpoint'.padEnd(28)} ${'req/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'err'.padStart(5)} ${'×floor'.padStart(7)}   one at a time p50/p99`,
    );
    const line = (name, x, ratio) =>
      console.log(
        `  ${name.padEnd(28)} ${fmt(x.reqPerSec).padStart(7)} ${String(x.p50 ?? '-').padStart(6)} ${String(x.p99 ?? '-').padStart(6)} ${String(x.errors).padStart(5)} ${ratio.padStart(7)}   ${x.single.p50} / ${x.single.p99} ms${x.notLoaded ? '  (not loaded: one request alone is too slow)' : x.incomplete ? `  (only ${x.requests} of ${report.options.connections} requests finished in ${report.options.duration} s)` : ''}${x.error ? `  ! ${x.error}` : ''}`,
      );
    line('floor', r.floor, '1.000');
    for (const e of r.endpoints) line(e.key, e, e.ratio.toFixed(3));
    if (r.checkout) {
      const k = r.checkout;
      console.log(
        `  checkout, ${k.concurrentDonors} concurrent donors: start p50/p99 ${k.startMs.p50}/${k.startMs.p99} ms, confirm ${k.confirmMs.p50}/${k.confirmMs.p99} ms, whole ${k.wholePaymentMs.p50}/${k.wholePaymentMs.p99} ms, ${k.paymentsPerSecond} payments/s, errors ${k.errors}`,
      );
    }
    console.log('  plans (EXPLAIN ANALYZE, BUFFERS): planning + execution ms per query; scans');
    for (const p of r.plans) {
      for (const [i, q] of p.queries.entries()) {
        if (q.sameAs !== undefined) continue;
        const scans = q.keyLines
          .filter((l) => /Scan/.test(l))
          .map((l) =>
            l
              .trim()
              .replace(/\s+\(cost=.*$/, '')
              .replace(/^->\s*/, ''),
          );
        const flag = `${q.jitMs ? `  JIT ${q.jitMs} ms` : ''}${q.seqScansOnLargeTables.length ? `  SEQ SCAN ON ${q.seqScansOnLargeTables.join(', ')}` : ''}`;
        console.log(
          `    ${`${p.endpoint}#${i + 1}`.padEnd(28)} ${String(q.planningMs ?? '-').padStart(7)} + ${String(q.executionMs).padStart(9)} ms  ${[...new Set(scans)].join(' · ').slice(0, 200)}${flag}`,
        );
      }
    }
  }
  console.log('\nTargets (issues 6, 13, 14 and 19; binding on PostgreSQL)');
  for (const t of report.targets)
    console.log(
      `  ${t.met ? 'met   ' : 'MISSED'} ${t.db.padEnd(8)} ${t.what.padEnd(36)} ${t.value}   [target ${t.target}]`,
    );
}
