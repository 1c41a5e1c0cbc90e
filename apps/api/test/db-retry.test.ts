/**
 * Issue 19 "Under faults": the opt-in retries of packages/db retry.ts. A transaction run through
 * `transactionRetried` whose connection is killed BEFORE its COMMIT was sent is run once more and
 * its rows exist once; one killed while its COMMIT is in flight is not run again (its outcome is
 * the server's); a plain `db.transaction` is never run again. The kill is made by an independent
 * connection, on the one backend that waits on a lock the test holds, so it always lands on a
 * statement in flight: the gate table's lock is taken by a statement of the callback (before the
 * commit) or by a deferred constraint trigger (at the commit). The outcome is read from the rows.
 * On PGlite (nothing to kill) the helpers run the work once.
 */
import { idempotentRetried, isConnectionLost, makeResilient, type RetryOptions, transactionRetried } from '@fc/db';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from './db-config.js';
import { createTestApp, type TestApp } from './helpers.js';
import { count } from './payments-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`create table fault_gate (id int)`);
  await t.db.execute(sql`create table fault_probe (tag text primary key, n int not null default 1)`);
  // At COMMIT, a row tagged `commit:` reads the gate: it waits there while the test holds the lock.
  await t.db.execute(sql`create function fault_probe_wait() returns trigger language plpgsql as
    $$ begin perform 1 from fault_gate; return null; end $$`);
  await t.db.execute(sql`create constraint trigger fault_probe_at_commit after insert on fault_probe
    deferrable initially deferred for each row when (new.tag like 'commit:%') execute function fault_probe_wait()`);
});
afterAll(() => t.close());

const rowsOf = (tag: string) => count(t.db, sql`select count(*)::int as n from fault_probe where tag = ${tag}`);

