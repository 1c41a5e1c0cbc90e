import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

type SearchFieldProps = Omit<TextFieldProps, 'type'> & {
  /** `data-testid` of the input element. */
  testId?: string;
};

/** A search box with the magnifier at its start (lists, filters, FAQ). */
export function SearchField({ testId, slotProps, ...props }: SearchFieldProps) {
  return (
    <TextField
      {...props}
      type="search"
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
        ...(testId ? { htmlInput: { 'data-testid': testId } } : {}),
      }}
    />
  );
}
