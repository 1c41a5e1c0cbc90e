import type { validateUrlResultSchema } from '@fc/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, CircularProgress, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../lib/api/client';
import { translateFieldError } from '../../lib/i18n/validation';
import { useDebouncedValue } from '../../lib/useDebouncedValue';

export type WebAddressResult = z.infer<typeof validateUrlResultSchema>;
export type WebAddressStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid';

/** Where a typed address stands: `url` is the normalized address when available, `suggestion` a free one when taken. */
export interface WebAddressCheck {
  status: WebAddressStatus;
  url?: string | undefined;
  suggestion?: string | undefined;
}

/** GET /{type}/validate-url/{url}?showDetail=0&exclude={id}: is this web address free? */
export function validateWebAddress(type: string, slug: string, exclude?: number, signal?: AbortSignal) {
  return api.get<{ data: WebAddressResult }>(
    `/${type}/validate-url/${encodeURIComponent(slug)}`,
    { showDetail: 0, exclude },
    signal,
  );
}

export interface WebAddressCheckOptions {
  /** The validate-url route's first segment: an org type name (`club`, …), `campaigns` or `fundraiser`. */
  type: string;
  /**
   * The query key of one check, under the feature's own keys so that the feature's invalidations
   * (after a save) refresh it too.
   */
  queryKey: (slug: string, exclude?: number) => QueryKey;
  /** The record being edited: its current address counts as available. */
  exclude?: number | undefined;
  /** The address saved now: while the field still holds it, nothing is checked. */
  current?: string | undefined;
}

/** The live, debounced (400 ms) availability check of a web address as it is typed. */
export function useWebAddressCheck(
  value: string,
  { type, queryKey, exclude, current }: WebAddressCheckOptions,
): WebAddressCheck {
  const normalized = value.trim().toLowerCase();
  const debounced = useDebouncedValue(normalized, 400);
  const unchanged = current !== undefined && normalized === current;
  const slug = unchanged ? '' : debounced;
  const check = useQuery({
    queryKey: queryKey(slug, exclude),
    queryFn: ({ signal }) => validateWebAddress(type, slug, exclude, signal),
    enabled: slug.length > 0,
    staleTime: 10_000,
    retry: false,
  });
  const pending = !unchanged && (normalized !== debounced || check.isFetching);
  const result = !pending && !unchanged && normalized ? check.data?.data : undefined;
  if (normalized && pending) return { status: 'checking' };
  if (result?.available) return { status: 'available', url: result.url };
  // A reserved word (login, how-it-works…) is taken by the site itself: same choice, with a suggestion.
  if (result?.reason === 'taken' || result?.reason === 'reserved')
    return { status: 'taken', suggestion: result.suggestion };
  if (result?.reason === 'invalid') return { status: 'invalid' };
  return { status: 'idle' };
}

/** The field's texts, already translated by the feature (so its keys stay checked where they are used). */
export interface WebAddressTexts {
  label: string;
  hint: string;
  checking: string;
  available: (slug: string) => string;
  taken: string;
  suggest: (slug: string) => string;
  invalid: string;
}

interface WebAddressFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** The form's own error (client validation or the server's field error). */
  error?: string | undefined;
  /** The result of useWebAddressCheck for this value. */
  check: WebAddressCheck;
  /** Shown before the address, e.g. `/campaigns/`. */
  prefix: string;
  texts: WebAddressTexts;
  /** A "propose" button: the address it fills in (e.g. from the name) and its label. */
  propose?: { value: string; label: string } | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  testIds: { input: string; suggestion: string; status?: string | undefined };
}

/**
 * A web-address (slug) field showing its live check: available, taken (with the server's
 * suggestion one click away) or invalid; the form's own error wins.
 */
export function WebAddressField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  check,
  prefix,
  texts,
  propose,
  required,
  disabled,
  testIds,
}: WebAddressFieldProps) {
  const { t } = useTranslation();
  const { status, suggestion } = check;
  const normalized = value.trim().toLowerCase();
  const formError = translateFieldError(t, error);
  const bad = Boolean(formError) || status === 'taken' || status === 'invalid';

  let helper: ReactNode;
  if (formError) helper = formError;
  else if (status === 'checking') helper = texts.checking;
  else if (status === 'available')
    helper = (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}>
        <CheckCircleIcon fontSize="inherit" aria-hidden />
        {texts.available(check.url ?? normalized)}
      </Box>
    );
  else if (status === 'taken')
    helper = (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <ErrorOutlineIcon fontSize="inherit" aria-hidden />
        {texts.taken}
        {suggestion ? (
          <Button
            size="small"
            variant="text"
            sx={{ py: 0, minHeight: 0, textTransform: 'none' }}
            onClick={() => onChange(suggestion)}
            data-testid={testIds.suggestion}
          >
            {texts.suggest(suggestion)}
          </Button>
        ) : null}
      </Box>
    );
  else if (status === 'invalid') helper = texts.invalid;
  else helper = texts.hint;

  const spinner = status === 'checking' ? <CircularProgress size={18} aria-label={texts.checking} /> : null;

  return (
    <TextField
      label={texts.label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={bad}
      required={required}
      disabled={disabled}
      helperText={
        testIds.status ? (
          <span aria-live="polite" data-testid={testIds.status} data-status={status}>
            {helper}
          </span>
        ) : (
          <span aria-live="polite">{helper}</span>
        )
      }
      fullWidth
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start">{prefix}</InputAdornment>,
          endAdornment:
            propose || spinner ? (
              <InputAdornment position="end">
                {spinner}
                {propose ? (
                  <Tooltip title={propose.label}>
                    <span>
                      <IconButton
                        aria-label={propose.label}
                        onClick={() => onChange(propose.value)}
                        disabled={!propose.value || propose.value === normalized}
                        edge="end"
                        size="small"
                      >
                        <AutoFixHighIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                ) : null}
              </InputAdornment>
            ) : undefined,
        },
        htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': testIds.input },
      }}
    />
  );
}
