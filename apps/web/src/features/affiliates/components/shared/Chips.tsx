import type { AffiliateStatus, CommissionStatus } from '@fc/contracts';
import { Chip, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';

type ChipColor = 'default' | 'primary' | 'success' | 'warning' | 'error';
const AFFILIATE_COLOR = { invited: 'primary', active: 'success', paused: 'warning', disabled: 'default' } as const;
const COMMISSION_COLOR = { pending: 'warning', approved: 'primary', paid: 'success', voided: 'default' } as const;

/** Filled chips readable at WCAG AA in both skins (MUI's orange and dark-skin red are too light for their text). */
const readable = (theme: Theme) => ({
  '&.MuiChip-filled.MuiChip-colorError': { bgcolor: 'error.dark', color: '#fff' },
  '&.MuiChip-filled.MuiChip-colorSuccess': { bgcolor: 'success.dark', color: '#fff' },
  '&.MuiChip-filled.MuiChip-colorWarning': {
    bgcolor: theme.palette.mode === 'light' ? 'warning.light' : 'warning.main',
    color: 'rgba(0, 0, 0, 0.87)',
  },
});

/** A small status chip in one of the readable colours. */
export function StateChip({ label, color, testId }: { label: string; color: ChipColor; testId?: string }) {
  return <Chip size="small" label={label} color={color} sx={readable} data-testid={testId} />;
}

export function AffiliateStatusChip({ status, testId }: { status: AffiliateStatus; testId?: string }) {
  const { t } = useTranslation();
  return <StateChip label={t(`affiliates.status.${status}`)} color={AFFILIATE_COLOR[status]} testId={testId} />;
}

export function CommissionStatusChip({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation();
  return <StateChip label={t(`affiliates.commission.${status}`)} color={COMMISSION_COLOR[status]} />;
}
