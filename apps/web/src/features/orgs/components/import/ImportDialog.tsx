import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type ImportKind, type ImportResult, type OrgDetail } from '@fc/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  alpha,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { downloadText } from '../../../../lib/download';
import { translateImportProblem } from '../../../../lib/i18n/validation';
import { IMPORT_EXAMPLES, importCsv, templateCsv, useInvalidateAfterImport } from '../../api/import-csv';

interface RowError {
  line: number;
  column: string;
  message: string;
}

type Step =
  | { name: 'pick' }
  | { name: 'checking'; progress: number }
  | { name: 'checked'; result: ImportResult }
  | { name: 'importing'; progress: number; result: ImportResult }
  | { name: 'done'; result: ImportResult }
  | { name: 'failed'; message: string; errors: RowError[]; result?: ImportResult };

/** `line 3 › parent_email` (the 422 envelope's paths) back into line and column. */
function parseRowErrors(error: unknown): RowError[] {
  if (!isApiError(error)) return [];
  return error.fieldErrors.map((fe) => {
    const m = /^line (\d+) › (.*)$/.exec(fe.path);
    return m
      ? { line: Number(m[1]), column: m[2] ?? '', message: fe.message }
      : { line: 0, column: fe.path, message: fe.message };
  });
}

function ErrorTable({ errors, total }: { errors: RowError[]; total: number }) {
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

function PreviewTable({ kind, result }: { kind: ImportKind; result: ImportResult }) {
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

function Figures({ result }: { result: ImportResult }) {
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

/**
 * CSV import: template download, file choice, a dry run (upload progress, preview, every row
 * problem), then the real import only when the dry run is valid, and the summary.
 */
export function ImportDialog({ kind, node, onClose }: { kind: ImportKind; node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const invalidate = useInvalidateAfterImport();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const busy = step.name === 'checking' || step.name === 'importing';

  useEffect(() => () => abort.current?.abort(), []);

  const downloadTemplate = () =>
    downloadText(`${kind}-import-template.csv`, templateCsv(IMPORT_COLUMNS[kind], IMPORT_EXAMPLES[kind]));

  const dryRun = async (chosen: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'checking', progress: 0 });
    try {
      const res = await importCsv({
        kind,
        nodeId: node.id,
        file: chosen,
        dryRun: true,
        signal: controller.signal,
        onProgress: (p) => setStep({ name: 'checking', progress: p }),
      });
      setStep({ name: 'checked', result: res.data });
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({
        name: 'failed',
        message: errorMessage(error, t('orgs.import.uploadFailed')),
        errors: parseRowErrors(error),
      });
    }
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setStep({ name: 'failed', message: t('orgs.import.tooLarge', { max: '5 MB' }), errors: [] });
      return;
    }
    void dryRun(chosen);
  };

  const runImport = async () => {
    if (!file || step.name !== 'checked') return;
    const checked = step.result;
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'importing', progress: 0, result: checked });
    try {
      const res = await importCsv({
        kind,
        nodeId: node.id,
        file,
        dryRun: false,
        signal: controller.signal,
        onProgress: (p) => setStep({ name: 'importing', progress: p, result: checked }),
      });
      setStep({ name: 'done', result: res.data });
      toast.success(t('orgs.import.doneToast', { rows: res.data.rows }));
      void invalidate();
    } catch (error) {
      if (controller.signal.aborted) return;
      setStep({
        name: 'failed',
        message: errorMessage(error, t('orgs.import.uploadFailed')),
        errors: parseRowErrors(error),
        result: checked,
      });
    }
  };

  const progress = step.name === 'checking' || step.name === 'importing' ? step.progress : null;
  const result = step.name === 'checked' || step.name === 'importing' || step.name === 'done' ? step.result : undefined;
  const canImport = step.name === 'checked' && step.result.valid && step.result.rows > 0;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="import-dialog"
    >
      <DialogTitle id={titleId}>{t(`orgs.import.kinds.${kind}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t(`orgs.import.kinds.${kind}.description`)}</Typography>
          {step.name !== 'done' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={downloadTemplate}
                data-testid="import-template"
              >
                {t('orgs.import.template')}
              </Button>
              <input
                ref={input}
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={onFile}
                data-testid="import-file"
              />
              <Button
                variant="contained"
                startIcon={<UploadFileIcon />}
                onClick={() => input.current?.click()}
                disabled={busy}
                data-testid="import-choose"
              >
                {file ? t('orgs.import.chooseAnother') : t('orgs.import.choose')}
              </Button>
              {file ? (
                <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="import-file-name">
                  {t('orgs.import.fileInfo', {
                    name: file.name,
                    size: `${Math.max(1, Math.round(file.size / 1024))} KB`,
                  })}
                </Typography>
              ) : null}
            </Stack>
          ) : null}
          {progress !== null ? (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {progress < 1
                  ? t('orgs.import.uploading', { percent: Math.round(progress * 100) })
                  : step.name === 'checking'
                    ? t('orgs.import.checking')
                    : t('orgs.import.importing')}
              </Typography>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={Math.round(progress * 100)}
                aria-label={t('orgs.import.progress')}
              />
            </Box>
          ) : null}
          {step.name === 'checked' ? (
            step.result.valid ? (
              <Alert severity={step.result.rows > 0 ? 'success' : 'warning'} data-testid="import-ready">
                {step.result.rows > 0
                  ? t('orgs.import.ready', {
                      rows: step.result.rows,
                      created: step.result.created,
                      updated: step.result.updated,
                      skipped: step.result.skipped,
                    })
                  : t('orgs.import.noRows')}
              </Alert>
            ) : (
              <Alert severity="error" data-testid="import-invalid">
                {t('orgs.import.invalid', { count: step.result.errorCount })}
              </Alert>
            )
          ) : null}
          {step.name === 'failed' ? (
            <Alert severity="error" data-testid="import-failed">
              {step.message}
            </Alert>
          ) : null}
          {step.name === 'done' ? (
            <>
              <Alert severity="success" data-testid="import-done">
                {t('orgs.import.done', { rows: step.result.rows })}
              </Alert>
              <Figures result={step.result} />
            </>
          ) : null}
          {step.name === 'checked' && step.result.errors.length > 0 ? (
            <ErrorTable errors={step.result.errors} total={step.result.errorCount} />
          ) : null}
          {step.name === 'failed' && step.errors.length > 0 ? (
            <ErrorTable errors={step.errors} total={step.errors.length} />
          ) : null}
          {result && step.name !== 'done' && result.preview.length > 0 ? (
            <PreviewTable kind={kind} result={result} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {step.name === 'done' ? t('common.close') : t('common.cancel')}
        </Button>
        {step.name !== 'done' ? (
          <Button
            variant="contained"
            onClick={() => void runImport()}
            disabled={!canImport}
            data-testid="import-submit"
          >
            {result?.valid && result.rows > 0
              ? t('orgs.import.submitRows', { rows: result.rows })
              : t('orgs.import.submit')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
