import type { OrgTypeId } from '@fc/contracts';
import { CampaignGrid } from '../../features/campaigns/components/list/CampaignGrid';
import { PayoutsTab } from '../../features/donations/components/payouts/PayoutsTab';
import { OrgViewPage, type OrgViewParts } from '../../features/orgs/components/pages';
import { BandTabPart } from './BandPart';
import { SponsorshipsPart } from './SponsorshipsPart';

/** The node's sponsorships: whoever reads the node reads them; whoever updates it manages them. */
const SponsorshipsTab: OrgViewParts['SponsorshipsTab'] = ({ node }) => (
  <SponsorshipsPart owner={{ organizationId: node.id }} canManage={node.can.update} />
);

/** A team's or division's BAND link and posts (issue 18). */
const BandTab: OrgViewParts['BandTab'] = ({ node }) => <BandTabPart node={node} />;

/** The organization page with the tabs the campaigns, donations, sponsorships and BAND features draw (decision 015). */
const PARTS: OrgViewParts = { CampaignGrid, PayoutsTab, SponsorshipsTab, BandTab };

export function OrgViewRoute({ typeId }: { typeId: OrgTypeId }) {
  return <OrgViewPage typeId={typeId} parts={PARTS} />;
}
