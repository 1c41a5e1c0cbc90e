import { Button, MenuItem, Stack, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/i18n/validation';

export type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'helperText'> & {
  /** From `form.register(...)`: react-hook-form finds the input inside. */
  ref?: Ref<HTMLDivElement>;
  /** The field's form error: its message (translated when known) is the helper text. */
  fieldError?: { message?: string };
  /** `data-testid` of the input element. */
  testId?: string;
};

/** A text field of a react-hook-form form, showing its error under it. */
export function FormTextField({ ref, fieldError, testId, slotProps, ...props }: FormTextFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      ref={ref}
      error={Boolean(fieldError)}
      helperText={translateFieldError(t, fieldError?.message)}
      slotProps={testId ? { ...slotProps, htmlInput: { 'data-testid': testId } } : slotProps}
    />
  );
}

/** First and last name side by side (one above the other on phones); each gets its own props. */
export function NameFields({ first, last }: { first: FormTextFieldProps; last: FormTextFieldProps }) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <FormTextField label={t('fields.firstName')} fullWidth {...first} />
      <FormTextField label={t('fields.lastName')} fullWidth {...last} />
    </Stack>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

type SelectFieldProps = Omit<TextFieldProps, 'select' | 'children'> & {
  options: readonly SelectOption[];
  /** The field's form error, as in FormTextField (`error` and `helperText` win when given). */
  fieldError?: { message?: string };
  /** `data-testid` of the element that opens the list. */
  testId?: string;
  /** A first choice with the value '' (a filter's "all"), shown even when chosen. */
  emptyLabel?: string;
};

/** A select (MUI TextField) over a list of options. */
export function SelectField({ options, testId, emptyLabel, fieldError, slotProps, ...props }: SelectFieldProps) {
  const { t } = useTranslation();
  const withEmpty = emptyLabel !== undefined;
  return (
    <TextField
      {...props}
      error={props.error ?? Boolean(fieldError)}
      helperText={props.helperText ?? translateFieldError(t, fieldError?.message)}
      select
      slotProps={{
        ...slotProps,
        ...(withEmpty ? { inputLabel: { shrink: true } } : {}),
        select: {
          ...(withEmpty ? { displayEmpty: true } : {}),
          ...(testId ? { SelectDisplayProps: { 'data-testid': testId } as object } : {}),
        },
      }}
    >
      {withEmpty ? <MenuItem value="">{emptyLabel}</MenuItem> : null}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The large, full-width submit button of a page's single form (off while it is sent). */
export function SubmitButton({ pending, testId, children }: { pending: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={pending} data-testid={testId}>
      {children}
    </Button>
  );
}
