import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api/errors';
import { useSalespeople } from '../../api/get-salespeople';

interface SalesSelectProps {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
  /** A filter shows "All salespeople" for no value; a form shows "None". */
  variant?: 'form' | 'filter';
  testId?: string;
}

/** Salesperson of a team, options from GET /user/salespeople (staff only). */
export function SalesSelect({ value, onChange, error, variant = 'form', testId }: SalesSelectProps) {
  const { t } = useTranslation();
  const sales = useSalespeople(true);
  return (
    <TextField
      select
      fullWidth={variant === 'form'}
      label={t('orgs.fields.salesperson')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      error={Boolean(error) || sales.isError}
      helperText={error ?? (sales.isError ? errorMessage(sales.error, t('errors.generic')) : undefined)}
      sx={variant === 'filter' ? { minWidth: 200 } : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId ?? 'sales-select' } as object },
      }}
    >
      <MenuItem value="">{variant === 'filter' ? t('orgs.filters.allSalespeople') : t('common.none')}</MenuItem>
      {(sales.data?.data ?? []).map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {`${s.firstName} ${s.lastName}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
