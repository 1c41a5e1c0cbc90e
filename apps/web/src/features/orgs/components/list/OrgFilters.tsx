import { ORG_STATUSES, type OrgRef, type OrgTypeId } from '@fc/contracts';
import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/ui/FormFields';
import { SearchField } from '../../../../components/ui/SearchField';
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
      <SearchField
        label={t(`orgs.list.search.${typeName(typeId)}`)}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
        autoFocus={props.autoFocus}
        sx={{ flexGrow: 1 }}
        testId="org-search"
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
      <SelectField
        label={t('fields.status')}
        value={props.status}
        onChange={(e) => props.onStatus(e.target.value as OrgStatus | '')}
        sx={{ minWidth: 160 }}
        emptyLabel={t('orgs.filters.allStatuses')}
        options={ORG_STATUSES.map((s) => ({ value: s, label: t(`orgs.status.${s}`) }))}
        testId="status-filter"
      />
    </Stack>
  );
}
