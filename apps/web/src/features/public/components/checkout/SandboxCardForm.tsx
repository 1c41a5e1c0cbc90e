import { SANDBOX_CARDS } from '@fc/contracts';
import LockIcon from '@mui/icons-material/Lock';
import { Alert, AlertTitle, Box, Button, Link, Stack } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyField } from '../../../../lib/api/forms';
import { confirmDonation } from '../../api/confirm-donation';
import { formatUsd } from '../../format';
import { type CardProblem, formatCardNumber, formatExpiry, readCard } from './card';
import { Field } from './Field';
import type { PaymentFormProps } from './PaymentPanel';
import { contractFieldMessage } from './paymentResult';

type CardField = 'number' | 'expiry' | 'cvc';

/** The server's body paths → the card form's fields. */
const SERVER_FIELDS: Record<string, CardField> = {
  cardNumber: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

const TEST_CARDS = [
  { number: SANDBOX_CARDS.success, outcome: 'success' },
  { number: SANDBOX_CARDS.declined, outcome: 'declined' },
  { number: SANDBOX_CARDS.insufficientFunds, outcome: 'insufficientFunds' },
  { number: SANDBOX_CARDS.processing, outcome: 'processing' },
] as const;

/**
 * The sandbox provider's card form (DECISIONS §5: labelled plainly, test cards only). Each attempt
 * confirms the same donation, so a declined card can be followed by another one.
 */
export function SandboxCardForm({
  donationId,
  totalCents,
  prepare,
  canPay,
  onAttempt,
  onResult,
  onFailure,
  done,
}: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({});
  const [pending, setPending] = useState(false);
  const numberInput = useRef<HTMLInputElement>(null);

  const problemText = (p: CardProblem) => t(`public.card.problems.${p}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || done) return;
    const read = readCard(number, expiry, cvc);
    const pageOk = canPay ? canPay() : true;
    if (!read.ok) {
      setProblems(Object.fromEntries(Object.entries(read.problems).map(([k, p]) => [k, problemText(p)])));
      if (pageOk) document.getElementById(`card-${Object.keys(read.problems)[0]}`)?.focus();
      return;
    }
    if (!pageOk) return;
    setProblems({});
    setPending(true);
    onAttempt();
    try {
      const target = prepare ? await prepare() : { donationId };
      const res = await confirmDonation(target.donationId, read.card);
      onResult(res.data, target.donationId);
      if (res.data.result === 'requires_payment_method' || res.data.result === 'error') {
        // Try another card: the number goes, the rest of the card stays.
        setNumber('');
        numberInput.current?.focus();
      }
    } catch (err) {
      const fields = onFailure(err);
      const next: Partial<Record<CardField, string>> = {};
      for (const fe of fields) {
        const name = SERVER_FIELDS[bodyField(fe.path)];
        if (name && !next[name]) next[name] = contractFieldMessage(t, fe.message, i18n.language);
      }
      setProblems(next);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('public.card.form')}>
      <Alert severity="warning" variant="outlined" data-testid="sandbox-label">
        <AlertTitle>{t('public.card.sandboxTitle')}</AlertTitle>
        {t('public.card.sandboxBody')}
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <Link
                component="button"
                type="button"
                onClick={() => {
                  setNumber(formatCardNumber(c.number));
                  setProblems((p) => ({ ...p, number: undefined }));
                }}
                sx={{ fontFamily: 'monospace', fontSize: '0.95em', verticalAlign: 'baseline' }}
                aria-label={t('public.card.useCard', { number: formatCardNumber(c.number) })}
                data-testid={`sandbox-card-${c.outcome}`}
              >
                {formatCardNumber(c.number)}
              </Link>{' '}
              — {t(`public.card.outcomes.${c.outcome}`)}
            </li>
          ))}
        </Box>
      </Alert>
      <Field
        id="card-number"
        label={t('public.card.number')}
        value={number}
        onValue={(v) => {
          setNumber(formatCardNumber(v));
          setProblems((p) => ({ ...p, number: undefined }));
        }}
        error={problems.number}
        testId="card-number"
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        inputRef={numberInput}
        required
      />
      <Stack direction="row" spacing={2}>
        <Field
          id="card-expiry"
          label={t('public.card.expiry')}
          placeholder={t('public.card.expiryPlaceholder')}
          value={expiry}
          onValue={(v) => {
            setExpiry((prev) => formatExpiry(v, prev));
            setProblems((p) => ({ ...p, expiry: undefined }));
          }}
          error={problems.expiry}
          testId="card-expiry"
          controlSx={{ flex: 3 }}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          required
        />
        <Field
          id="card-cvc"
          label={t('public.card.cvc')}
          value={cvc}
          onValue={(v) => {
            setCvc(v.replace(/\D/g, '').slice(0, 4));
            setProblems((p) => ({ ...p, cvc: undefined }));
          }}
          error={problems.cvc}
          testId="card-cvc"
          controlSx={{ flex: 2 }}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
        />
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending || done}
        startIcon={<LockIcon />}
        data-testid="card-submit"
      >
        {pending ? t('public.card.paying') : t('public.card.submit', { total: formatUsd(totalCents, i18n.language) })}
      </Button>
    </Stack>
  );
}
