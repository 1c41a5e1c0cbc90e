/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The checkout island (`/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate`,
 * `/campaigns/pay_fees/{id}`): the details step (amount, fee cover, donor), which creates the
 * donation, then the card step on that donation, as many attempts as the donor needs. Rendered
 * whole on the server; a signed-in family's players (fee) and details are read after hydration.
 */
import { centsToInput } from '@fc/contracts/money';
import { parseMoney } from '@fc/contracts/money-parse';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { AmountFields } from './AmountFields';
import { createDonation, getCheckoutContext, isApiFailure, resumeCart, storedToken } from './api';
import { DonorFields, PlayerChoice } from './DonorFields';
import {
  amountProblem,
  bodyField,
  contractFieldMessage,
  type DonorErrors,
  type DonorValues,
  donorProblems,
  failureMessage,
  type PaymentMessage,
  sameDonor,
} from './logic';
import { PaymentPanel } from './PaymentPanel';
import { ConsentText, SummaryLines } from './Summary';
import { type Strings, sayFrom } from './strings';
import type { CheckoutContext, CreateDonationBody, DonationCheckout } from './types';

export interface CheckoutProps {
  lang: 'en' | 'es';
  context: CheckoutContext;
  strings: Strings;
  /** `errors.codes.*` in the page language. */
  codes: Strings;
  /** The fee's due date, written on the server ("Due Dec 1, 2026"), or null. */
  due: string | null;
  /** This page's address, for the sign-in link's way back. */
  path: string;
}

type Errors = DonorErrors & { amount?: string; player?: string };
const FIELD_OF: Record<string, keyof Errors> = {
  amountCents: 'amount',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  message: 'message',
  forPlayer: 'player',
};
const INPUT_ID: Record<string, string> = {
  amount: 'donate-amount',
  player: 'donate-player',
  firstName: 'donate-first-name',
  lastName: 'donate-last-name',
  email: 'donate-email',
  message: 'donate-message',
};
const FOCUS_ORDER: (keyof Errors)[] = ['amount', 'player', 'firstName', 'lastName', 'email', 'message'];
const TRACK_TOKEN = /^[A-Za-z0-9_-]{8,32}$/;

function focusFirst(errors: Errors) {
  const first = FOCUS_ORDER.find((k) => errors[k]);
  if (first) document.getElementById(INPUT_ID[first] ?? '')?.focus();
}

/** The console's stored user (signed in on this browser), to fill the donor's details. */
function storedUser(): { firstName?: string; lastName?: string; email?: string } | null {
  try {
    return JSON.parse(localStorage.getItem('userData') ?? 'null');
  } catch {
    return null;
  }
}

