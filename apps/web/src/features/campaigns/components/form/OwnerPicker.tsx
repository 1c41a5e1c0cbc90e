import type { OrgRef } from '@fc/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { translateFieldError } from '../../../../lib/i18n/validation';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useOrgSearch, useOwnerOptions } from '../../api/org-options';

const TYPE_KEY: Record<number, string> = { 1: 'organization', 2: 'league', 3: 'team', 4: 'division' };

interface OrgPickerProps {
  value: OrgRef | null;
  onChange: (value: OrgRef | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  /** `owners`: nodes the caller manages (a campaign's owner); `any`: any node they can see. */
  source: 'owners' | 'any';
  /** Nodes that may not be chosen (already shared, the owner). */
  excludeIds?: readonly number[];
  testId: string;
  /** Open the list as soon as the page shows (one choice is common). */
  autoSelectSingle?: boolean;
}

/** Autocomplete over GET /admin/organization/filter (server search), grouped by node type. */
export function OrgPicker(props: OrgPickerProps) {
  const { value, onChange, source, excludeIds = [] } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  // Typing searches; showing the chosen option's name in the box does not.
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const owners = useOwnerOptions(q, source === 'owners' && open);
  const any = useOrgSearch(q, source === 'any' && open);
  const query = source === 'owners' ? owners : any;
  const raw = source === 'owners' ? owners.data : any.data?.data;
  const list = (raw ?? []).filter((o) => !excludeIds.includes(o.id));
  const error = translateFieldError(t, props.error);

  return (
    <Autocomplete<OrgRef>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        setSearch(reason === 'input' ? v : '');
      }}
      options={list}
      filterOptions={(x) => x}
      groupBy={(o) => t(`orgTypes.${TYPE_KEY[o.typeId] ?? 'organization'}`)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={query.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={q ? t('campaigns.picker.noMatch') : t('campaigns.picker.none')}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={Boolean(error) || query.isError}
          helperText={error ?? (query.isError ? errorMessage(query.error, t('errors.generic')) : undefined)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
