// The one test command (README, .ci/run): lint with zero warnings, typecheck, unit, web and site tests,
// API integration on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL, the build and
// its JS size budgets, then e2e in Chromium. Prints the count per suite and a closing
// "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const results = [];

function run(name, cmd, args, env = {}, jsonFile) {
  if (only.length && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  record(name, r.status, started, jsonFile);
}

/**
 * `cmd` started in the background (its output kept and printed when it ends): for a quiet,
 * single-threaded step (the typecheck) beside one that leaves a core idle (vitest's default on
 * 2 cores is one worker). `await` the returned promise where its result is needed.
 */
function runBeside(name, cmd, args) {
  if (only.length && !only.includes(name)) return Promise.resolve();
  const started = Date.now();
  console.log(`\n=== ${name} (in the background): ${cmd} ${args.join(' ')}`);
  const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    out += c;
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      console.log(`\n=== ${name}: done (exit ${status})${out ? `\n${out}` : ''}`);
      record(name, status, started);
      resolve();
    });
  });
}

/** One line of the summary: a step's exit status, or its vitest report's counts. */
function record(name, status, started, jsonFile) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let passed = status === 0 ? 1 : 0;
  let failed = status === 0 ? 0 : 1;
  if (jsonFile) {
    try {
      const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
      passed = report.numPassedTests;
      failed = report.numFailedTests + (status === 0 ? 0 : report.numFailedTests === 0 ? 1 : 0);
    } catch {
      failed = Math.max(failed, 1);
    }
  }
  results.push({ name, passed, failed, seconds, status });
}

const vitest = (name, projects, env = {}) => {
  const out = path.join(tmp, `vitest-${name}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  run(name, 'npx', args, env, out);
};

run('lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
const typecheck = runBeside('typecheck', 'npm', ['run', '--silent', 'typecheck']);
vitest('unit', ['unit', 'web', 'site']);
await typecheck;
vitest('api-pglite', ['api'], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) vitest('api-postgres', ['api'], { TEST_DB: 'postgres' });
else console.log('\n(api-postgres skipped: set TEST_DATABASE_URL to run the API suites on PostgreSQL too)');
run('build', 'npm', ['run', '--silent', 'build']);
// Initial JS per entry (gzip) against issue 6's budgets, from the build just made.
run('size', 'node', ['scripts/check-size.mjs']);
vitest('e2e', ['e2e']);

console.log('\n=== summary');
for (const r of results)
  console.log(
    `${r.name.padEnd(14)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
  );
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.some((r) => r.status !== 0) ? 1 : 0);
