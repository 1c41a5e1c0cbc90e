import { type OrgRef, orgTypeName } from '@fc/contracts';
import { Autocomplete, type AutocompleteInputChangeReason, type SxProps, TextField, type Theme } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/errors';
import { translateFieldError } from '../../lib/i18n/validation';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

export interface OrgSearch {
  /** Whether the list is open: load options only then. */
  open: boolean;
  /** The debounced (300 ms), trimmed search text. */
  q: string;
  input: string;
  setOpen: (open: boolean) => void;
  onInputChange: (value: string, reason: AutocompleteInputChangeReason) => void;
}

/**
 * The open state and search text of an org picker. With one choice, typing searches but showing
 * the chosen option's name in the box does not; with several, the typed text stays as options are
 * picked (and searches).
 */
export function useOrgPickerSearch({ multiple = false }: { multiple?: boolean } = {}): OrgSearch {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue((multiple ? input : search).trim(), 300);
  const onInputChange = (value: string, reason: AutocompleteInputChangeReason) => {
    if (multiple) {
      if (reason !== 'reset') setInput(value);
      return;
    }
    setInput(value);
    setSearch(reason === 'input' ? value : '');
  };
  return { open, q, input, setOpen, onInputChange };
}

/** The state of the options' query (TanStack Query's fields). */
interface OptionsQuery {
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

type Selection =
  | { multiple?: false; value: OrgRef | null; onChange: (value: OrgRef | null) => void }
  | { multiple: true; value: OrgRef[]; onChange: (value: OrgRef[]) => void };

type OrgAutocompleteProps = Selection & {
  search: OrgSearch;
  options: readonly OrgRef[];
  query: OptionsQuery;
  label: string;
  /** Group the options under their node type's name. */
  grouped?: boolean;
  /** The texts when nothing matches the search, and when there is nothing at all. */
  noMatchText: string;
  noneText: string;
  onBlur?: (() => void) | undefined;
  /** The form's error (translated here when it is a known contract message). */
  error?: string | undefined;
  required?: boolean | undefined;
  testId: string;
  sx?: SxProps<Theme>;
};

/** Autocomplete over org nodes found by a server search (the options are not filtered again here). */
export function OrgAutocomplete(props: OrgAutocompleteProps) {
  const { search, options, query, grouped = true } = props;
  const { t } = useTranslation();
  const error = translateFieldError(t, props.error);
  const multiple = props.multiple === true;

  return (
    <Autocomplete<OrgRef, boolean>
      multiple={multiple}
      disableCloseOnSelect={multiple}
      filterSelectedOptions={multiple}
      open={search.open}
      onOpen={() => search.setOpen(true)}
      onClose={() => search.setOpen(false)}
      value={props.value}
      onChange={(_e, v) => {
        if (props.multiple) props.onChange(Array.isArray(v) ? v : []);
        else props.onChange(Array.isArray(v) ? (v[0] ?? null) : v);
      }}
      inputValue={search.input}
      onInputChange={(_e, v, reason) => search.onInputChange(v, reason)}
      options={options}
      filterOptions={(x) => x}
      groupBy={grouped ? (o) => t(`orgTypes.${orgTypeName(o.typeId)}`) : undefined}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={query.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={search.q ? props.noMatchText : props.noneText}
      onBlur={props.onBlur}
      sx={props.sx}
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
