/**
 * The resume reminder of a team registration (issue 15, the abandoned-cart pattern): one email,
 * REGISTRATION_REMINDER_HOURS after the registrant's last change, to a draft not submitted; its
 * link carries a NEW secret (the earlier one stops working, only the hash is stored); never twice.
 * No secret, old or new, reaches a log line.
 */
import { emails, teamRegistrations } from '@fc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/crypto.js';
import { runJobs } from '../src/plugins/jobs.js';
import { createTestApp, logCapture, type TestApp } from './helpers.js';
import { account, answers, registrant, submittedRegistration } from './registrations-support.js';

const { lines, stream: capture } = logCapture();
const HOURS = 6;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      REGISTRATION_REMINDER_HOURS: String(HOURS),
      PUBLIC_URL: 'https://fc.example',
    },
    { logStream: capture },
  );
});
afterAll(async () => t.close());

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000);
const reminders = async (to: string) => {
  await t.app.background.idle();
  return t.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.template, 'registration-reminder')));
};

describe('the resume reminder', () => {
  it('is sent once, after the delay, with a new secret that replaces the old one; never logged', async () => {
    const r = registrant(t);
    const acct = account();
    const started = await r.start({ account: acct, language: 'es' });
    const { token: first, registration } = started.json().data;
    expect((await r.step(first, 2, answers().organization)).statusCode).toBe(200);
    const submitted = await submittedRegistration(t);

    // Not yet due.
    expect((await runJobs(t.app, hoursFromNow(HOURS - 1))).registrationReminders).toBe(0);
    expect(await reminders(acct.email)).toEqual([]);

    // Due: one email, in Spanish, with a link to the form and a new secret.
    const done = await runJobs(t.app, hoursFromNow(HOURS + 0.1));
    expect(done.registrationReminders).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await reminders(acct.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Termina de inscribir a tu equipo');
    const link = /https:\/\/fc\.example\/onboarding\/team\?token=([\w%-]+)/.exec(mail!.text);
    expect(link).toBeTruthy();
    const fresh = decodeURIComponent(link![1]!);
    expect(fresh).not.toBe(first);
    const [row] = await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, registration.id));
    expect(row!.tokenHash).toBe(sha256(fresh));
    expect(row!.reminderSentAt).toBeTruthy();
    // The old secret stops working; the new one resumes at the step reached.
    expect((await r.draft(first)).statusCode).toBe(404);
    const resumed = await r.draft(fresh);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.step).toBe(2);

    // Never twice, even days later and after more changes; a submitted draft is never reminded.
    expect((await r.step(fresh, 3, answers().team)).statusCode).toBe(200);
    await runJobs(t.app, hoursFromNow(HOURS * 10));
    expect(await reminders(acct.email)).toHaveLength(1);
    expect(await reminders(submitted.email)).toEqual([]);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [first, fresh, submitted.token]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});
