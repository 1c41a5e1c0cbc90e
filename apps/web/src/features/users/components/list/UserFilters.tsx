import { ROLES, type Role, USER_STATUSES } from '@fc/contracts';
import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

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
      <TextField
        label={t('users.search')}
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ flexGrow: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'user-search' },
        }}
      />
      <TextField
        select
        label={t('fields.role')}
        value={role}
        onChange={(e) => onRole(e.target.value as Role | '')}
        sx={{ minWidth: 200 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'role-filter' } as object },
        }}
      >
        <MenuItem value="">{t('users.allRoles')}</MenuItem>
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`roles.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fields.status')}
        value={status}
        onChange={(e) => onStatus(e.target.value as UserStatus | '')}
        sx={{ minWidth: 160 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'status-filter' } as object },
        }}
      >
        <MenuItem value="">{t('users.allStatuses')}</MenuItem>
        {USER_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
