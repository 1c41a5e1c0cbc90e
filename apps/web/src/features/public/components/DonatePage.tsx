import {
  type CheckoutContext,
  type CreateDonationBody,
  centsToInput,
  type DonationCheckout,
  parseMoney,
} from '@fc/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import FavoriteIcon from '@mui/icons-material/Favorite';
import { Alert, Avatar, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api/errors';
import { bodyField } from '../../../lib/api/forms';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { isLanguage } from '../../../lib/i18n';
import { resumeCart } from '../api/abandoned-cart';
import { TRACK_TOKEN } from '../api/contact-opened';
import { createDonation } from '../api/create-donation';
import { type CheckoutTarget, useCheckoutContext } from '../api/get-checkout-context';
import { formatDay } from '../format';
import { AmountFields } from './checkout/AmountFields';
import { ConsentText } from './checkout/ConsentText';
import { type DonorErrors, DonorFields, type DonorValues } from './checkout/DonorFields';
import { PaymentPanel } from './checkout/PaymentPanel';
import { pagePath } from './checkout/paths';
import { contractFieldMessage, failureMessage, type PaymentMessage } from './checkout/paymentResult';
import { SummaryLines } from './checkout/SummaryLines';
import { amountProblem, donorProblems } from './checkout/validate';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

// Only a family paying a fee picks a player: the radio group loads with that case alone.
const PlayerChoice = lazy(async () => ({ default: (await import('./checkout/PlayerChoice')).PlayerChoice }));

/**
 * `/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate` and `/campaigns/pay_fees/{fee_id}`:
 * the 'FYS Donation Checkout' (spec §2). Details first (amount, fee cover, donor), which creates the
 * donation; then the card step on that donation, as many attempts as the donor needs.
 */
export function DonatePage() {
  const { t } = useTranslation();
  const params = useParams();
  const { user } = useAuth();
  const target: CheckoutTarget = params.fee_id
    ? { feeRequest: params.fee_id }
    : params.fundraiser_slug
      ? { fundraiser: params.fundraiser_slug }
      : { campaign: params.campaign_slug ?? '' };
  const query = useCheckoutContext(target, user?.id ?? null);
  useDocumentTitle(t('public.checkout.pageTitle'));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !query.data) {
    const kind = 'feeRequest' in target ? 'fee' : 'fundraiser' in target ? 'player' : 'campaign';
    return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind={kind} />;
  }
  const ctx = query.data.data;
  // A new checkout (another campaign, player or fee) starts from a fresh form.
  return (
    <Checkout
      key={`${ctx.kind}:${ctx.campaign.slug}:${ctx.fundraiser?.slug ?? ''}:${ctx.feeRequest?.id ?? ''}`}
      context={ctx}
    />
  );
}

interface Values {
  amountText: string;
  coverFee: boolean;
  donor: DonorValues;
  player: string;
}

type Errors = DonorErrors & { amount?: string; player?: string };

/** The server's body fields → the form's fields (and the element to focus). */
const FIELD_OF: Record<string, keyof Errors> = {
  amountCents: 'amount',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  message: 'message',
  forPlayer: 'player',
};
const INPUT_ID: Record<keyof Errors, string> = {
  amount: 'donate-amount',
  player: 'donate-player',
  firstName: 'donate-first-name',
  lastName: 'donate-last-name',
  email: 'donate-email',
  message: 'donate-message',
  anonymous: 'donate-anonymous',
};
const FOCUS_ORDER: (keyof Errors)[] = ['amount', 'player', 'firstName', 'lastName', 'email', 'message'];

function focusFirst(errors: Errors) {
  const first = FOCUS_ORDER.find((k) => errors[k]);
  if (first) document.getElementById(INPUT_ID[first])?.focus();
}

/** Same donor, player and message: a changed amount can update the same donation. */
const sameDonor = (a: CreateDonationBody, b: CreateDonationBody) =>
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.email === b.email &&
  a.anonymous === b.anonymous &&
  a.message === b.message &&
  a.forPlayer === b.forPlayer;

