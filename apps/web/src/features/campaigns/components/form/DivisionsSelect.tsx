import { Autocomplete, Checkbox, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { translateFieldError } from '../../../../lib/i18n/validation';
import { type DivisionOption, type OwnerNode, useDivisionsUnder } from '../../api/org-options';

interface DivisionsSelectProps {
  /** The campaign's owner: the options are the divisions under it. */
  owner: OwnerNode | null;
  value: DivisionOption[];
  onChange: (value: DivisionOption[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  /** Divisions already on the campaign (kept as options even when the walk does not reach them). */
  current?: DivisionOption[];
}

/** Multi-select of the divisions under the owner taking part in the campaign, grouped by team. */
export function DivisionsSelect({ owner, value, onChange, onBlur, error, current = [] }: DivisionsSelectProps) {
  const { t } = useTranslation();
  const divisions = useDivisionsUnder(owner);
  const options = useMemo(() => {
    const found = divisions.data ?? [];
    const extra = current.filter((c) => !found.some((f) => f.id === c.id));
    return [...found, ...extra];
  }, [divisions.data, current]);
  const formError = translateFieldError(t, error);
  const helper =
    formError ??
    (divisions.isError
      ? errorMessage(divisions.error, t('errors.generic'))
      : !owner
        ? t('campaigns.form.divisionsNeedOwner')
        : divisions.isSuccess && options.length === 0
          ? t('campaigns.form.noDivisions')
          : t('campaigns.form.divisionsHint'));

  return (
    <Autocomplete<DivisionOption, true>
      multiple
      disableCloseOnSelect
      disabled={!owner}
      value={value}
      onChange={(_e, v) => onChange(v)}
      onBlur={onBlur}
      options={options}
      loading={divisions.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('campaigns.form.noDivisions')}
      groupBy={(o) => o.teamName}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      renderOption={(props, option, { selected }) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Checkbox size="small" checked={selected} sx={{ mr: 1 }} tabIndex={-1} disableRipple />
            {option.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('campaigns.fields.divisions')}
          error={Boolean(formError) || divisions.isError}
          helperText={helper}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'campaign-divisions' },
          }}
        />
      )}
    />
  );
}
