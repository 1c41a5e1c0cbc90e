import { ROLES, type Role, USER_STATUSES } from '@fc/contracts';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/ui/FormFields';
import { SearchField } from '../../../../components/ui/SearchField';

export type UserStatus = (typeof USER_STATUSES)[number];

interface UserFiltersProps {
  search: string;
  role: Role | '';
  status: UserStatus | '';
  onSearch: (value: string) => void;
  onRole: (value: Role | '') => void;
  onStatus: (value: UserStatus | '') => void;
}

export function UserFilters({ search, role, status, onSearch, onRole, onStatus }: UserFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <SearchField
        label={t('users.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ flexGrow: 1 }}
        testId="user-search"
      />
      <SelectField
        label={t('fields.role')}
        value={role}
        onChange={(e) => onRole(e.target.value as Role | '')}
        sx={{ minWidth: 200 }}
        emptyLabel={t('users.allRoles')}
        options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        testId="role-filter"
      />
      <SelectField
        label={t('fields.status')}
        value={status}
        onChange={(e) => onStatus(e.target.value as UserStatus | '')}
        sx={{ minWidth: 160 }}
        emptyLabel={t('users.allStatuses')}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        testId="status-filter"
      />
    </Stack>
  );
}
