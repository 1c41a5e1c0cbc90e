/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * Steps 3 to 5: the team (its web address checked live), the contacts (the team admin, the
 * registrant by default; a coach and a treasurer, optional) and the first campaign's goals and
 * dates (dollars typed in the page language, sent as cents).
 */

import { formatMoney } from '@fc/contracts/money';
import {
  CONTACT_ROLES,
  type ContactDraft,
  type ContactRole,
  type ContactsDraft,
  type FundraisingDraft,
  type TeamDraft,
} from '@fc/contracts/registration-checks';
import { REGISTRATION_LIMITS as L, SPORTS } from '@fc/contracts/registration-rules';
import type { T } from '../../lib/t';
import { Field } from '../family/Field';
import { AddressField, type AddressState } from './AddressField';
import { choiceOptions } from './choices';
import { answerBinder, type Errors } from './forms';

export function TeamStep({
  t,
  value,
  errors,
  onChange,
  onAddress,
  token,
  base,
  knownSlug,
}: {
  t: T;
  value: TeamDraft;
  errors: Errors;
  onChange: (d: TeamDraft) => void;
  onAddress: (s: AddressState) => void;
  token: string | null;
  base: string;
  /** An existing team's own address (a new season): not checked. */
  knownSlug: string | null;
}) {
  const { set, bind } = answerBinder(value, errors, onChange);
  return (
    <>
      <Field id="reg-team-name" {...bind('name')} label={t('team.name')} autoComplete="off" required />
      <Field
        id="reg-team-sport"
        {...bind('sport')}
        label={t('team.sport')}
        required
        options={choiceOptions(t('team.chooseSport'), SPORTS, (s) => t(`team.sports.${s}`))}
      />
      <div class="field-pair">
        <Field
          id="reg-team-age-group"
          {...bind('ageGroup')}
          label={t('team.ageGroup')}
          hint={t('team.ageGroupHint')}
          autoComplete="off"
          required
        />
        <Field
          id="reg-team-season"
          {...bind('season')}
          label={t('team.season')}
          hint={t('team.seasonHint')}
          autoComplete="off"
          required
        />
      </div>
      <Field
        id="reg-team-roster"
        {...bind('rosterSize')}
        label={t('team.rosterSize')}
        hint={t('team.rosterHint', { min: L.rosterMin, max: L.rosterMax })}
        inputMode="numeric"
        autoComplete="off"
        required
      />
      <AddressField
        id="reg-team-slug"
        label={t('team.slug')}
        value={value.slug}
        error={errors.slug}
        onValue={set('slug')}
        onState={onAddress}
        token={token}
        base={base}
        skip={knownSlug !== null && value.slug === knownSlug}
        t={t}
      />
    </>
  );
}

export function ContactsStep({
  t,
  value,
  errors,
  onChange,
}: {
  t: T;
  value: ContactsDraft;
  errors: Errors;
  onChange: (d: ContactsDraft) => void;
}) {
  const set = (role: ContactRole, field: keyof ContactDraft) => (v: string) =>
    onChange({ ...value, [role]: { ...value[role], [field]: v } });
  const field = (role: ContactRole, name: keyof ContactDraft, extra: { type?: 'email' | 'tel'; auto: string }) => (
    <Field
      id={`reg-${role}-${name}`}
      name={`${role}.${name}`}
      label={t(`contacts.${name}`)}
      value={value[role][name]}
      error={errors[`${role}.${name}`]}
      onValue={set(role, name)}
      type={extra.type}
      autoComplete={role === 'admin' ? extra.auto : 'off'}
      required={role === 'admin' && name !== 'phone'}
    />
  );
  return (
    <>
      <p class="muted">{t('contacts.intro')}</p>
      {CONTACT_ROLES.map((role) => (
        <fieldset class="form-section" key={role} data-testid={`reg-contact-${role}`}>
          <legend>{t(`contacts.${role}`)}</legend>
          <div class="field-pair">
            {field(role, 'firstName', { auto: 'given-name' })}
            {field(role, 'lastName', { auto: 'family-name' })}
          </div>
          <div class="field-pair">
            {field(role, 'email', { type: 'email', auto: 'email' })}
            {field(role, 'phone', { type: 'tel', auto: 'tel' })}
          </div>
        </fieldset>
      ))}
    </>
  );
}

export function FundraisingStep({
  t,
  lang,
  value,
  errors,
  onChange,
}: {
  t: T;
  lang: string;
  value: FundraisingDraft;
  errors: Errors;
  onChange: (d: FundraisingDraft) => void;
}) {
  const { bind } = answerBinder(value, errors, onChange);
  const money = (cents: number) => formatMoney(cents, lang, { whole: true });
  return (
    <>
      <div class="field-pair">
        <Field
          id="reg-goal"
          {...bind('goal')}
          label={t('fundraising.goal')}
          hint={t('fundraising.goalHint', { min: money(L.goalMinCents), max: money(L.goalMaxCents) })}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <Field
          id="reg-player-goal"
          {...bind('playerGoal')}
          label={t('fundraising.playerGoal')}
          hint={t('fundraising.goalHint', { min: money(L.playerGoalMinCents), max: money(L.playerGoalMaxCents) })}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      </div>
      <div class="field-pair">
        <Field id="reg-start-date" {...bind('startDate')} label={t('fundraising.startDate')} type="date" required />
        <Field
          id="reg-end-date"
          {...bind('endDate')}
          label={t('fundraising.endDate')}
          hint={t('fundraising.datesHint')}
          type="date"
          required
        />
      </div>
      <Field
        id="reg-purpose"
        {...bind('purpose')}
        label={t('fundraising.purpose')}
        hint={t('fundraising.purposeHint')}
        multiline
        required
      />
    </>
  );
}
