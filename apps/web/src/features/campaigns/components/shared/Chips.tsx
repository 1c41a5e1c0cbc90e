import type { CampaignStatus, InviteStatus } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

// Draft is outlined in the primary colour: the warning orange is too light for small text on white.
const STATUS_COLOR = { draft: 'primary', active: 'success', closed: 'default' } as const;
const INVITE_COLOR = { not_invited: 'default', invited: 'primary', joined: 'success' } as const;

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      label={t(`campaigns.status.${status}`)}
    />
  );
}

export function InviteStatusChip({ status }: { status: InviteStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={INVITE_COLOR[status]}
      variant={status === 'not_invited' ? 'outlined' : 'filled'}
      label={t(`campaigns.invite.${status}`)}
    />
  );
}
