import type { CampaignSummary } from '@fc/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { useCampaignOptions } from '../../api/get-campaign-options';

interface CampaignPickerProps {
  value: number | null;
  onChange: (campaign: CampaignSummary | null) => void;
  label: string;
  /** Shown while nothing is chosen (the label then stays above the box, like a filter's "all"). */
  placeholder?: string;
  testId: string;
  required?: boolean;
  error?: string | undefined;
  onBlur?: () => void;
  size?: 'small' | 'medium';
}

/** One of the campaigns the signed-in user may see (GET /admin/campaign/listbyuser/), searched by title. */
export function CampaignPicker(props: CampaignPickerProps) {
  const { value, onChange, label, placeholder, testId, required, error, onBlur, size } = props;
  const { t } = useTranslation();
  const campaigns = useCampaignOptions();
  const options = useMemo(
    () => [...(campaigns.data?.data ?? [])].sort((a, b) => a.title.localeCompare(b.title)),
    [campaigns.data],
  );
  const selected = options.find((c) => c.id === value) ?? null;
  return (
    <Autocomplete<CampaignSummary>
      value={selected}
      onChange={(_e, v) => onChange(v)}
      options={options}
      getOptionLabel={(c) => c.title}
      getOptionKey={(c) => c.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={campaigns.isPending}
      loadingText={t('common.loading')}
      noOptionsText={t('donations.filters.noCampaigns')}
      onBlur={onBlur}
      size={size}
      renderOption={({ key, ...props }, c) => (
        <li key={key} {...props}>
          <span>
            {c.title}
            <br />
            <small>{c.organization_name}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          required={required}
          error={Boolean(error) || campaigns.isError}
          helperText={error ?? (campaigns.isError ? errorMessage(campaigns.error, t('errors.generic')) : undefined)}
          slotProps={{
            ...params.slotProps,
            ...(placeholder ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
