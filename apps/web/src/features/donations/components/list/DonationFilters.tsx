import { DONATION_KINDS, DONATION_STATUSES, PAYMENT_METHODS } from '@fc/contracts';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Box, Button, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/DateField';
import { isIsoDate } from '../../../../components/ui/dateText';
import { SelectField } from '../../../../components/ui/FormFields';
import { SearchField } from '../../../../components/ui/SearchField';
import { CampaignPicker } from '../shared/CampaignPicker';
import { STATUS_NAMES } from '../shared/format';
import type { ListFilterValues } from './useListFilters';

interface DonationFiltersProps {
  values: ListFilterValues;
  onChange: (changes: Partial<Record<keyof ListFilterValues, string | number | null>>) => void;
  /** Staff filters (method, kind, campaign); a donor only searches, picks a status and dates. */
  staff: boolean;
  showCampaign: boolean;
  /** The end date is before the start date. */
  rangeError: boolean;
}

const EMPTY = { q: '', status: '', method: '', kind: '', campaign: null, org: null, orgName: '', from: '', to: '' };

export function DonationFilters({ values, onChange, staff, showCampaign, rangeError }: DonationFiltersProps) {
  const { t } = useTranslation();
  const filtered = Object.entries(values).some(([k, v]) => k !== 'orgName' && v !== '' && v !== null);
  return (
    <Box
      role="search"
      aria-label={t('donations.filters.label')}
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <SearchField
        label={staff ? t('donations.filters.search') : t('donations.filters.searchMine')}
        value={values.q}
        onChange={(e) => onChange({ q: e.target.value })}
        size="small"
        sx={{ gridColumn: { xs: '1 / -1', lg: staff ? 'span 2' : 'span 1' } }}
        testId="donations-search"
      />
      <SelectField
        label={t('fields.status')}
        value={values.status}
        onChange={(e) => onChange({ status: e.target.value })}
        size="small"
        emptyLabel={t('donations.filters.allStatuses')}
        options={DONATION_STATUSES.map((s) => ({ value: s, label: t(`donations.status.${STATUS_NAMES[s]}`) }))}
        testId="donations-status-filter"
      />
      {staff ? (
        <>
          <SelectField
            label={t('donations.fields.method')}
            value={values.method}
            onChange={(e) => onChange({ method: e.target.value })}
            size="small"
            emptyLabel={t('donations.filters.allMethods')}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`donations.method.${m}`) }))}
            testId="donations-method-filter"
          />
          <SelectField
            label={t('donations.fields.kind')}
            value={values.kind}
            onChange={(e) => onChange({ kind: e.target.value })}
            size="small"
            emptyLabel={t('donations.filters.allKinds')}
            options={DONATION_KINDS.map((k) => ({ value: k, label: t(`donations.kind.${k}`) }))}
            testId="donations-kind-filter"
          />
        </>
      ) : null}
      {showCampaign ? (
        <CampaignPicker
          value={values.campaign}
          onChange={(c) => onChange({ campaign: c?.id ?? null })}
          label={t('donations.fields.campaign')}
          placeholder={t('donations.filters.allCampaigns')}
          size="small"
          testId="donations-campaign-filter"
        />
      ) : null}
      {/* A filter changes once the date is whole (or cleared), not at each digit typed. */}
      <DateField
        label={t('donations.filters.from')}
        value={values.from}
        onChange={(from) => (from === '' || isIsoDate(from)) && onChange({ from })}
        size="small"
        max={values.to || undefined}
        testId="donations-from"
      />
      <DateField
        label={t('donations.filters.to')}
        value={values.to}
        onChange={(to) => (to === '' || isIsoDate(to)) && onChange({ to })}
        size="small"
        error={rangeError}
        helperText={rangeError ? t('donations.filters.rangeError') : undefined}
        min={values.from || undefined}
        testId="donations-to"
      />
      {values.org ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gridColumn: { xs: '1 / -1', lg: 'auto' } }}>
          <Chip
            label={t('donations.filters.orgChip', { name: values.orgName || `#${values.org}` })}
            onDelete={() => onChange({ org: null, orgName: null })}
            data-testid="donations-org-filter"
          />
        </Box>
      ) : null}
      {filtered ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gridColumn: { xs: '1 / -1', lg: 'auto' } }}>
          <Button
            startIcon={<FilterAltOffIcon />}
            onClick={() => onChange(EMPTY)}
            data-testid="donations-clear-filters"
          >
            {t('donations.filters.clear')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