function Checkout({ context }: { context: CheckoutContext }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const c = useSearchParams()[0].get('c');
  const isFee = context.kind === 'fee' && context.feeRequest !== null;
  const name = context.fundraiser?.name ?? context.campaign.title;
  const back = pagePath(context.campaign.slug, context.fundraiser?.slug);

  const [values, setValues] = useState<Values>(() => ({
    amountText: isFee && context.feeRequest ? centsToInput(context.feeRequest.amountCents, i18n.language) : '',
    coverFee: false,
    donor: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      anonymous: false,
      message: '',
    },
    player: context.familyPlayers.length === 1 ? (context.familyPlayers[0]?.slug ?? '') : '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<PaymentMessage | null>(null);
  const [pending, setPending] = useState(false);
  const [checkout, setCheckout] = useState<{ data: DonationCheckout; sent: CreateDonationBody } | null>(null);
  const [step, setStep] = useState<'details' | 'pay'>('details');
  const payHeading = useRef<HTMLHeadingElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // Focus follows the step (not on the first render: the page title is read first).
    if (!moved.current) {
      moved.current = true;
      return;
    }
    (step === 'pay' ? payHeading : detailsHeading).current?.focus();
  }, [step]);

  const amount = parseMoney(values.amountText, i18n.language);
  const amountCents = amount.ok ? amount.cents : null;
  const limits = { minCents: context.minCents, maxCents: context.maxCents };
  const presets = context.presetsCents.length > 0 ? context.presetsCents : [];

  const toBody = (cents: number): CreateDonationBody => {
    const d = values.donor;
    const message = d.message.trim();
    const target = isFee
      ? { feeRequestId: context.feeRequest!.id, ...(values.player ? { forPlayer: values.player } : {}) }
      : context.kind === 'fundraiser' && context.fundraiser
        ? { fundraiser: context.fundraiser.slug }
        : { campaign: context.campaign.slug };
    return {
      ...target,
      amountCents: cents,
      coverFee: values.coverFee,
      firstName: d.firstName.trim(),
      lastName: d.lastName.trim(),
      email: d.email.trim(),
      anonymous: d.anonymous,
      ...(message ? { message } : {}),
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      ...(c && TRACK_TOKEN.test(c) ? { contact: c } : {}),
    };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const next: Errors = donorProblems(t, values.donor);
    const amountError = isFee ? null : amountProblem(t, i18n.language, amount, limits);
    if (amountError) next.amount = amountError;
    if (isFee && context.familyPlayers.length > 0 && !values.player) next.player = t('public.checkout.problems.player');
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0 || amountCents === null) {
      focusFirst(next);
      return;
    }
    const body = toBody(amountCents);
    setPending(true);
    try {
      let data: DonationCheckout | null = null;
      if (checkout && sameDonor(checkout.sent, body)) {
        if (checkout.sent.amountCents === body.amountCents && checkout.sent.coverFee === body.coverFee) {
          data = checkout.data;
        } else {
          // Only the amount or the fee choice changed: the same donation and payment intent follow.
          data = await resumeCart(checkout.data.donationId, { amountCents: body.amountCents, coverFee: body.coverFee })
            .then((r) => r.data)
            .catch((err: unknown) => {
              if (isApiError(err) && err.status === 409) return null;
              throw err;
            });
        }
      }
      data ??= (await createDonation(body)).data;
      setCheckout({ data, sent: body });
      setStep('pay');
    } catch (err) {
      const fieldErrors: Errors = {};
      if (isApiError(err)) {
        for (const fe of err.fieldErrors) {
          const field = FIELD_OF[bodyField(fe.path)];
          if (field && !fieldErrors[field]) fieldErrors[field] = contractFieldMessage(t, fe.message, i18n.language);
        }
      }
      setErrors(fieldErrors);
      setFailure(failureMessage(t, err));
      focusFirst(fieldErrors);
    } finally {
      setPending(false);
    }
  };

  const heading = isFee
    ? t('public.checkout.feeTitle', { label: context.feeRequest?.label ?? '' })
    : t('public.donate.title', { name });

  return (
    <PublicShell brand={context.organization.name} logoUrl={context.organization.logoUrl} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar
              src={context.fundraiser?.avatarUrl ?? context.organization.logoUrl ?? undefined}
              alt=""
              variant={context.fundraiser ? 'circular' : 'rounded'}
              sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
            >
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
                {t('public.checkout.pageTitle')}
              </Typography>
              <Typography
                variant="h5"
                component="h1"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                data-testid="page-title"
              >
                {heading}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {isFee || context.fundraiser
                  ? t('public.checkout.context', {
                      campaign: context.campaign.title,
                      organization: context.organization.name,
                    })
                  : context.organization.name}
              </Typography>
            </Box>
          </Stack>
          {context.provider === 'sandbox' ? (
            // Labelled from the first step, not only next to the card form (issue 5).
            <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} data-testid="donate-sandbox-label">
              {t('public.card.sandboxTitle')}
            </Alert>
          ) : null}

          {!context.acceptingDonations ? (
            <Alert severity="info" data-testid="not-accepting">
              {t('public.donate.closed')}
            </Alert>
          ) : step === 'details' ? (
            <Stack component="form" noValidate onSubmit={submit} spacing={3} aria-labelledby="donate-details-title">
              <Typography
                id="donate-details-title"
                variant="h6"
                component="h2"
                tabIndex={-1}
                ref={detailsHeading}
                sx={{ outline: 'none' }}
              >
                {isFee ? t('public.checkout.feeDetails') : t('public.checkout.details')}
              </Typography>
              {isFee && context.feeRequest?.dueDate ? (
                <Typography color="text.secondary" sx={{ mt: '8px !important' }}>
                  {t('public.checkout.due', { date: formatDay(context.feeRequest.dueDate, i18n.language) })}
                </Typography>
              ) : null}
              <AmountFields
                amountText={values.amountText}
                onAmountText={(amountText) => {
                  setValues((v) => ({ ...v, amountText }));
                  setErrors((er) => ({ ...er, amount: undefined }));
                }}
                amountCents={amountCents}
                amountError={errors.amount}
                coverFee={values.coverFee}
                onCoverFee={(coverFee) => setValues((v) => ({ ...v, coverFee }))}
                fee={context.fee}
                organization={context.organization.name}
                presetsCents={presets}
                fixed={isFee}
                giftLabel={isFee ? context.feeRequest?.label : undefined}
              />
              {isFee && context.familyPlayers.length > 0 ? (
                <Suspense fallback={null}>
                  <PlayerChoice
                    players={context.familyPlayers}
                    value={values.player}
                    onChange={(player) => {
                      setValues((v) => ({ ...v, player }));
                      setErrors((er) => ({ ...er, player: undefined }));
                    }}
                    error={errors.player}
                  />
                </Suspense>
              ) : null}
              {isFee && context.familyPlayers.length === 0 && !user ? (
                <Alert severity="info" data-testid="donate-sign-in">
                  {t('public.checkout.signInForPlayer')}{' '}
                  <Link
                    component={RouterLink}
                    to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
                  >
                    {t('public.register.signInFirst')}
                  </Link>
                </Alert>
              ) : null}
              <DonorFields
                values={values.donor}
                onChange={(patch) => {
                  setValues((v) => ({ ...v, donor: { ...v.donor, ...patch } }));
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
                <Alert severity="error" role="alert" data-testid="donate-error">
                  {failure.text}
                </Alert>
              ) : null}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={pending}
                startIcon={<FavoriteIcon />}
                data-testid="donate-submit"
              >
                {pending ? t('public.checkout.starting') : t('public.checkout.submit')}
              </Button>
              <ConsentText />
            </Stack>
          ) : checkout ? (
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="h6" component="h2" tabIndex={-1} ref={payHeading} sx={{ outline: 'none' }}>
                  {t('public.checkout.payTitle')}
                </Typography>
                <Button
                  onClick={() => setStep('details')}
                  startIcon={<EditIcon />}
                  aria-label={t('public.checkout.changeLong')}
                  data-testid="donate-edit"
                >
                  {t('public.checkout.change')}
                </Button>
              </Stack>
              <SummaryLines
                amountCents={checkout.data.amountCents}
                coverFeeCents={checkout.data.coverFeeCents}
                totalCents={checkout.data.totalCents}
                giftLabel={isFee ? (context.feeRequest?.label ?? undefined) : undefined}
                totalTestId="pay-total"
              />
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('public.checkout.receiptTo', { email: checkout.sent.email })}
              </Typography>
              <PaymentPanel
                provider={checkout.data.provider}
                donationId={checkout.data.donationId}
                totalCents={checkout.data.totalCents}
                clientSecret={checkout.data.clientSecret}
                publishableKey={checkout.data.publishableKey ?? context.publishableKey}
              />
              <ConsentText />
            </Stack>
          ) : null}
        </CardContent>
      </Card>
      <Box sx={{ mt: 2 }}>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} data-testid="donate-back">
          {t('public.donate.back', { name: context.fundraiser?.name ?? context.campaign.title })}
        </Button>
      </Box>
    </PublicShell>
  );
}
