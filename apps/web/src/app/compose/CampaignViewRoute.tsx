import { CampaignViewPage, type CampaignViewParts } from '../../features/campaigns/components/pages';
import { SponsorshipsPart } from './SponsorshipsPart';

/** The campaign's sponsorships tab, drawn by the sponsorships feature (decision 015). */
const PARTS: CampaignViewParts = {
  SponsorshipsTab: ({ campaign }) => (
    <SponsorshipsPart owner={{ campaignId: campaign.id }} canManage={campaign.can.update} />
  ),
};

export function CampaignViewRoute() {
  return <CampaignViewPage parts={PARTS} />;
}
