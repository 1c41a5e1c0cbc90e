import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePublicCampaign } from '../api/get-public-campaign';
import { formatDay } from '../format';
import { DonateCard } from './shared/DonateCard';
import { Leaderboard } from './shared/Leaderboard';
import { PageHeading } from './shared/PageHeading';
import { PageLayout } from './shared/PageLayout';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { ShareCard } from './shared/ShareCard';
import { Supporters } from './shared/Supporters';
import { useDocumentTitle } from './shared/useDocumentTitle';

/** `/campaigns/{campaign_slug}`: the campaign's public page. */
export function PublicCampaignPage() {
  const { t, i18n } = useTranslation();
  const slug = useParams().campaign_slug ?? '';
  const query = usePublicCampaign(slug);
  const c = query.data?.data;
  useDocumentTitle(c?.title);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !c) return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind="campaign" />;

  const dates =
    c.startDate && c.endDate
      ? t('public.campaign.dates', {
          start: formatDay(c.startDate, i18n.language),
          end: formatDay(c.endDate, i18n.language),
        })
      : c.endDate
        ? t('public.campaign.until', { end: formatDay(c.endDate, i18n.language) })
        : null;
  const url = `${window.location.origin}/campaigns/${c.slug}`;
  return (
    <PublicShell brand={c.organizationName} logoUrl={c.organizationLogo}>
      <PageHeading imageUrl={c.logoImage ?? c.organizationLogo} fallback={c.title} title={c.title}>
        <Typography color="text.secondary">
          {c.organizationName}
          {dates ? ` · ${dates}` : ''}
        </Typography>
      </PageHeading>
      <PageLayout
        donate={
          <DonateCard
            raisedCents={c.raisedCents}
            goalCents={c.goalCents}
            donors={c.donors}
            acceptingDonations={c.acceptingDonations}
            donatePath={`/campaigns/${c.slug}/donate`}
          />
        }
        main={
          <>
            <Card component="section" aria-labelledby="about-title">
              <CardContent>
                <Typography id="about-title" variant="h6" component="h2" sx={{ mb: 1 }}>
                  {t('public.campaign.about')}
                </Typography>
                {c.shortDescription ? (
                  <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="campaign-short">
                    {c.shortDescription}
                  </Typography>
                ) : null}
                <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="campaign-story">
                  {c.story ?? (c.shortDescription ? '' : t('public.campaign.noStory'))}
                </Typography>
              </CardContent>
            </Card>
            <Leaderboard slug={c.slug} entries={c.leaderboard} />
            <Supporters supporters={c.recentSupporters} />
          </>
        }
        share={<ShareCard url={url} title={c.title} />}
      />
    </PublicShell>
  );
}
