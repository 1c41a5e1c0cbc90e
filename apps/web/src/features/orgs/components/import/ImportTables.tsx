import { IMPORT_COLUMNS, type ImportKind, type ImportResult } from '@fc/contracts';
import {
  alpha,
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateImportProblem } from '../../../../lib/i18n/validation';
import type { RowError } from './useImportSteps';

/** The import dialog's tables: the row problems, the preview of the rows read, the final figures. */
export function ErrorTable({ errors, total }: { errors: RowError[]; total: number }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('orgs.import.errorsTitle', { count: total })}
      </Typography>
      {total > errors.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('orgs.import.errorsTruncated', { shown: errors.length, total })}
        </Typography>
      ) : null}
      {/* Scrolls (long lists, narrow screens): focusable so keyboards can scroll it (WCAG 2.1.1). */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('orgs.import.errorsTitle', { count: total })}
        sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table
          size="small"
          stickyHeader
          aria-label={t('orgs.import.errorsTitle', { count: total })}
          data-testid="import-errors"
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('orgs.import.line')}</TableCell>
              <TableCell>{t('orgs.import.column')}</TableCell>
              <TableCell>{t('orgs.import.problem')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line may have several errors in the same column
              <TableRow key={`${e.line}-${e.column}-${i}`}>
                <TableCell>{e.line || '—'}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{e.column}</TableCell>
                <TableCell>{translateImportProblem(t, e.message)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function PreviewTable({ kind, result }: { kind: ImportKind; result: ImportResult }) {
  const { t } = useTranslation();
  const bad = new Map<string, Set<string>>();
  for (const e of result.errors) {
    const cols = bad.get(String(e.line)) ?? new Set<string>();
    cols.add(e.column);
    bad.set(String(e.line), cols);
  }
  const columns = IMPORT_COLUMNS[kind];
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('orgs.import.previewTitle', { shown: result.preview.length, rows: result.rows })}
      </Typography>
      {/* Wider than the dialog: focusable so keyboards can scroll it sideways (WCAG 2.1.1). */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('orgs.import.previewLabel')}
        sx={{ maxHeight: 300, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" stickyHeader aria-label={t('orgs.import.previewLabel')} data-testid="import-preview">
          <TableHead>
            <TableRow>
              <TableCell>{t('orgs.import.line')}</TableCell>
              {columns.map((c) => (
                <TableCell key={c} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.preview.map((row) => {
              const line = row.line ?? '';
              const cols = bad.get(line);
              return (
                <TableRow key={line}>
                  <TableCell sx={cols ? { color: 'error.main', fontWeight: 600 } : undefined}>{line}</TableCell>
                  {columns.map((c) => (
                    <TableCell
                      key={c}
                      sx={{
                        whiteSpace: 'nowrap',
                        ...(cols?.has(c)
                          ? {
                              bgcolor: (theme) => alpha(theme.palette.error.main, 0.16),
                              boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.error.main}`,
                            }
                          : {}),
                      }}
                    >
                      {row[c] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export function Figures({ result }: { result: ImportResult }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const items = [
    ['created', result.created],
    ['updated', result.updated],
    ['skipped', result.skipped],
  ] as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }} data-testid="import-summary">
      {items.map(([k, v]) => (
        <Box key={k} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, textAlign: 'center' }}>
          <Typography variant="h5" component="p" data-testid={`import-${k}`}>
            {n.format(v)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`orgs.import.figures.${k}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
