import type { Role } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR = { active: 'success', invited: 'primary', disabled: 'default' } as const;

export function StatusChip({ status }: { status: keyof typeof STATUS_COLOR }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`status.${status}`)} color={STATUS_COLOR[status]} />;
}

export function RoleChip({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={role ? t(`roles.${role}`) : t('common.none')} />;
}
