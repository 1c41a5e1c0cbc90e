import { describe, expect, it } from 'vitest';
import { isoDateSchema } from './campaigns.js';
import {
  accountProblems,
  emptyRegisterDraft,
  isIsoDate,
  NEW_PLAYER,
  type RegisterDraft,
  registerBody,
  registerProblems,
} from './family-rules.js';
import { acceptInviteBodySchema, registerPlayerBodySchema } from './onboarding.js';

const good: RegisterDraft = {
  ...emptyRegisterDraft(),
  divisionId: '11',
  firstName: ' Robin ',
  lastName: 'Register',
  birthDate: '2014-02-28',
  parentFirstName: 'Riley',
  parentLastName: 'Register',
  email: ' riley@example.test ',
  phone: '',
  password: 'family-pass-2026',
  confirmPassword: 'family-pass-2026',
};

describe('family rules without zod', () => {
  it('accept the dates isoDateSchema accepts', () => {
    for (const d of ['2014-02-28', '2016-02-29', '2015-02-29', '2014-13-01', '14-02-28', '2014-2-28', ''])
      expect(isIsoDate(d), d).toBe(isoDateSchema.safeParse(d).success);
  });

  it('a registration they accept is one the server accepts, for each case', () => {
    for (const [draft, signedIn] of [
      [good, false],
      [{ ...good, phone: ' 555 0100 ', birthDate: '' }, false],
      [{ ...good, player: NEW_PLAYER }, true],
      [{ ...good, player: '8', firstName: '', lastName: '' }, true],
    ] as const) {
      expect(registerProblems(draft, signedIn)).toEqual({});
      expect(registerPlayerBodySchema.safeParse(registerBody(draft, signedIn)).success).toBe(true);
    }
    expect(registerBody({ ...good, player: '8' }, true)).toEqual({ divisionId: 11, playerId: 8 });
  });

  it('find what the server would refuse, by field', () => {
    const bad: RegisterDraft = {
      ...good,
      divisionId: '',
      firstName: ' ',
      lastName: 'x'.repeat(81),
      birthDate: '2015-02-29',
      email: 'riley@',
      phone: '1'.repeat(31),
      password: 'short',
      confirmPassword: 'other',
    };
    expect(registerProblems(bad, false)).toEqual({
      divisionId: 'required',
      firstName: 'required',
      lastName: 'tooLong',
      birthDate: 'invalid',
      email: 'email',
      phone: 'tooLong',
      password: 'password',
      confirmPassword: 'mismatch',
    });
    // Signed in, re-registering an own player: only the division counts.
    expect(registerProblems({ ...bad, player: '8', phone: '' }, true)).toEqual({ divisionId: 'required' });
  });

  it('an account they accept is one acceptInviteBodySchema accepts', () => {
    const ok = {
      firstName: 'Morgan',
      lastName: 'Baker',
      password: 'family-pass-2026',
      confirmPassword: 'family-pass-2026',
    };
    expect(accountProblems(ok)).toEqual({});
    const { confirmPassword: _c, ...body } = ok;
    expect(acceptInviteBodySchema.safeParse({ token: 'x'.repeat(16), ...body }).success).toBe(true);
    expect(accountProblems({ ...ok, lastName: '', password: 'x'.repeat(129), confirmPassword: 'y' })).toEqual({
      lastName: 'required',
      password: 'password',
      confirmPassword: 'mismatch',
    });
  });
});
