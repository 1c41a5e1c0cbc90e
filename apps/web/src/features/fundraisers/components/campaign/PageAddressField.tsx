import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, CircularProgress, InputAdornment, TextField } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../../lib/i18n/validation';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { usePageSlugCheck } from '../../api/fundraiser-campaign';

export type SlugStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';
export interface PageSlugCheck {
  status: SlugStatus;
  url?: string;
  suggestion?: string;
}

/**
 * The live check of a page address (GET /fundraiser/validate-url/{url}?showDetail=0&exclude={cfid}),
 * debounced; the address saved now (`current`) needs no check.
 */
export function usePageSlugStatus(value: string, exclude: number, current: string): PageSlugCheck {
  const normalized = value.trim().toLowerCase();
  const debounced = useDebouncedValue(normalized, 400);
  const unchanged = normalized === current;
  const check = usePageSlugCheck(unchanged ? '' : debounced, exclude);
  const pending = !unchanged && (normalized !== debounced || check.isFetching);
  const result = !pending && !unchanged && normalized ? check.data?.data : undefined;
  if (normalized && pending) return { status: 'checking' };
  if (result?.available) return { status: 'available', url: result.url };
  if (result?.reason === 'taken') return { status: 'taken', suggestion: result.suggestion };
  if (result?.reason === 'invalid') return { status: 'invalid' };
  return { status: 'idle' };
}

interface PageAddressFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  check: PageSlugCheck;
  disabled?: boolean;
}

/** The player's page address, `/fundraisers/{slug}`, with the result of its live check. */
export function PageAddressField({ value, onChange, onBlur, inputRef, error, check, disabled }: PageAddressFieldProps) {
  const { t } = useTranslation();
  const { status } = check;
  const formError = translateFieldError(t, error);
  const bad = Boolean(formError) || status === 'taken' || status === 'invalid';
  const helper = formError ? (
    formError
  ) : status === 'checking' ? (
    t('fundraisers.page.slugChecking')
  ) : status === 'available' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
      <CheckCircleIcon fontSize="inherit" aria-hidden />
      {t('fundraisers.page.slugAvailable', { slug: check.url ?? value.trim().toLowerCase() })}
    </Box>
  ) : status === 'taken' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <ErrorOutlineIcon fontSize="inherit" aria-hidden />
      {t('fundraisers.page.slugTaken')}
      {check.suggestion ? (
        <Button
          size="small"
          variant="text"
          sx={{ py: 0, minHeight: 0, textTransform: 'none' }}
          onClick={() => onChange(check.suggestion ?? '')}
          data-testid="page-slug-suggestion"
        >
          {t('fundraisers.page.slugUse', { slug: check.suggestion })}
        </Button>
      ) : null}
    </Box>
  ) : status === 'invalid' ? (
    t('validation.slugFormat')
  ) : (
    t('fundraisers.page.slugHint')
  );

  return (
    <TextField
      label={t('fundraisers.page.slug')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={bad}
      disabled={disabled}
      helperText={<span aria-live="polite">{helper}</span>}
      fullWidth
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">/fundraisers/</InputAdornment>,
          endAdornment:
            status === 'checking' ? (
              <InputAdornment position="end">
                <CircularProgress size={18} aria-label={t('fundraisers.page.slugChecking')} />
              </InputAdornment>
            ) : undefined,
        },
        htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': 'page-slug' },
      }}
    />
  );
}
