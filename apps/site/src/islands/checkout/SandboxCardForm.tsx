/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The sandbox provider's card form (labelled plainly, test cards only). Each attempt confirms the
 * same donation, so a declined card can be followed by another one.
 */
import { SANDBOX_CARDS } from '@fc/contracts/donation-rules';
import { useRef, useState } from 'preact/hooks';
import { confirmDonation } from './api';
import { Field } from './Field';
import {
  bodyField,
  type CardField,
  contractFieldMessage,
  formatCardNumber,
  formatExpiry,
  readCard,
  usd,
} from './logic';
import type { PaymentFormProps } from './PaymentPanel';

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

export function SandboxCardForm(p: PaymentFormProps) {
  const { say, lang } = p;
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({});
  const [pending, setPending] = useState(false);
  const numberInput = useRef<HTMLInputElement>(null);
  const clear = (f: CardField) => setProblems((x) => ({ ...x, [f]: undefined }));

  const submit = async (e: Event) => {
    e.preventDefault();
    if (pending || p.done) return;
    const read = readCard(number, expiry, cvc);
    const pageOk = p.canPay ? p.canPay() : true;
    if (!read.ok) {
      setProblems(Object.fromEntries(Object.entries(read.problems).map(([k, v]) => [k, say(`card.problems.${v}`)])));
      if (pageOk) document.getElementById(`card-${Object.keys(read.problems)[0]}`)?.focus();
      return;
    }
    if (!pageOk) return;
    setProblems({});
    setPending(true);
    p.onAttempt();
    try {
      const target = p.prepare ? await p.prepare() : { donationId: p.donationId };
      const res = await confirmDonation(target.donationId, read.card);
      p.onResult(res, target.donationId);
      if (res.result === 'requires_payment_method' || res.result === 'error') {
        // Try another card: the number goes, the rest of the card stays.
        setNumber('');
        numberInput.current?.focus();
      }
    } catch (err) {
      const next: Partial<Record<CardField, string>> = {};
      for (const fe of p.onFailure(err)) {
        const name = SERVER_FIELDS[bodyField(fe.path)];
        if (name && !next[name]) next[name] = contractFieldMessage(say, fe.message, lang);
      }
      setProblems(next);
    } finally {
      setPending(false);
    }
  };

  return (
    <form class="pay-stack" noValidate onSubmit={submit} aria-label={say('card.form')}>
      <div class="pay-notice pay-warning" data-testid="sandbox-label">
        <strong class="pay-notice-line">{say('card.sandboxTitle')}</strong>
        <span class="pay-notice-line">{say('card.sandboxBody')}</span>
        <ul class="pay-test-cards">
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <button
                type="button"
                class="pay-link-button pay-mono"
                onClick={() => {
                  setNumber(formatCardNumber(c.number));
                  clear('number');
                }}
                aria-label={say('card.useCard', { number: formatCardNumber(c.number) })}
                data-testid={`sandbox-card-${c.outcome}`}
              >
                {formatCardNumber(c.number)}
              </button>{' '}
              — {say(`card.outcomes.${c.outcome}`)}
            </li>
          ))}
        </ul>
      </div>
      <Field
        id="card-number"
        label={say('card.number')}
        value={number}
        onValue={(v) => {
          setNumber(formatCardNumber(v));
          clear('number');
        }}
        error={problems.number}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        inputRef={numberInput}
        required
      />
      <div class="pay-row-card">
        <Field
          id="card-expiry"
          label={say('card.expiry')}
          placeholder={say('card.expiryPlaceholder')}
          value={expiry}
          onValue={(v) => {
            setExpiry((prev) => formatExpiry(v, prev));
            clear('expiry');
          }}
          error={problems.expiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
          required
        />
        <Field
          id="card-cvc"
          label={say('card.cvc')}
          value={cvc}
          onValue={(v) => {
            setCvc(v.replace(/\D/g, '').slice(0, 4));
            clear('cvc');
          }}
          error={problems.cvc}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          required
        />
      </div>
      <button type="submit" class="button primary pay-wide" disabled={pending || p.done} data-testid="card-submit">
        {pending ? say('card.paying') : say('card.submit', { total: usd(p.totalCents, lang) })}
      </button>
    </form>
  );
}
