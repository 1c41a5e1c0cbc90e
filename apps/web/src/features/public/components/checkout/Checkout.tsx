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
import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../../../lib/api/errors';
import { bodyField } from '../../../../lib/api/forms';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { isLanguage } from '../../../../lib/i18n';
import { resumeCart } from '../../api/abandoned-cart';
import { TRACK_TOKEN } from '../../api/contact-opened';
import { createDonation } from '../../api/create-donation';
import { formatDay } from '../../format';
import { PublicShell } from '../shared/PublicShell';
import { AmountFields } from './AmountFields';
import { CheckoutHeader } from './CheckoutHeader';
import { ConsentText } from './ConsentText';
import { DonorFields, type DonorValues } from './DonorFields';
import { type Errors, FIELD_OF, focusFirst, sameDonor, type Values } from './detailsForm';
import { PaymentPanel } from './PaymentPanel';
import { pagePath } from './paths';
import { contractFieldMessage, failureMessage, type PaymentMessage } from './paymentResult';
import { SummaryLines } from './SummaryLines';
import { amountProblem, donorProblems } from './validate';

// Only a family paying a fee picks a player: the radio group loads with that case alone.
const PlayerChoice = lazy(async () => ({ default: (await import('./PlayerChoice')).PlayerChoice }));

/**
 * One checkout: the details step (amount, fee cover, donor), which creates the donation, then the
 * card step on that donation, as many attempts as the donor needs.
 */
export function Checkout({ context }: { context: CheckoutContext }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const c = useSearchParams()[0].get('c');
  const isFee = context.kind === 'fee' && context.feeRequest !== null;
  const _name = context.fundraiser?.name ?? context.campaign.title;
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

  return (
    <PublicShell brand={context.organization.name} logoUrl={context.organization.logoUrl} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <CheckoutHeader context={context} isFee={isFee} />
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
        <Button component={RouterLink} to={back} reloadDocument startIcon={<ArrowBackIcon />} data-testid="donate-back">
          {t('public.donate.back', { name: context.fundraiser?.name ?? context.campaign.title })}
        </Button>
      </Box>
    </PublicShell>
  );
}
