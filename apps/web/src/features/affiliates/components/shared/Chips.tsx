import type { AffiliateStatus, CommissionStatus } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const AFFILIATE_COLOR = { invited: 'info', active: 'success', paused: 'warning', disabled: 'default' } as const;
const COMMISSION_COLOR = { pending: 'warning', approved: 'info', paid: 'success', voided: 'default' } as const;

export function AffiliateStatusChip({ status, testId }: { status: AffiliateStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" label={t(`affiliates.status.${status}`)} color={AFFILIATE_COLOR[status]} data-testid={testId} />
  );
}

export function CommissionStatusChip({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`affiliates.commission.${status}`)}
      color={COMMISSION_COLOR[status]}
    />
  );
}
