/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/** Who gives: names, email for the receipt, "give anonymously" and a message to the player. */
import { Field } from './Field';
import { type DonorErrors, type DonorValues, MESSAGE_MAX } from './logic';
import type { Say } from './strings';

export function DonorFields({
  say,
  values,
  onChange,
  errors,
  messageTo,
}: {
  say: Say;
  values: DonorValues;
  onChange: (patch: Partial<DonorValues>) => void;
  errors: DonorErrors;
  messageTo: string;
}) {
  return (
    <div class="pay-stack">
      <div class="pay-row">
        <Field
          id="donate-first-name"
          label={say('checkout.form.firstName')}
          value={values.firstName}
          onValue={(firstName) => onChange({ firstName })}
          error={errors.firstName}
          autoComplete="given-name"
          maxLength={80}
          required
        />
        <Field
          id="donate-last-name"
          label={say('checkout.form.lastName')}
          value={values.lastName}
          onValue={(lastName) => onChange({ lastName })}
          error={errors.lastName}
          autoComplete="family-name"
          maxLength={80}
          required
        />
      </div>
      <Field
        id="donate-email"
        type="email"
        label={say('checkout.form.email')}
        value={values.email}
        onValue={(email) => onChange({ email })}
        error={errors.email}
        hint={say('checkout.emailHint')}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
      />
      <div class="pay-check">
        <input
          type="checkbox"
          role="switch"
          id="donate-anonymous"
          checked={values.anonymous}
          aria-checked={values.anonymous}
          onChange={(e) => onChange({ anonymous: e.currentTarget.checked })}
          aria-describedby="donate-anonymous-hint"
          data-testid="donate-anonymous"
        />
        <label for="donate-anonymous">{say('checkout.anonymous')}</label>
        <p id="donate-anonymous-hint" class="pay-check-hint">
          {say('checkout.anonymousHint')}
        </p>
      </div>
      <Field
        id="donate-message"
        label={say('checkout.message')}
        value={values.message}
        onValue={(message) => onChange({ message })}
        error={errors.message}
        hint={say('checkout.messageHint', { name: messageTo, used: values.message.length, max: MESSAGE_MAX })}
        maxLength={MESSAGE_MAX}
        multiline
      />
    </div>
  );
}

/** A signed-in family paying a fee picks which of its players the fee is for. */
export function PlayerChoice({
  say,
  players,
  value,
  onChange,
  error,
}: {
  say: Say;
  players: { slug: string; name: string }[];
  value: string;
  onChange: (slug: string) => void;
  error: string | undefined;
}) {
  return (
    <fieldset
      class={error ? 'pay-choice invalid' : 'pay-choice'}
      aria-describedby={error ? 'donate-player-helper' : undefined}
    >
      <legend>
        {say('checkout.forPlayer')}
        <span aria-hidden="true"> *</span>
      </legend>
      {players.map((pl, i) => (
        <label key={pl.slug} class="pay-check">
          <input
            type="radio"
            name="donate-player"
            id={i === 0 ? 'donate-player' : undefined}
            value={pl.slug}
            checked={value === pl.slug}
            onChange={() => onChange(pl.slug)}
            data-testid={`donate-player-${pl.slug}`}
          />{' '}
          {pl.name}
        </label>
      ))}
      {error ? (
        <p class="field-error" id="donate-player-helper">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
