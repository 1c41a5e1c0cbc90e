import { describe, expect, it } from 'vitest';
import { slugSchema } from './orgs.js';
import {
  type ContactsDraft,
  contactsAnswer,
  contactsProblems,
  emptyContact,
  type FundraisingDraft,
  fundraisingAnswer,
  fundraisingProblems,
  isSlug,
  type OrganizationDraft,
  organizationAnswer,
  organizationProblems,
  personProblems,
  type TeamDraft,
  teamAnswer,
  teamProblems,
} from './registration-checks.js';
import {
  contactsAnswerSchema,
  fundraisingAnswerSchema,
  organizationAnswerSchema,
  teamAnswerSchema,
} from './registrations.js';

const org: OrganizationDraft = {
  mode: 'new',
  organizationId: '',
  type: 'league',
  name: ' Lakeside League ',
  slug: 'Lakeside-League',
  city: 'Austin',
  state: 'TX',
};
const team: TeamDraft = {
  name: 'Lakeside Hawks',
  sport: 'soccer',
  ageGroup: 'U12',
  season: 'Spring 2027',
  rosterSize: '14',
  slug: 'lakeside-hawks',
};
const contacts: ContactsDraft = {
  admin: { firstName: 'Casey', lastName: 'Coach', email: ' Casey@Example.test ', phone: '' },
  coach: emptyContact(),
  treasurer: { firstName: 'Tess', lastName: 'Treasurer', email: 'tess@example.test', phone: '555 0100' },
};
const money: FundraisingDraft = {
  goal: '5,000',
  playerGoal: '350.50',
  startDate: '2027-03-01',
  endDate: '2027-05-01',
  purpose: 'Uniforms',
};

describe('team registration checks without zod', () => {
  it('accept the web addresses slugSchema accepts', () => {
    for (const s of [
      'ab',
      'abc',
      'Lakeside-Hawks',
      'a--b',
      '-ab',
      'ab-',
      'a b c',
      'x'.repeat(60),
      'x'.repeat(61),
      'ñandu',
    ])
      expect(isSlug(s), s).toBe(slugSchema.safeParse(s).success);
  });

  it('what they accept, the step schemas accept, and the answers are what the schemas read', () => {
    expect(organizationProblems(org)).toEqual({});
    expect(organizationAnswerSchema.parse(organizationAnswer(org))).toEqual(organizationAnswer(org));
    expect(organizationAnswer(org)).toMatchObject({ name: 'Lakeside League', slug: 'lakeside-league' });
    const existing = { ...org, mode: 'existing' as const, organizationId: '7' };
    expect(organizationProblems(existing)).toEqual({});
    expect(organizationAnswerSchema.parse(organizationAnswer(existing))).toEqual({
      mode: 'existing',
      organizationId: 7,
    });
    expect(teamProblems(team)).toEqual({});
    expect(teamAnswerSchema.parse(teamAnswer(team))).toEqual(teamAnswer(team));
    expect(contactsProblems(contacts)).toEqual({});
    const c = contactsAnswer(contacts);
    expect(contactsAnswerSchema.parse(c)).toEqual(c);
    expect(c.coach).toBeNull();
    expect(fundraisingProblems(money, 'en')).toEqual({});
    const f = fundraisingAnswer(money, 'en');
    expect(f).toMatchObject({ goalCents: 500_000, playerGoalCents: 35_050 });
    expect(fundraisingAnswerSchema.parse(f)).toEqual(f);
    expect(fundraisingAnswer({ ...money, goal: '5.000', playerGoal: '350,50' }, 'es')).toEqual(f);
  });

  it('what they refuse, the step schemas refuse', () => {
    const teams: Partial<TeamDraft>[] = [
      { name: ' ' },
      { sport: 'curling' },
      { rosterSize: '0' },
      { rosterSize: '201' },
      { rosterSize: '1.5' },
      { ageGroup: 'x'.repeat(21) },
      { slug: 'no spaces' },
    ];
    for (const bad of teams) {
      const d = { ...team, ...bad };
      expect(Object.keys(teamProblems(d)).length, JSON.stringify(bad)).toBeGreaterThan(0);
      const answer = { ...teamAnswer(d), rosterSize: Number(d.rosterSize) };
      expect(teamAnswerSchema.safeParse(answer).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of [{ state: 'XX' }, { type: 'team' }, { city: '' }]) {
      const d = { ...org, ...bad };
      expect(Object.keys(organizationProblems(d)), JSON.stringify(bad)).toEqual(Object.keys(bad));
      expect(organizationAnswerSchema.safeParse(organizationAnswer(d)).success).toBe(false);
    }
    const funds: [Partial<FundraisingDraft>, string][] = [
      [{ goal: '99' }, 'goal'],
      [{ goal: '1000001' }, 'goal'],
      [{ playerGoal: '9.99' }, 'playerGoal'],
      [{ endDate: '2027-03-01' }, 'endDate'],
      [{ endDate: '2028-03-03' }, 'endDate'],
      [{ purpose: ' ' }, 'purpose'],
    ];
    for (const [bad, field] of funds) {
      const d = { ...money, ...bad };
      expect(Object.keys(fundraisingProblems(d, 'en')), JSON.stringify(bad)).toEqual([field]);
      expect(fundraisingAnswerSchema.safeParse(fundraisingAnswer(d, 'en')).success, JSON.stringify(bad)).toBe(false);
    }
    expect(fundraisingProblems({ ...money, goal: 'lots' }, 'en')).toEqual({ goal: 'money' });
  });

  it('a coach or treasurer is optional, but once begun needs names and an e-mail; the admin always does', () => {
    expect(contactsProblems({ ...contacts, coach: { ...emptyContact(), firstName: 'Cam' } })).toEqual({
      'coach.lastName': 'required',
      'coach.email': 'required',
    });
    expect(contactsProblems({ ...contacts, admin: emptyContact() })).toEqual({
      'admin.firstName': 'required',
      'admin.lastName': 'required',
      'admin.email': 'required',
    });
  });

  it('the account: names, an e-mail, a password of 8 or more typed twice', () => {
    expect(
      personProblems({
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        password: 'longenough',
        confirmPassword: 'longenough',
      }),
    ).toEqual({});
    expect(
      personProblems({ firstName: '', lastName: 'B', email: 'nope', password: 'short', confirmPassword: 'x' }),
    ).toEqual({ firstName: 'required', email: 'email', password: 'password', confirmPassword: 'mismatch' });
  });
});
