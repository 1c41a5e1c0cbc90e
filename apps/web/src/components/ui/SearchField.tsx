import SearchIcon from '@mui/icons-material/Search';
import { FormControl, InputAdornment, InputLabel, OutlinedInput, type SxProps, type Theme } from '@mui/material';
import { type ChangeEvent, useId } from 'react';

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
  /** `data-testid` of the input element. */
  testId?: string;
}

/**
 * A search box with the magnifier at its start (lists, filters, the public leaderboard). Built
 * from the input parts rather than TextField, which brings MUI's Select (about 17 KB gzip) to
 * every page that uses it, the public campaign page included.
 */
export function SearchField({ label, value, onChange, size, fullWidth, autoFocus, sx, testId }: SearchFieldProps) {
  const id = useId();
  return (
    <FormControl size={size} fullWidth={fullWidth} sx={sx} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        value={value}
        onChange={onChange}
        autoFocus={autoFocus}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
        inputProps={testId ? { 'data-testid': testId } : undefined}
      />
    </FormControl>
  );
}
