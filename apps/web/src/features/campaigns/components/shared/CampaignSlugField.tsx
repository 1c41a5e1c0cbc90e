import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, CircularProgress, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../../lib/i18n/validation';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useCampaignSlugCheck } from '../../api/validate-slug';
import { slugify } from './format';

interface CampaignSlugFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's own error (client validation or the server's field error). */
  error?: string | undefined;
  /** The campaign being edited: its current address counts as available. */
  exclude?: number;
  /** The title the "suggest" button turns into an address. */
  title: string;
}

export type SlugStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

/**
 * The campaign's public web address (/campaigns/{slug}) with a live availability check
 * (GET /campaigns/validate-url/{url}?showDetail=0, debounced, spec §5): available, taken (with
 * the server's suggestion one click away) or invalid.
 */
export function CampaignSlugField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  exclude,
  title,
}: CampaignSlugFieldProps) {
  const { t } = useTranslation();
  const normalized = value.trim().toLowerCase();
  const debounced = useDebouncedValue(normalized, 400);
  const check = useCampaignSlugCheck(debounced, exclude);
  const pending = normalized !== debounced || check.isFetching;
  const result = !pending && normalized ? check.data?.data : undefined;
  const suggestion = slugify(title);

  let status: SlugStatus = 'idle';
  if (normalized && pending) status = 'checking';
  else if (result?.available) status = 'available';
  else if (result?.reason === 'taken') status = 'taken';
  else if (result?.reason === 'invalid') status = 'invalid';

  const formError = translateFieldError(t, error);
  const bad = Boolean(formError) || status === 'taken' || status === 'invalid';

  const helper = formError ? (
    formError
  ) : status === 'checking' ? (
    t('campaigns.slug.checking')
  ) : status === 'available' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
      <CheckCircleIcon fontSize="inherit" aria-hidden />
      {t('campaigns.slug.available', { slug: result?.url ?? normalized })}
    </Box>
  ) : status === 'taken' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <ErrorOutlineIcon fontSize="inherit" aria-hidden />
      {t('campaigns.slug.taken')}
      {result?.suggestion ? (
        <Button
          size="small"
          variant="text"
          sx={{ py: 0, minHeight: 0, textTransform: 'none' }}
          onClick={() => onChange(result.suggestion ?? '')}
          data-testid="campaign-slug-suggestion"
        >
          {t('campaigns.slug.useSuggestion', { slug: result.suggestion })}
        </Button>
      ) : null}
    </Box>
  ) : status === 'invalid' ? (
    t('campaigns.slug.invalid')
  ) : (
    t('campaigns.slug.hint')
  );

  return (
    <TextField
      label={t('campaigns.fields.slug')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={bad}
      required
      helperText={
        <span aria-live="polite" data-testid="campaign-slug-status" data-status={status}>
          {helper}
        </span>
      }
      fullWidth
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">/campaigns/</InputAdornment>,
          endAdornment: (
            <InputAdornment position="end">
              {status === 'checking' ? <CircularProgress size={18} aria-label={t('campaigns.slug.checking')} /> : null}
              <Tooltip title={t('campaigns.slug.fromTitle')}>
                <span>
                  <IconButton
                    aria-label={t('campaigns.slug.fromTitle')}
                    onClick={() => onChange(suggestion)}
                    disabled={!suggestion || suggestion === normalized}
                    edge="end"
                    size="small"
                  >
                    <AutoFixHighIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
        htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': 'campaign-slug-input' },
      }}
    />
  );
}
