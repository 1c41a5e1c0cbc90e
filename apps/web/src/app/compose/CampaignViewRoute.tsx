import { CampaignViewPage, type CampaignViewParts } from '../../features/campaigns/components/pages';
import { BandButtonPart } from './BandPart';
import { SponsorshipsPart } from './SponsorshipsPart';

/**
 * The campaign's sponsorships tab, drawn by the sponsorships feature, and the BAND logo that posts
 * its launch, invitations, goal reached and thank-you to the owning team's band (decision 015).
 */
const PARTS: CampaignViewParts = {
  SponsorshipsTab: ({ campaign }) => (
    <SponsorshipsPart owner={{ campaignId: campaign.id }} canManage={campaign.can.update} />
  ),
  BandButton: ({ campaign }) => (
    <BandButtonPart
      organizationId={campaign.organization}
      kinds={
        campaign.goalCents > 0 && campaign.raisedCents >= campaign.goalCents
          ? ['goal_reached', 'thank_you', 'campaign_launch', 'campaign_invite']
          : ['campaign_launch', 'campaign_invite', 'thank_you']
      }
      campaigns={[campaign]}
    />
  ),
};

export function CampaignViewRoute() {
  return <CampaignViewPage parts={PARTS} />;
}
