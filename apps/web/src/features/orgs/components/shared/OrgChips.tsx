import type { OrgTypeId } from '@fc/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { typeName } from './orgTypes';

export function OrgTypeChip({ typeId }: { typeId: OrgTypeId }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color="primary" label={t(`orgTypes.${typeName(typeId)}`)} />;
}

export function OrgStatusChip({ status }: { status: 'active' | 'inactive' }) {
  const { t } = useTranslation();
  return <Chip size="small" color={status === 'active' ? 'success' : 'default'} label={t(`orgs.status.${status}`)} />;
}
