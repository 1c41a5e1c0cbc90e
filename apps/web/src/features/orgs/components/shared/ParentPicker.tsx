import { ALLOWED_PARENT_TYPES, type OrgRef, type OrgTypeId } from '@fc/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useOrgOptions } from '../../api/get-org-options';
import { typeName } from './orgTypes';

interface ParentPickerProps {
  /** The type of the node that will sit under the chosen parent. */
  childTypeId: OrgTypeId;
  value: OrgRef | null;
  onChange: (value: OrgRef | null) => void;
  onBlur?: () => void;
  label?: string;
  error?: string | undefined;
  /** Only nodes the caller may add children to (create, move); false for list filters. */
  writable?: boolean;
  /** A node that may not be chosen (the node being moved). */
  excludeId?: number;
  required?: boolean;
  testId?: string;
}

/** Autocomplete over GET /admin/organization/filter with server search, grouped by type. */
export function ParentPicker(props: ParentPickerProps) {
  const { childTypeId, value, onChange, writable = true, excludeId } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  // Typing searches; showing the chosen option's name in the box does not.
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const allowed = ALLOWED_PARENT_TYPES[childTypeId];
  const options = useOrgOptions(
    { organizationType: allowed.length === 1 ? allowed[0] : undefined, q: q || undefined, writable },
    open,
  );
  const list = (options.data?.data ?? []).filter((o) => allowed.includes(o.typeId) && o.id !== excludeId);
  const label =
    props.label ??
    t('orgs.fields.parentOf', {
      types: allowed.map((a) => t(`orgTypes.${typeName(a)}`)).join(t('orgs.or')),
    });

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
      groupBy={allowed.length > 1 ? (o) => t(`orgTypes.${typeName(o.typeId)}`) : undefined}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={q ? t('orgs.picker.noMatch') : t('orgs.picker.none')}
      onBlur={props.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={props.required}
          error={Boolean(props.error) || options.isError}
          helperText={props.error ?? (options.isError ? errorMessage(options.error, t('errors.generic')) : undefined)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': props.testId ?? 'parent-picker' },
          }}
        />
      )}
    />
  );
}
