import type { OrgTypeId } from '@fc/contracts';
import { CampaignGrid } from '../../features/campaigns/components/list/CampaignGrid';
import { PayoutsTab } from '../../features/donations/components/payouts/PayoutsTab';
import { OrgViewPage, type OrgViewParts } from '../../features/orgs/components/pages';

/** The organization page with the tabs the campaigns and donations features draw (decision 015). */
const PARTS: OrgViewParts = { CampaignGrid, PayoutsTab };

export function OrgViewRoute({ typeId }: { typeId: OrgTypeId }) {
  return <OrgViewPage typeId={typeId} parts={PARTS} />;
}
