/**
 * Privacy Policy, "How long we keep information" (modules/registrations/registrations.retention.ts):
 * 30 days (DELETED_ACCOUNT_RETENTION_DAYS) after a registrant's account was deleted, the answers
 * of their team registrations (names and emails of the registrant, team admin, coach, treasurer)
 * and the search text are deleted; an undecided one becomes `withdrawn`; an approved one keeps its
 * decision and what it created. A registrant deleted 29 days ago and a live one keep everything;
 * twice is once; the staff list shows the record without personal details.
 */
import { teamRegistrations, users } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { days } from '../src/lib/time.js';
import { forgetDeletedRegistrants } from '../src/modules/registrations/registrations.retention.js';
import { createTestApp, type TestApp } from './helpers.js';
import { insertRegistration } from './registrations-support.js';

let t: TestApp;
const NOW = new Date();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deleteAccount = async (userId: number, daysAgo: number) =>
  t.db
    .update(users)
    .set({ deletedAt: new Date(NOW.getTime() - days(daysAgo)) })
    .where(eq(users.id, userId));
const row = async (id: number) => (await t.db.select().from(teamRegistrations).where(eq(teamRegistrations.id, id)))[0]!;

describe('team registrations of deleted accounts', () => {
  it('lose their answers 30 days after the deletion; undecided ones are withdrawn; others keep theirs', async () => {
    const pending = await insertRegistration(t, { decision: 'pending' });
    const unsubmitted = await insertRegistration(t, { submitted: false });
    const rejected = await insertRegistration(t, { decision: 'rejected' });
    const young = await insertRegistration(t, { decision: 'pending' });
    const live = await insertRegistration(t, { decision: 'pending' });
    for (const r of [pending, unsubmitted, rejected]) await deleteAccount(r.registrant.id, 31);
    await deleteAccount(young.registrant.id, 29);

    expect(await forgetDeletedRegistrants(t.app, NOW)).toBe(3);

    for (const r of [pending, unsubmitted, rejected]) {
      const after = await row(r.id);
      expect(after.answers).toEqual({});
      expect(after.search).toBe('');
      // Nothing of the person is left in the record's text.
      expect(JSON.stringify(after)).not.toContain(r.answersGiven.contacts.admin.email);
      expect(JSON.stringify(after)).not.toContain(r.registrant.email);
    }
    expect((await row(pending.id)).decision).toBe('withdrawn');
    expect((await row(unsubmitted.id)).decision).toBe('withdrawn');
    expect((await row(rejected.id)).decision).toBe('rejected');
    for (const r of [young, live]) {
      const after = await row(r.id);
      expect(after.answers).toEqual(r.answersGiven);
      expect(after.decision).toBe('pending');
    }

    // Twice is once.
    expect(await forgetDeletedRegistrants(t.app, NOW)).toBe(0);
  });
});
