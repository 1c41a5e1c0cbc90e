import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';

type FieldProps = Omit<OutlinedInputProps, 'error' | 'label' | 'onChange' | 'value' | 'id'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The field's problem, shown under it and announced with it. */
  error?: string | null | undefined;
  /** A hint under the field when there is no problem. */
  hint?: ReactNode;
  testId: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  maxLength?: number;
  /** Layout of the whole field (e.g. its share of a row). */
  controlSx?: SxProps<Theme>;
};

/**
 * A labelled text field of the payment pages, built from the input parts rather than TextField:
 * TextField brings MUI's Select (about 17 kB gzip) to every page that uses it.
 */
export function Field({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  testId,
  autoComplete,
  inputMode,
  maxLength,
  required,
  fullWidth = true,
  controlSx,
  ...rest
}: FieldProps) {
  const helperId = `${id}-helper`;
  const helper = error || hint;
  return (
    <FormControl fullWidth={fullWidth} error={Boolean(error)} required={required} sx={controlSx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...rest}
        id={id}
        label={required ? `${label} *` : label}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        inputProps={{
          'data-testid': testId,
          autoComplete,
          inputMode,
          maxLength,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': helper ? helperId : undefined,
          'aria-required': required ? true : undefined,
        }}
      />
      {helper ? <FormHelperText id={helperId}>{error || hint}</FormHelperText> : null}
    </FormControl>
  );
}
