import type { DonationStatus } from '@fc/contracts';
import { Chip, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type StatusName, statusName } from './format';

const COLOR: Record<StatusName, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  pending: 'warning',
  completed: 'success',
  partlyRefunded: 'info',
  failed: 'error',
  refunded: 'default',
  cancelled: 'default',
};

/**
 * Filled status chips with text readable at WCAG AA in both skins: MUI's default red (dark skin),
 * orange and light blue (light skin) are too light for white text. (MUI 9 has no `filledInfo`
 * class any more: the variant and the colour are two classes.)
 */
export const readableChipSx = (theme: Theme) => ({
  '&.MuiChip-filled.MuiChip-colorError': { bgcolor: 'error.dark', color: '#fff' },
  '&.MuiChip-filled.MuiChip-colorWarning': {
    bgcolor: theme.palette.mode === 'light' ? 'warning.light' : 'warning.main',
    color: 'rgba(0, 0, 0, 0.87)',
  },
  '&.MuiChip-filled.MuiChip-colorInfo': theme.palette.mode === 'light' ? { bgcolor: 'info.dark', color: '#fff' } : {},
});

interface DonationStatusChipProps {
  status: DonationStatus;
  /** A completed gift with refunds shows "partly refunded". */
  refundedCents?: number;
  size?: 'small' | 'medium';
}

/** 0 pending, 1 completed (or partly refunded), 2 failed, 3 refunded, 4 cancelled (DECISIONS §5). */
export function DonationStatusChip({ status, refundedCents = 0, size = 'small' }: DonationStatusChipProps) {
  const { t } = useTranslation();
  const name = statusName(status, refundedCents);
  return (
    <Chip
      size={size}
      label={t(`donations.status.${name}`)}
      color={COLOR[name]}
      variant={name === 'cancelled' ? 'outlined' : 'filled'}
      sx={readableChipSx}
      data-testid="donation-status-chip"
      data-status={status}
    />
  );
}
