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
import type { Errors } from './forms';

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
  const set = (field: keyof TeamDraft) => (v: string) => onChange({ ...value, [field]: v });
  return (
    <>
      <Field
        id="reg-team-name"
        name="name"
        label={t('team.name')}
        value={value.name}
        error={errors.name}
        onValue={set('name')}
        autoComplete="off"
        required
      />
      <Field
        id="reg-team-sport"
        name="sport"
        label={t('team.sport')}
        value={value.sport}
        error={errors.sport}
        onValue={set('sport')}
        required
        options={choiceOptions(t('team.chooseSport'), SPORTS, (s) => t(`team.sports.${s}`))}
      />
      <div class="field-pair">
        <Field
          id="reg-team-age-group"
          name="ageGroup"
          label={t('team.ageGroup')}
          hint={t('team.ageGroupHint')}
          value={value.ageGroup}
          error={errors.ageGroup}
          onValue={set('ageGroup')}
          autoComplete="off"
          required
        />
        <Field
          id="reg-team-season"
          name="season"
          label={t('team.season')}
          hint={t('team.seasonHint')}
          value={value.season}
          error={errors.season}
          onValue={set('season')}
          autoComplete="off"
          required
        />
      </div>
      <Field
        id="reg-team-roster"
        name="rosterSize"
        label={t('team.rosterSize')}
        hint={t('team.rosterHint', { min: L.rosterMin, max: L.rosterMax })}
        value={value.rosterSize}
        error={errors.rosterSize}
        onValue={set('rosterSize')}
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
  const set = (field: keyof FundraisingDraft) => (v: string) => onChange({ ...value, [field]: v });
  const money = (cents: number) => formatMoney(cents, lang, { whole: true });
  return (
    <>
      <div class="field-pair">
        <Field
          id="reg-goal"
          name="goal"
          label={t('fundraising.goal')}
          hint={t('fundraising.goalHint', { min: money(L.goalMinCents), max: money(L.goalMaxCents) })}
          value={value.goal}
          error={errors.goal}
          onValue={set('goal')}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <Field
          id="reg-player-goal"
          name="playerGoal"
          label={t('fundraising.playerGoal')}
          hint={t('fundraising.goalHint', { min: money(L.playerGoalMinCents), max: money(L.playerGoalMaxCents) })}
          value={value.playerGoal}
          error={errors.playerGoal}
          onValue={set('playerGoal')}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      </div>
      <div class="field-pair">
        <Field
          id="reg-start-date"
          name="startDate"
          label={t('fundraising.startDate')}
          type="date"
          value={value.startDate}
          error={errors.startDate}
          onValue={set('startDate')}
          required
        />
        <Field
          id="reg-end-date"
          name="endDate"
          label={t('fundraising.endDate')}
          hint={t('fundraising.datesHint')}
          type="date"
          value={value.endDate}
          error={errors.endDate}
          onValue={set('endDate')}
          required
        />
      </div>
      <Field
        id="reg-purpose"
        name="purpose"
        label={t('fundraising.purpose')}
        hint={t('fundraising.purposeHint')}
        value={value.purpose}
        error={errors.purpose}
        onValue={set('purpose')}
        multiline
        required
      />
    </>
  );
}
