import type { RegistrationStatus } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR = {
  in_progress: 'default',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
} as const;

/** Where a record is: in progress (not submitted), then its decision. */
export function RegistrationStatusChip({ status, testId }: { status: RegistrationStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'withdrawn' ? 'outlined' : 'filled'}
      label={t(`registrations.status.${status}`)}
      data-testid={testId}
    />
  );
}
