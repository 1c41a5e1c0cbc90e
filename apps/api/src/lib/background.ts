/**
 * Work that runs after the answer is sent (issue 12 item 3): the emails of registration,
 * forgot-password and login-link requests. The request does the same thing whether the account
 * exists or not (count the throttle, hand the work over, answer), so neither the answer nor its
 * timing tells an attacker which addresses have accounts. Tasks start on the next turn of the
 * event loop, never inside the request; a failed task is logged, and closing the app waits for
 * the tasks under way (graceful shutdown, tests).
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Background {
  /** Runs `task` after the current request has answered. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves when no task is under way (tests; shutdown). */
  idle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
