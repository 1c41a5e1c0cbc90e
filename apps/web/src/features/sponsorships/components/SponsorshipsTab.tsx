import { Divider, Stack } from '@mui/material';
import type { Owner } from '../api/keys';
import { OpportunitiesSection } from './OpportunitiesSection';
import { SponsorsSection } from './SponsorsSection';

export interface SponsorshipsTabProps {
  /** A node (with its campaigns' opportunities) or one campaign. */
  owner: Owner;
  /** May update the node or campaign (the API checks the same): create, edit, approve, refund. */
  canManage: boolean;
}

/** The Sponsorships tab of a node's or a campaign's page: its opportunities, then its sponsors. */
export function SponsorshipsTab({ owner, canManage }: SponsorshipsTabProps) {
  return (
    <Stack spacing={4} data-testid="sponsorships-tab">
      <OpportunitiesSection owner={owner} canManage={canManage} />
      <Divider />
      <SponsorsSection owner={owner} canManage={canManage} />
    </Stack>
  );
}
