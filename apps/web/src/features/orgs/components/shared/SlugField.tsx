import type { OrgTypeId } from '@fc/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, CircularProgress, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../../lib/i18n/validation';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useSlugCheck } from '../../api/validate-slug';
import { slugify, typeName } from './orgTypes';

interface SlugFieldProps {
  typeId: OrgTypeId;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The form's own error (client validation or the server's field error). */
  error?: string | undefined;
  /** The node being edited: its current slug counts as available. */
  exclude?: number;
  /** The name the "suggest from name" button turns into a slug. */
  name: string;
  testId?: string;
}

/**
 * Web-address field with a live availability check (GET /{type}/validate-url/{url}, debounced):
 * available, taken (with the server's suggestion one click away) or invalid.
 */
export function SlugField({ typeId, value, onChange, onBlur, inputRef, error, exclude, name, testId }: SlugFieldProps) {
  const { t } = useTranslation();
  const normalized = value.trim().toLowerCase();
  const debounced = useDebouncedValue(normalized, 400);
  const check = useSlugCheck(typeName(typeId), debounced, exclude);
  const pending = normalized !== debounced || check.isFetching;
  const result = !pending && normalized ? check.data?.data : undefined;
  const suggestion = slugify(name);

  let status: 'idle' | 'checking' | 'available' | 'taken' | 'invalid' = 'idle';
  if (normalized && pending) status = 'checking';
  else if (result?.available) status = 'available';
  else if (result?.reason === 'taken') status = 'taken';
  else if (result?.reason === 'invalid') status = 'invalid';

  const formError = translateFieldError(t, error);
  const bad = Boolean(formError) || status === 'taken' || status === 'invalid';

  const helper = formError ? (
    formError
  ) : status === 'checking' ? (
    t('orgs.slug.checking')
  ) : status === 'available' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
      <CheckCircleIcon fontSize="inherit" aria-hidden />
      {t('orgs.slug.available', { slug: result?.url ?? normalized })}
    </Box>
  ) : status === 'taken' ? (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <ErrorOutlineIcon fontSize="inherit" aria-hidden />
      {t('orgs.slug.taken')}
      {result?.suggestion ? (
        <Button
          size="small"
          variant="text"
          sx={{ py: 0, minHeight: 0, textTransform: 'none' }}
          onClick={() => onChange(result.suggestion ?? '')}
          data-testid="slug-suggestion"
        >
          {t('orgs.slug.useSuggestion', { slug: result.suggestion })}
        </Button>
      ) : null}
    </Box>
  ) : status === 'invalid' ? (
    t('orgs.slug.invalid')
  ) : (
    t('orgs.slug.hint')
  );

  return (
    <TextField
      label={t('orgs.fields.slug')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={bad}
      helperText={<span aria-live="polite">{helper}</span>}
      fullWidth
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">/</InputAdornment>,
          endAdornment: (
            <InputAdornment position="end">
              {status === 'checking' ? <CircularProgress size={18} aria-label={t('orgs.slug.checking')} /> : null}
              <Tooltip title={t('orgs.slug.fromName')}>
                <span>
                  <IconButton
                    aria-label={t('orgs.slug.fromName')}
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
        htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': testId ?? 'slug-input' },
      }}
    />
  );
}
