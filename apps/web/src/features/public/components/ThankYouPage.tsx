import type { PublicDonation } from '@fc/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isSettling, usePublicDonation } from '../api/get-public-donation';
import { formatUsd } from '../format';
import { Fact, Facts } from './checkout/Fact';
import { cartPath, pagePath } from './checkout/paths';
import { SummaryLines } from './checkout/SummaryLines';
import { LoadFailure, PageSkeleton, PublicMessage } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { ShareCard } from './shared/ShareCard';
import { useDocumentTitle } from './shared/useDocumentTitle';

/**
 * `/donations/{donation_slug}/thank-you` (where the checkout and Stripe's return_url lead), and
 * `/campaigns/{slug}/thank-you?donation=ID`, `/fundraisers/{slug}/thank-you?donation=ID`, which
 * show the same. While the payment is processing the page asks again every few seconds.
 */
export function ThankYouPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const donationId = params.donation_slug ?? search.get('donation') ?? '';
  const query = usePublicDonation(donationId);
  useDocumentTitle(t('public.thankYou.docTitle'));
  if (!donationId) {
    const slug = params.fundraiser_slug ?? params.campaign_slug;
    const to = params.fundraiser_slug ? `/fundraisers/${slug}` : `/campaigns/${slug}`;
    return (
      <PublicMessage
        testId="thankyou-missing"
        title={t('public.notFound.donationTitle')}
        body={t('public.thankYou.missingBody')}
        action={
          slug ? (
            <Button component={RouterLink} to={to} variant="contained">
              {t('public.thankYou.backToPage')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !query.data)
    return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind="donation" />;
  return <ThankYou donation={query.data.data} polling={query.isFetching} />;
}

function ThankYou({ donation: d, polling }: { donation: PublicDonation; polling: boolean }) {
  const { t, i18n } = useTranslation();
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const name = d.fundraiser?.name ?? d.campaign.title;
  const page = pagePath(d.campaign.slug, d.fundraiser?.slug);
  const settling = isSettling(d);
  const showShare = d.status === 1 || settling;

  let icon: ReactNode;
  let title: string;
  let body: string;
  if (d.status === 1) {
    icon = <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />;
    title = t('public.thankYou.title', { name: d.donorFirstName });
    body =
      d.kind === 'fee'
        ? t('public.thankYou.feeBody', { label: d.feeLabel ?? '', campaign: d.campaign.title })
        : t('public.thankYou.body', { name, organization: d.organization.name });
  } else if (settling) {
    icon = <HourglassTopIcon color="info" sx={{ fontSize: 56 }} aria-hidden />;
    title = t('public.payment.processing');
    body = t('public.thankYou.processingBody');
  } else if (d.status === 0 || d.status === 2) {
    icon = <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} aria-hidden />;
    title = d.status === 2 ? t('public.payment.failed') : t('public.thankYou.unpaidTitle');
    body = t('public.thankYou.unpaidBody');
  } else {
    icon = <InfoOutlinedIcon color="action" sx={{ fontSize: 56 }} aria-hidden />;
    title = d.status === 3 ? t('public.thankYou.refunded') : t('public.thankYou.cancelled');
    body = t('public.thankYou.closedBody', { organization: d.organization.name });
  }

  const details = (
    <Card component="section" aria-labelledby="thankyou-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2.5}>
          <Box role="status" aria-live="polite" sx={{ textAlign: 'center' }} data-testid="thankyou-status">
            {icon}
            <Typography
              id="thankyou-title"
              variant="h4"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' }, mt: 1, overflowWrap: 'anywhere' }}
              data-testid="page-title"
            >
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {body}
            </Typography>
            {settling ? (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center', mt: 2 }}>
                <CircularProgress size={18} aria-hidden />
                <Typography variant="body2" color="text.secondary">
                  {polling ? t('public.thankYou.checking') : t('public.thankYou.autoUpdate')}
                </Typography>
              </Stack>
            ) : null}
          </Box>
          <SummaryLines
            amountCents={d.amountCents}
            coverFeeCents={d.coverFeeCents}
            totalCents={d.totalCents}
            giftLabel={d.kind === 'fee' ? (d.feeLabel ?? undefined) : undefined}
            amountTestId="thankyou-amount"
            totalTestId="thankyou-total"
          />
          <Facts>
            <Fact label={t('fields.organization')}>{d.organization.name}</Fact>
            <Fact label={t('public.thankYou.campaign')}>{d.campaign.title}</Fact>
            {d.fundraiser ? <Fact label={t('public.thankYou.player')}>{d.fundraiser.name}</Fact> : null}
            {d.receiptNumber ? (
              <Fact label={t('public.thankYou.receipt')} testId="thankyou-receipt">
                {d.receiptNumber}
              </Fact>
            ) : null}
            {d.anonymous ? <Fact label={t('public.thankYou.shown')}>{t('public.supporters.anonymous')}</Fact> : null}
          </Facts>
          {d.status === 1 ? (
            <Typography variant="body2" color="text.secondary">
              {t('public.thankYou.receiptSent', { total: usd(d.totalCents) })}
            </Typography>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {!settling && (d.status === 0 || d.status === 2) ? (
              <Button
                component={RouterLink}
                to={cartPath(d.donationId)}
                // The cart is a server-rendered page (apps/site), not a route of this app.
                reloadDocument
                variant="contained"
                data-testid="thankyou-retry"
              >
                {t('public.thankYou.tryAgain')}
              </Button>
            ) : null}
            <Button component={RouterLink} to={page} startIcon={<ArrowBackIcon />} data-testid="thankyou-back">
              {t('public.donate.back', { name })}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );

  return (
    <PublicShell brand={d.organization.name} logoUrl={d.organization.logoUrl}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          maxWidth: showShare ? 1040 : 640,
          mx: 'auto',
          mt: { xs: 1, md: 4 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: showShare ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' },
          alignItems: 'start',
        }}
      >
        {details}
        {showShare ? (
          <Stack spacing={1.5}>
            <Typography sx={{ fontWeight: 600 }} data-testid="thankyou-share-prompt">
              {t('public.thankYou.sharePrompt', { name })}
            </Typography>
            <ShareCard url={`${window.location.origin}${page}`} title={name} />
          </Stack>
        ) : null}
      </Box>
    </PublicShell>
  );
}
