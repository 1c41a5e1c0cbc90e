/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The amount (presets and a custom amount in dollars), "cover the processing fee" with its exact
 * extra, and the total: the contracts' fee rule on integer cents (the server computes it again).
 */
import type { FeeRule } from '@fc/contracts/donation-rules';
import { coverFeeCents } from '@fc/contracts/donation-rules';
import { centsToInput, moneyLanguage } from '@fc/contracts/money';
import { Field } from './Field';
import { usd } from './logic';
import { SummaryLines } from './Summary';
import type { Say } from './strings';

export interface AmountFieldsProps {
  say: Say;
  lang: string;
  amountText: string;
  onAmountText: (text: string) => void;
  amountCents: number | null;
  amountError: string | null | undefined;
  coverFee: boolean;
  onCoverFee: (cover: boolean) => void;
  fee: FeeRule;
  organization: string;
  presetsCents?: readonly number[];
  /** A fee request's amount: shown, not edited. */
  fixed?: boolean;
  label?: string;
  giftLabel?: string | undefined;
}

export function AmountFields(p: AmountFieldsProps) {
  const { say, lang, amountCents, fixed = false, presetsCents = [] } = p;
  const extra = amountCents !== null && amountCents > 0 ? coverFeeCents(amountCents, p.fee) : null;
  const covered = p.coverFee && extra !== null ? extra : 0;
  const es = moneyLanguage(lang) === 'es';
  return (
    <div class="pay-stack">
      {presetsCents.length > 0 && !fixed ? (
        <fieldset class="pay-fieldset">
          <legend id="donate-presets-label" class="pay-group-label">
            {say('checkout.chooseAmount')}
          </legend>
          <div class="pay-presets">
            {presetsCents.map((cents) => (
              <button
                key={cents}
                type="button"
                class={amountCents === cents ? 'button primary' : 'button'}
                aria-pressed={amountCents === cents}
                onClick={() => p.onAmountText(centsToInput(cents, lang))}
                data-testid={`donate-preset-${cents}`}
              >
                {usd(cents, lang)}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Field
        id="donate-amount"
        label={p.label ?? (fixed ? say('checkout.amountDue') : say('checkout.otherAmount'))}
        value={p.amountText}
        onValue={p.onAmountText}
        error={p.amountError}
        inputMode="decimal"
        autoComplete="transaction-amount"
        maxLength={12}
        readOnly={fixed}
        required={!fixed}
        {...(es ? { suffix: 'US$' } : { prefix: '$' })}
        hint={
          fixed
            ? say('checkout.fixedHint')
            : presetsCents.length > 0
              ? say('checkout.amountHint')
              : say('checkout.amountHintPlain')
        }
      />
      <div class="pay-check">
        <input
          type="checkbox"
          id="donate-cover-fee"
          checked={p.coverFee}
          onChange={(e) => p.onCoverFee(e.currentTarget.checked)}
          aria-describedby="donate-fee-why"
          data-testid="donate-cover-fee"
        />
        <label for="donate-cover-fee">
          {say('checkout.coverFee')}{' '}
          {extra !== null ? (
            <strong class="pay-nowrap" data-testid="donate-fee-extra">
              {say('checkout.feeExtra', { amount: usd(extra, lang) })}
            </strong>
          ) : null}
        </label>
        <p id="donate-fee-why" class="pay-check-hint">
          {amountCents
            ? say('checkout.coverFeeWhy', { organization: p.organization, amount: usd(amountCents, lang) })
            : say('checkout.coverFeeWhyNoAmount', { organization: p.organization })}
        </p>
      </div>
      {amountCents !== null && amountCents > 0 ? (
        <SummaryLines
          say={say}
          lang={lang}
          amountCents={amountCents}
          coverFeeCents={covered}
          totalCents={amountCents + covered}
          giftLabel={p.giftLabel}
          totalTestId="donate-total"
        />
      ) : null}
    </div>
  );
}
