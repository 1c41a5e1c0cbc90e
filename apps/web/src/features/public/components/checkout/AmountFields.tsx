import { centsToInput, coverFeeCents, type FeeRule, moneyLanguage } from '@fc/contracts';
import { Box, Button, Checkbox, FormControlLabel, InputAdornment, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../format';
import { Field } from './Field';
import { SummaryLines } from './SummaryLines';

interface AmountFieldsProps {
  /** The donor's text in the amount field (dollars). */
  amountText: string;
  onAmountText: (text: string) => void;
  /** The parsed amount in cents, null when the text is not an amount. */
  amountCents: number | null;
  amountError: string | null | undefined;
  coverFee: boolean;
  onCoverFee: (cover: boolean) => void;
  fee: FeeRule;
  organization: string;
  /** Preset buttons; none for a fixed amount. */
  presetsCents?: readonly number[];
  /** A fee request's amount: shown, not edited. */
  fixed?: boolean;
  /** Label of the amount field. */
  label?: string;
  /** What the amount is called in the summary (a fee's label; "Gift" otherwise). */
  giftLabel?: string | undefined;
}

/**
 * The amount (presets and a custom amount in dollars), the "cover the processing fee" choice with
 * its exact extra, and the total. The figures are the contracts' fee rule applied to integer
 * cents; the server computes the charge again from the gift and the choice.
 */
export function AmountFields({
  amountText,
  onAmountText,
  amountCents,
  amountError,
  coverFee,
  onCoverFee,
  fee,
  organization,
  presetsCents = [],
  fixed = false,
  label,
  giftLabel,
}: AmountFieldsProps) {
  const { t, i18n } = useTranslation();
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const extra = amountCents !== null && amountCents > 0 ? coverFeeCents(amountCents, fee) : null;
  return (
    <Stack spacing={2}>
      {presetsCents.length > 0 && !fixed ? (
        <Box role="group" aria-labelledby="donate-presets-label">
          <Typography id="donate-presets-label" variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('public.checkout.chooseAmount')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))' }}>
            {presetsCents.map((cents) => {
              const on = amountCents === cents;
              return (
                <Button
                  key={cents}
                  variant={on ? 'contained' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => onAmountText(centsToInput(cents, i18n.language))}
                  sx={{ minHeight: 48, fontSize: '1rem', fontWeight: 700 }}
                  data-testid={`donate-preset-${cents}`}
                >
                  {usd(cents)}
                </Button>
              );
            })}
          </Box>
        </Box>
      ) : null}
      <Field
        id="donate-amount"
        label={label ?? (fixed ? t('public.checkout.amountDue') : t('public.checkout.otherAmount'))}
        value={amountText}
        onValue={onAmountText}
        error={amountError}
        testId="donate-amount"
        inputMode="decimal"
        autoComplete="transaction-amount"
        maxLength={12}
        readOnly={fixed}
        required={!fixed}
        {...(moneyLanguage(i18n.language) === 'es'
          ? { endAdornment: <InputAdornment position="end">US$</InputAdornment> }
          : { startAdornment: <InputAdornment position="start">$</InputAdornment> })}
        hint={
          fixed
            ? t('public.checkout.fixedHint')
            : presetsCents.length > 0
              ? t('public.checkout.amountHint')
              : t('public.checkout.amountHintPlain')
        }
      />
      <Box>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mr: 0 }}
          control={
            <Checkbox
              checked={coverFee}
              onChange={(e) => onCoverFee(e.target.checked)}
              sx={{ mt: -0.75 }}
              slotProps={{
                input: { 'data-testid': 'donate-cover-fee', 'aria-describedby': 'donate-fee-why' } as object,
              }}
            />
          }
          label={
            <span>
              {t('public.checkout.coverFee')}{' '}
              {extra !== null ? (
                <Box component="strong" data-testid="donate-fee-extra" sx={{ whiteSpace: 'nowrap' }}>
                  {t('public.checkout.feeExtra', { amount: usd(extra) })}
                </Box>
              ) : null}
            </span>
          }
        />
        <Typography id="donate-fee-why" variant="body2" color="text.secondary" sx={{ ml: 4 }}>
          {amountCents
            ? t('public.checkout.coverFeeWhy', { organization, amount: usd(amountCents) })
            : t('public.checkout.coverFeeWhyNoAmount', { organization })}
        </Typography>
      </Box>
      {amountCents !== null && amountCents > 0 ? (
        <SummaryLines
          amountCents={amountCents}
          coverFeeCents={coverFee && extra !== null ? extra : 0}
          totalCents={amountCents + (coverFee && extra !== null ? extra : 0)}
          giftLabel={giftLabel}
          totalTestId="donate-total"
        />
      ) : null}
    </Stack>
  );
}
