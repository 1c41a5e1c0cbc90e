/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The registration form's player section (names, optional birth date and why it is asked) and
 * parent section (names, e-mail, phone, password twice; only without a session).
 */
import type { RegisterDraft, RegisterField } from '@fc/contracts/family-rules';
import { Field } from './family/Field';

export interface RegisterFieldStrings {
  formLabel: string;
  division: string;
  chooseDivision: string;
  whichPlayer: string;
  newPlayer: string;
  /** `{{name}} (already in this division)`. */
  alreadyOn: string;
  playerSection: string;
  parentSection: string;
  playerFirstName: string;
  playerLastName: string;
  birthDate: string;
  birthDateHint: string;
  parentFirstName: string;
  parentLastName: string;
  email: string;
  phoneOptional: string;
  password: string;
  confirmPassword: string;
}

export function RegisterFields({
  strings: s,
  draft,
  errors,
  set,
  player,
  parent,
}: {
  strings: RegisterFieldStrings;
  draft: RegisterDraft;
  errors: Partial<Record<RegisterField, string>>;
  set: (field: RegisterField) => (value: string) => void;
  player: boolean;
  parent: boolean;
}) {
  const field = (
    name: RegisterField,
    id: string,
    label: string,
    extra: {
      type?: 'text' | 'email' | 'password' | 'tel' | 'date';
      autoComplete?: string;
      hint?: string;
      required?: boolean;
    } = {},
  ) => (
    <Field
      id={id}
      name={name}
      label={label}
      value={draft[name]}
      error={errors[name]}
      onValue={set(name)}
      required={extra.required ?? true}
      {...extra}
    />
  );
  return (
    <>
      {player ? (
        <fieldset class="form-section">
          <legend>{s.playerSection}</legend>
          <div class="field-pair">
            {field('firstName', 'reg-first-name', s.playerFirstName, { autoComplete: 'off' })}
            {field('lastName', 'reg-last-name', s.playerLastName, { autoComplete: 'off' })}
          </div>
          {field('birthDate', 'reg-birth-date', s.birthDate, { type: 'date', hint: s.birthDateHint, required: false })}
        </fieldset>
      ) : null}
      {parent ? (
        <fieldset class="form-section">
          <legend>{s.parentSection}</legend>
          <div class="field-pair">
            {field('parentFirstName', 'reg-parent-first-name', s.parentFirstName, { autoComplete: 'given-name' })}
            {field('parentLastName', 'reg-parent-last-name', s.parentLastName, { autoComplete: 'family-name' })}
          </div>
          {field('email', 'reg-email', s.email, { type: 'email', autoComplete: 'email' })}
          {field('phone', 'reg-phone', s.phoneOptional, { type: 'tel', autoComplete: 'tel', required: false })}
          {field('password', 'reg-password', s.password, { type: 'password', autoComplete: 'new-password' })}
          {field('confirmPassword', 'reg-confirm-password', s.confirmPassword, {
            type: 'password',
            autoComplete: 'new-password',
          })}
        </fieldset>
      ) : null}
    </>
  );
}