export function Checkout({ lang, context: initial, strings, codes, due, path }: CheckoutProps) {
  const say = useMemo(() => sayFrom(strings), [strings]);
  const [context, setContext] = useState(initial);
  const [signedIn, setSignedIn] = useState(false);
  const isFee = context.kind === 'fee' && context.feeRequest !== null;
  const [amountText, setAmountText] = useState(() =>
    isFee && initial.feeRequest ? centsToInput(initial.feeRequest.amountCents, lang) : '',
  );
  const [coverFee, setCoverFee] = useState(false);
  const [donor, setDonor] = useState<DonorValues>({
    firstName: '',
    lastName: '',
    email: '',
    anonymous: false,
    message: '',
  });
  const [player, setPlayer] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<PaymentMessage | null>(null);
  const [pending, setPending] = useState(false);
  const [checkout, setCheckout] = useState<{ data: DonationCheckout; sent: CreateDonationBody } | null>(null);
  const [step, setStep] = useState<'details' | 'pay'>('details');
  const payHeading = useRef<HTMLHeadingElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After hydration: a signed-in visitor's details, and on a fee the family's own players.
  useEffect(() => {
    const token = storedToken();
    if (!token) return;
    setSignedIn(true);
    const user = storedUser();
    if (user)
      setDonor((d) => ({
        ...d,
        firstName: d.firstName || user.firstName || '',
        lastName: d.lastName || user.lastName || '',
        email: d.email || user.email || '',
      }));
    if (initial.kind !== 'fee' || !initial.feeRequest) return;
    getCheckoutContext(`feeRequest=${initial.feeRequest.id}`, token)
      .then((c) => {
        setContext(c);
        if (c.familyPlayers.length === 1) setPlayer(c.familyPlayers[0]?.slug ?? '');
      })
      .catch(() => undefined);
  }, [initial]);

  useEffect(() => {
    // Focus follows the step (not on the first render: the page title is read first).
    if (!moved.current) {
      moved.current = true;
      return;
    }
    (step === 'pay' ? payHeading : detailsHeading).current?.focus();
  }, [step]);

  const amount = parseMoney(amountText, lang);
  const amountCents = amount.ok ? amount.cents : null;
  const limits = { minCents: context.minCents, maxCents: context.maxCents };
  const players = context.familyPlayers;

  const toBody = (cents: number): CreateDonationBody => {
    const message = donor.message.trim();
    const c = new URLSearchParams(window.location.search).get('c');
    const target = isFee
      ? { feeRequestId: context.feeRequest?.id ?? 0, ...(player ? { forPlayer: player } : {}) }
      : context.kind === 'fundraiser' && context.fundraiser
        ? { fundraiser: context.fundraiser.slug }
        : { campaign: context.campaign.slug };
    return {
      ...target,
      amountCents: cents,
      coverFee,
      firstName: donor.firstName.trim(),
      lastName: donor.lastName.trim(),
      email: donor.email.trim(),
      anonymous: donor.anonymous,
      ...(message ? { message } : {}),
      language: lang,
      ...(c && TRACK_TOKEN.test(c) ? { contact: c } : {}),
    };
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (pending) return;
    const next: Errors = donorProblems(say, donor);
    const amountError = isFee ? null : amountProblem(say, lang, amount, limits);
    if (amountError) next.amount = amountError;
    if (isFee && players.length > 0 && !player) next.player = say('checkout.problems.player');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || amountCents === null) return focusFirst(next);
    const body = toBody(amountCents);
    setPending(true);
    try {
      let data: DonationCheckout | null = null;
      if (checkout && sameDonor(checkout.sent, body)) {
        if (checkout.sent.amountCents === body.amountCents && checkout.sent.coverFee === body.coverFee) {
          data = checkout.data;
        } else {
          // Only the amount or the fee choice changed: the same donation and payment intent follow.
          data = await resumeCart(checkout.data.donationId, {
            amountCents: body.amountCents,
            coverFee: body.coverFee,
          }).catch((err: unknown) => {
            if (isApiFailure(err) && err.status === 409) return null;
            throw err;
          });
        }
      }
      data ??= await createDonation(body, isFee ? storedToken() : null);
      setCheckout({ data, sent: body });
      setStep('pay');
    } catch (err) {
      const fieldErrors: Errors = {};
      if (isApiFailure(err))
        for (const fe of err.fieldErrors) {
          const field = FIELD_OF[bodyField(fe.path)];
          if (field && !fieldErrors[field]) fieldErrors[field] = contractFieldMessage(say, fe.message, lang);
        }
      setErrors(fieldErrors);
      setFailure(failureMessage(say, codes, lang, err));
      focusFirst(fieldErrors);
    } finally {
      setPending(false);
    }
  };

  if (step === 'pay' && checkout)
    return (
      <div class="pay-stack">
        <div class="pay-step-head">
          <h2 tabIndex={-1} ref={payHeading}>
            {say('checkout.payTitle')}
          </h2>
          <button
            type="button"
            class="button"
            onClick={() => setStep('details')}
            aria-label={say('checkout.changeLong')}
            data-testid="donate-edit"
          >
            {say('checkout.change')}
          </button>
        </div>
        <SummaryLines
          say={say}
          lang={lang}
          amountCents={checkout.data.amountCents}
          coverFeeCents={checkout.data.coverFeeCents}
          totalCents={checkout.data.totalCents}
          giftLabel={isFee ? context.feeRequest?.label : undefined}
          totalTestId="pay-total"
        />
        <p class="pay-muted pay-wrap">{say('checkout.receiptTo', { email: checkout.sent.email })}</p>
        <PaymentPanel
          say={say}
          lang={lang}
          codes={codes}
          provider={checkout.data.provider}
          donationId={checkout.data.donationId}
          totalCents={checkout.data.totalCents}
          clientSecret={checkout.data.clientSecret}
          publishableKey={checkout.data.publishableKey ?? context.publishableKey}
        />
        <ConsentText say={say} lang={lang} />
      </div>
    );

  return (
    <form class="pay-stack" noValidate onSubmit={submit} aria-labelledby="donate-details-title">
      <h2 id="donate-details-title" tabIndex={-1} ref={detailsHeading}>
        {isFee ? say('checkout.feeDetails') : say('checkout.details')}
      </h2>
      {isFee && due ? <p class="pay-muted pay-tight">{due}</p> : null}
      <AmountFields
        say={say}
        lang={lang}
        amountText={amountText}
        onAmountText={(text) => {
          setAmountText(text);
          setErrors((er) => ({ ...er, amount: undefined }));
        }}
        amountCents={amountCents}
        amountError={errors.amount}
        coverFee={coverFee}
        onCoverFee={setCoverFee}
        fee={context.fee}
        organization={context.organization.name}
        presetsCents={context.presetsCents}
        fixed={isFee}
        giftLabel={isFee ? context.feeRequest?.label : undefined}
      />
      {isFee && players.length > 0 ? (
        <PlayerChoice
          say={say}
          players={players}
          value={player}
          onChange={(slug) => {
            setPlayer(slug);
            setErrors((er) => ({ ...er, player: undefined }));
          }}
          error={errors.player}
        />
      ) : null}
      {isFee && players.length === 0 && !signedIn ? (
        <p class="pay-notice pay-info" data-testid="donate-sign-in">
          {say('checkout.signInForPlayer')}{' '}
          <a href={`/login?returnTo=${encodeURIComponent(path)}`}>{say('register.signInFirst')}</a>
        </p>
      ) : null}
      <DonorFields
        say={say}
        values={donor}
        onChange={(patch) => {
          setDonor((d) => ({ ...d, ...patch }));
          setErrors((er) => {
            const copy = { ...er };
            for (const k of Object.keys(patch) as (keyof DonorValues)[]) delete copy[k];
            return copy;
          });
        }}
        errors={errors}
        messageTo={context.fundraiser?.name ?? context.organization.name}
      />
      {failure ? (
        <p class="pay-notice pay-error" role="alert" data-testid="donate-error">
          {failure.text}
        </p>
      ) : null}
      <button type="submit" class="button primary pay-wide" disabled={pending} data-testid="donate-submit">
        {pending ? say('checkout.starting') : say('checkout.submit')}
      </button>
      <ConsentText say={say} lang={lang} />
    </form>
  );
}
