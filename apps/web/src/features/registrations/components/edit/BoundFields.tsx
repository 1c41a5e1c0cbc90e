import type { SxProps, Theme } from '@mui/material';
import { Controller, type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import {
  FormTextField,
  type FormTextFieldProps,
  SelectField,
  type SelectOption,
} from '../../../../components/ui/FormFields';

/** A field of a step's form: the form, the field's name in it, and its `data-testid`. */
interface Bound<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  testId: string;
}

/** The form's error for a field (a dotted name reads a nested one, as `admin.email`). */
const errorOf = <V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>) =>
  get(form.formState.errors, name) as FieldError | undefined;

/** A full-width text field registered in the step's form under its name, with its error; required unless said. */
export function BoundTextField<V extends FieldValues>({
  form,
  name,
  required = true,
  ...props
}: Bound<V> & Omit<FormTextFieldProps, 'name' | 'fieldError' | 'testId'>) {
  return (
    <FormTextField {...form.register(name)} required={required} fullWidth fieldError={errorOf(form, name)} {...props} />
  );
}

/** A select of the step's form (its value kept by a Controller), with its error. */
export function BoundSelectField<V extends FieldValues>({
  form,
  name,
  testId,
  label,
  options,
  fullWidth,
  sx,
}: Bound<V> & { label: string; options: readonly SelectOption[]; fullWidth?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SelectField
          label={label}
          value={field.value}
          onChange={(ev) => field.onChange(ev.target.value)}
          fullWidth={fullWidth}
          fieldError={errorOf(form, name)}
          sx={sx}
          options={options}
          testId={testId}
        />
      )}
    />
  );
}
