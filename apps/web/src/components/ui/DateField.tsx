import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/i18n/validation';
import { datePattern, isoToText, textToIso } from './dateText';

type BaseProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** `data-testid` of the text input. */
  testId?: string;
  /** Latest and earliest dates the calendar offers (`YYYY-MM-DD`). */
  max?: string | undefined;
  min?: string | undefined;
};

export type DateFieldProps = BaseProps & {
  /** `YYYY-MM-DD`, '' for none, or the text typed when it is not a date yet (the schema refuses it). */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed in the interface language ("31/05/2026" in Spanish, "05/31/2026" in English) or
 * picked from the browser's calendar; the value is `YYYY-MM-DD`. The browser's own date input
 * cannot do this: it writes its placeholder and digits in the browser's language, not the page's.
 */
export function DateField({
  value,
  onChange,
  testId,
  max,
  min,
  slotProps,
  onBlur,
  inputRef,
  ...props
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(() => isoToText(value, language));
  const editing = useRef(false);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!editing.current) setText(isoToText(value, language));
  }, [value, language]);

  return (
    <TextField
      {...props}
      value={text}
      onChange={(e) => {
        editing.current = true;
        const typed = e.target.value;
        setText(typed);
        onChange(typed.trim() === '' ? '' : (textToIso(typed, language) ?? typed));
      }}
      onBlur={(e) => {
        editing.current = false;
        setText(isoToText(value, language));
        onBlur?.(e);
      }}
      inputRef={inputRef}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, inputMode: 'numeric', placeholder: datePattern(language), maxLength: 10 },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                aria-label={t('fields.pickDate')}
                disabled={props.disabled}
                onClick={() => picker.current?.showPicker?.()}
              >
                <CalendarMonthIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
                max={max}
                min={min}
                onChange={(e) => {
                  editing.current = false;
                  onChange(e.target.value);
                }}
                style={{
                  position: 'absolute',
                  right: 0,
                  bottom: 0,
                  width: 1,
                  height: 1,
                  opacity: 0,
                  border: 0,
                  padding: 0,
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A DateField of a react-hook-form form (by `control` and `name`), showing its error under it. */
export function FormDateField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  fieldError,
  ...props
}: BaseProps & { control: Control<T, unknown, O>; name: Path<T>; fieldError?: { message?: string } | undefined }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled ?? field.disabled}
      error={Boolean(fieldError)}
      helperText={translateFieldError(t, fieldError?.message)}
    />
  );
}
