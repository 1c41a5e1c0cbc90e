import { ORG_STATUSES, type OrgRef, type OrgTypeId } from '@fc/contracts';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { typeName } from '../shared/orgTypes';
import { ParentPicker } from '../shared/ParentPicker';
import { SalesSelect } from '../shared/SalesSelect';

export type OrgStatus = (typeof ORG_STATUSES)[number];

interface OrgFiltersProps {
  typeId: OrgTypeId;
  search: string;
  parent: OrgRef | null;
  sales: number | null;
  status: OrgStatus | '';
  showSales: boolean;
  autoFocus?: boolean;
  onSearch: (value: string) => void;
  onParent: (value: OrgRef | null) => void;
  onSales: (value: number | null) => void;
  onStatus: (value: OrgStatus | '') => void;
}

export function OrgFilters(props: OrgFiltersProps) {
  const { typeId } = props;
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        label={t(`orgs.list.search.${typeName(typeId)}`)}
        type="search"
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
        autoFocus={props.autoFocus}
        sx={{ flexGrow: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { 'data-testid': 'org-search' },
        }}
      />
      {typeId !== 1 ? (
        <Box sx={{ minWidth: { md: 240 } }}>
          <ParentPicker
            childTypeId={typeId}
            value={props.parent}
            onChange={props.onParent}
            writable={false}
            label={t('orgs.filters.parent')}
            testId="parent-filter"
          />
        </Box>
      ) : null}
      {props.showSales ? (
        <SalesSelect variant="filter" value={props.sales} onChange={props.onSales} testId="sales-filter" />
      ) : null}
      <TextField
        select
        label={t('fields.status')}
        value={props.status}
        onChange={(e) => props.onStatus(e.target.value as OrgStatus | '')}
        sx={{ minWidth: 160 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'status-filter' } as object },
        }}
      >
        <MenuItem value="">{t('orgs.filters.allStatuses')}</MenuItem>
        {ORG_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`orgs.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
