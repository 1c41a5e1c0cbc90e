/** The registration form's values and their rules (which fields count depends on the session). */
import {
  emailSchema,
  isoDateSchema,
  PASSWORD_MIN,
  passwordSchema,
  personNameSchema,
  type RegisterPlayerBody,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';

export const NEW_PLAYER = 'new';

export interface RegisterValues {
  divisionId: string;
  /** `new`, or the id of one of the signed-in parent's players. */
  player: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  parentFirstName: string;
  parentLastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export const emptyValues = (player = NEW_PLAYER): RegisterValues => ({
  divisionId: '',
  player,
  firstName: '',
  lastName: '',
  birthDate: '',
  parentFirstName: '',
  parentLastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
});

export function registerSchema(t: TFunction, signedIn: boolean) {
  return z
    .object({
      divisionId: z.string(),
      player: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      birthDate: z.string(),
      parentFirstName: z.string(),
      parentLastName: z.string(),
      email: z.string(),
      phone: z.string().max(30, t('validation.maxLength', { max: 30 })),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine((v, ctx) => {
      const fail = (path: keyof RegisterValues, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      const name = (path: keyof RegisterValues) => {
        if (!personNameSchema.safeParse(v[path]).success)
          fail(path, v[path].trim() ? t('validation.maxLength', { max: 80 }) : t('validation.required'));
      };
      if (!v.divisionId) fail('divisionId', t('validation.required'));
      if (!signedIn || v.player === NEW_PLAYER) {
        name('firstName');
        name('lastName');
        if (v.birthDate && !isoDateSchema.safeParse(v.birthDate).success) fail('birthDate', t('validation.invalid'));
      }
      if (signedIn) return;
      name('parentFirstName');
      name('parentLastName');
      if (!emailSchema.safeParse(v.email).success)
        fail('email', v.email.trim() ? t('validation.email') : t('validation.required'));
      if (!passwordSchema.safeParse(v.password).success)
        fail('password', t('validation.minLength', { min: PASSWORD_MIN }));
      if (v.password !== v.confirmPassword) fail('confirmPassword', t('validation.passwordMismatch'));
    });
}

/** The request body for the form's values: only what the chosen case needs. */
export function toBody(v: RegisterValues, signedIn: boolean): RegisterPlayerBody {
  const existing = signedIn && v.player !== NEW_PLAYER;
  const player = existing
    ? { playerId: Number(v.player) }
    : {
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        ...(v.birthDate ? { birthDate: v.birthDate } : {}),
      };
  const parent = signedIn
    ? {}
    : {
        parentFirstName: v.parentFirstName.trim(),
        parentLastName: v.parentLastName.trim(),
        email: v.email.trim(),
        password: v.password,
        ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
      };
  return { divisionId: Number(v.divisionId), ...player, ...parent };
}
