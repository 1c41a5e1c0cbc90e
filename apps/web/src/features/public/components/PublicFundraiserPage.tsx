import { Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { usePublicFundraiser } from '../api/get-public-fundraiser';
import { DonateCard } from './shared/DonateCard';
import { PageHeading } from './shared/PageHeading';
import { PageLayout } from './shared/PageLayout';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { ShareCard } from './shared/ShareCard';
import { Supporters } from './shared/Supporters';
import { useContactOpened } from './shared/useContactOpened';
import { useDocumentTitle } from './shared/useDocumentTitle';

/** `/fundraisers/{fundraiser_slug}`: a player's page on a campaign (name shown as the server gives it). */
export function PublicFundraiserPage() {
  const { t } = useTranslation();
  const slug = useParams().fundraiser_slug ?? '';
  // The contact's token rides along to the donate page, so a gift can be credited to the invitation.
  const c = useSearchParams()[0].get('c');
  const query = usePublicFundraiser(slug);
  const f = query.data?.data;
  useDocumentTitle(f ? `${f.name} · ${f.campaign.title}` : undefined);
  useContactOpened(slug, Boolean(f));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !f) return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind="player" />;

  const url = `${window.location.origin}/fundraisers/${f.slug}`;
  return (
    <PublicShell brand={f.campaign.organizationName} logoUrl={f.campaign.organizationLogo}>
      <PageHeading imageUrl={f.avatarUrl} fallback={f.name} title={f.name} round>
        <Typography color="text.secondary">
          {t('public.player.raisingFor')}{' '}
          <Link component={RouterLink} to={`/campaigns/${f.campaign.slug}`} data-testid="campaign-link">
            {f.campaign.title}
          </Link>
          {f.teamName ? ` · ${f.teamName}` : ''}
        </Typography>
      </PageHeading>
      <PageLayout
        donate={
          <DonateCard
            raisedCents={f.raisedCents}
            goalCents={f.goalCents}
            donors={f.donors}
            acceptingDonations={f.acceptingDonations}
            donatePath={`/fundraisers/${f.slug}/donate${c ? `?c=${encodeURIComponent(c)}` : ''}`}
          />
        }
        main={
          <>
            <Card component="section" aria-labelledby="reason-title">
              <CardContent>
                <Typography id="reason-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('public.player.why')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="player-reason">
                  {f.fundraisingReason ?? f.campaign.shortDescription ?? t('public.player.noReason')}
                </Typography>
              </CardContent>
            </Card>
            <Supporters supporters={f.recentSupporters} />
          </>
        }
        share={<ShareCard url={url} title={f.name} />}
      />
    </PublicShell>
  );
}
