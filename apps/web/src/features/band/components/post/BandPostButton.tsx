import type { BandPostKind } from '@fc/contracts';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamBand } from '../../api/band';
import { BandLogo } from '../BandLogo';
import { BandPostDialog } from './BandPostDialog';
import type { BandCampaign } from './preview';

export interface BandPostButtonProps {
  /** The team (or division) whose band gets the post. */
  organizationId: number;
  /** The events offered, the first chosen at the start. */
  kinds: readonly BandPostKind[];
  /** The campaigns a post may be about (one, or a choice). */
  campaigns: readonly BandCampaign[];
  /** Distinguishes several buttons on one page. */
  testId?: string;
}

/**
 * The BAND logo where a message can go to the team. Shown only to whoever manages the team (the
 * API's `canManage`); nothing at all for nodes that cannot have a band or while it loads.
 */
export function BandPostButton({ organizationId, kinds, campaigns, testId = 'band-post-button' }: BandPostButtonProps) {
  const { t } = useTranslation();
  const team = useTeamBand(organizationId);
  const [open, setOpen] = useState(false);
  if (!team.data?.canManage || campaigns.length === 0 || kinds.length === 0) return null;
  return (
    <>
      <Tooltip title={t('band.postToBand')}>
        <IconButton
          aria-label={t('band.postToBand')}
          onClick={() => setOpen(true)}
          data-testid={testId}
          sx={{ p: 0.75 }}
        >
          <BandLogo size={28} />
        </IconButton>
      </Tooltip>
      {open ? (
        <BandPostDialog
          organizationId={organizationId}
          team={team.data}
          kinds={kinds}
          campaigns={campaigns}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