/** Until `predicate` holds (polled every 20 ms, 5 s at most). */
async function until(what: string, predicate: () => Promise<boolean>) {
  const end = Date.now() + 5000;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Runs `work` while the gate is locked by another session; the app's backend that waits on it is
 * killed, then the lock is released. Returns what `work` settled with and how many were killed.
 */
async function killWaiting<T>(work: () => Promise<T>) {
  const admin = new pg.Client({ connectionString: t.databaseUrl! });
  await admin.connect();
  try {
    await admin.query('begin');
    await admin.query('lock table fault_gate in access exclusive mode');
    const settled = work().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    // Inside its transaction a session sees one snapshot of pg_stat_activity: cleared each time,
    // or a backend that connected after the first look would never be seen.
    const waiting = async () => {
      await admin.query('select pg_stat_clear_snapshot()');
      const r = await admin.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and wait_event_type = 'Lock'`,
      );
      return r.rows.map((row) => row.pid as number);
    };
    await until('a statement waiting on the gate', async () => (await waiting()).length > 0);
    const pids = await waiting();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);
    await admin.query('rollback');
    return { ...(await settled), killed: pids.length };
  } finally {
    await admin.end();
  }
}

/** `transactionRetried` inserting one probe row tagged `tag`, counting its runs in `runs.n`. */
const probeRetried = (tag: string, runs: { n: number }, opts?: RetryOptions<string>) =>
  transactionRetried(
    t.db,
    async (tx) => {
      runs.n += 1;
      await tx.execute(sql`insert into fault_probe (tag) values (${tag})`);
      return 'ran';
    },
    opts,
  );

/** One backend killed, the work failed as lost, ran once, and left no row tagged `tag`. */
async function expectFailedOnce(r: Awaited<ReturnType<typeof killWaiting>>, runs: number, tag: string) {
  expect(r.killed).toBe(1);
  expect(r.ok).toBe(false);
  expect(isConnectionLost(!r.ok && r.error)).toBe(true);
  expect(runs).toBe(1);
  expect(await rowsOf(tag)).toBe(0);
}

describe('the opt-in retry of a write whose connection was lost', () => {
  if (testDbKind() === 'postgres') {
    it('a transaction killed before its COMMIT was sent is run again, and its rows exist once', async () => {
      let runs = 0;
      const r = await killWaiting(() =>
        transactionRetried(t.db, async (tx) => {
          runs += 1;
          await tx.execute(sql`insert into fault_probe (tag) values ('before:1')`);
          await tx.execute(sql`select 1 from fault_gate`);
          return runs;
        }),
      );
      expect(r.killed).toBe(1);
      expect(r.ok, String(!r.ok && ((r.error as Error).cause ?? r.error))).toBe(true);
      expect(runs).toBe(2);
      expect(await rowsOf('before:1')).toBe(1);
    });

    it('a transaction killed while its COMMIT is in flight is not run again (its outcome is unknown)', async () => {
      const runs = { n: 0 };
      const r = await killWaiting(() => probeRetried('commit:1', runs));
      // The server did not finish the commit, so it rolled back; nothing was written twice anyway.
      await expectFailedOnce(r, runs.n, 'commit:1');
    });

    it('killed with its COMMIT in flight, a check by its own key decides: not found, it runs again', async () => {
      const runs = { n: 0 };
      let checks = 0;
      const r = await killWaiting(() =>
        probeRetried('commit:2', runs, {
          ifCommitUnknown: async () => {
            checks += 1;
            return (await rowsOf('commit:2')) > 0 ? 'found' : undefined;
          },
        }),
      );
      expect(r.killed).toBe(1);
      expect(r.ok && r.value, String(!r.ok && r.error)).toBe('ran');
      expect([runs.n, checks]).toEqual([2, 1]);
      expect(await rowsOf('commit:2')).toBe(1);
    });

    it('killed with its COMMIT in flight, a check that finds its work returns it without a second run', async () => {
      const runs = { n: 0 };
      // As if the commit had gone through before the connection was lost.
      const r = await killWaiting(() => probeRetried('commit:3', runs, { ifCommitUnknown: async () => 'found' }));
      expect(r.ok && r.value, String(!r.ok && r.error)).toBe('found');
      expect(runs.n).toBe(1);
    });

    it("killed with its COMMIT in flight, a transaction marked 'rerun' runs again", async () => {
      let runs = 0;
      const r = await killWaiting(() =>
        transactionRetried(
          t.db,
          async (tx) => {
            runs += 1;
            await tx.execute(sql`insert into fault_probe (tag) values ('commit:4') on conflict (tag) do nothing`);
          },
          { ifCommitUnknown: 'rerun' },
        ),
      );
      expect(r.ok, String(!r.ok && r.error)).toBe(true);
      expect(runs).toBe(2);
      expect(await rowsOf('commit:4')).toBe(1);
    });

    it('a plain db.transaction killed before its COMMIT is never run again', async () => {
      let runs = 0;
      const r = await killWaiting(() =>
        t.db.transaction(async (tx) => {
          runs += 1;
          await tx.execute(sql`insert into fault_probe (tag) values ('plain:1')`);
          await tx.execute(sql`select 1 from fault_gate`);
        }),
      );
      await expectFailedOnce(r, runs, 'plain:1');
    });

    it('an opted-in transaction is run at most twice: killed again, it fails', async () => {
      let runs = 0;
      const admin = new pg.Client({ connectionString: t.databaseUrl! });
      await admin.connect();
      try {
        const r = await killWaiting(() =>
          transactionRetried(t.db, async (tx) => {
            runs += 1;
            // The second run is killed too, by the test's own session, before it reaches the gate.
            if (runs === 2) await admin.query('select pg_terminate_backend($1)', [await backendPid(tx)]);
            await tx.execute(sql`insert into fault_probe (tag) values ('twice:1')`);
            await tx.execute(sql`select 1 from fault_gate`);
          }),
        );
        expect(r.ok).toBe(false);
        expect(isConnectionLost(!r.ok && r.error)).toBe(true);
        expect(runs).toBe(2);
        expect(await rowsOf('twice:1')).toBe(0);
      } finally {
        await admin.end();
      }
    });

    it('an idempotent autocommit write killed in flight is run again, applied once', async () => {
      await t.db.execute(sql`insert into fault_probe (tag) values ('upsert:1')`);
      let runs = 0;
      const r = await killWaiting(() =>
        idempotentRetried(() => {
          runs += 1;
          return t.db.execute(sql`insert into fault_probe (tag, n)
            select 'upsert:1', 5 from (select count(*) from fault_gate) gate
            on conflict (tag) do update set n = excluded.n`);
        }),
      );
      expect(r.killed).toBe(1);
      expect(r.ok, String(!r.ok && ((r.error as Error).cause ?? r.error))).toBe(true);
      expect(runs).toBe(2);
      expect(await count(t.db, sql`select n from fault_probe where tag = 'upsert:1'`)).toBe(5);
    });

    it('a retried read does not spend its retry on an idle connection that died unnoticed', async () => {
      // The server ends backends together (a restart, a kill of them all) and the pool hears of
      // each end a little apart. Made certain here: when the killed read's connection is released,
      // the other idle one's socket is closed under it, before the pool can hear of it.
      const pool = new pg.Pool({ connectionString: t.databaseUrl!, max: 2 });
      pool.on('error', () => {});
      makeResilient(pool, { reconnectWaitMs: 2000 });
      const db = drizzle(pool);
      type Idle = { client: { connection: { stream: { destroy(): void } } } };
      pool.on('release', (err) => {
        if (err) for (const i of (pool as unknown as { _idle: Idle[] })._idle) i.client.connection.stream.destroy();
      });
      try {
        await Promise.all([1, 2].map(() => db.execute(sql`select pg_sleep(0.02)`)));
        const r = await killWaiting(() => db.execute(sql`select count(*)::int as n from fault_gate`));
        expect(r.killed).toBe(1);
        expect(r.ok && r.value.rows[0], String(!r.ok && r.error)).toEqual({ n: 0 });
      } finally {
        await pool.end();
      }
    });

    it('a transaction whose `begin` fails on a connection that died while idle gives its pool slot back', async () => {
      // A pool of one: were the dead client kept as checked out (drizzle sends `begin` before its
      // try/finally, so it never releases it), the next query would wait for that slot forever.
      const pool = new pg.Pool({ connectionString: t.databaseUrl!, max: 1 });
      pool.on('error', () => {});
      makeResilient(pool, { reconnectWaitMs: 1000 });
      const db = drizzle(pool);
      try {
        await db.execute(sql`select 1`);
        // Its socket closed before the pool heard of it (pg-pool's own idle list, private).
        (
          pool as unknown as { _idle: { client: { connection: { stream: { destroy(): void } } } }[] }
        )._idle[0]!.client.connection.stream.destroy();
        const r = await db
          .transaction(async (tx) => tx.execute(sql`select 1`))
          .then(
            () => null,
            (err: unknown) => err,
          );
        expect(isConnectionLost(r)).toBe(true);
        let timer: NodeJS.Timeout | undefined;
        const next = await Promise.race([
          db.execute(sql`select 2 as n`).then((res) => res.rows[0]),
          new Promise((resolve) => {
            timer = setTimeout(() => resolve('stuck'), 3000);
          }),
        ]);
        clearTimeout(timer);
        expect(next).toEqual({ n: 2 });
      } finally {
        await pool.end();
      }
    });
  } else {
    it('on PGlite the transaction runs once, and a failing one is not run again', async () => {
      let runs = 0;
      await transactionRetried(t.db, async (tx) => {
        runs += 1;
        await tx.execute(sql`insert into fault_probe (tag) values ('pglite:1')`);
      });
      expect(runs).toBe(1);
      expect(await rowsOf('pglite:1')).toBe(1);
      const killed = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      await expect(
        transactionRetried(t.db, async () => {
          runs += 1;
          throw killed;
        }),
      ).rejects.toBe(killed);
      expect(runs).toBe(2);
      await expect(
        idempotentRetried(async () => {
          runs += 1;
          throw killed;
        }),
      ).rejects.toBe(killed);
      expect(runs).toBe(3);
    });
  }
});

async function backendPid(tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) {
  const res = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
  return res.rows[0]!.pid;
}
