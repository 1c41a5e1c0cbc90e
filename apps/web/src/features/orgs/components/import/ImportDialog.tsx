import { IMPORT_COLUMNS, type ImportKind, type OrgDetail } from '@fc/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../../lib/download';
import { usePercent } from '../../../../lib/money';
import { IMPORT_EXAMPLES, templateCsv } from '../../api/import-csv';
import { ErrorTable, Figures, PreviewTable } from './ImportTables';
import { useImportSteps } from './useImportSteps';

/**
 * CSV import: template download, file choice, a dry run (upload progress, preview, every row
 * problem), then the real import only when the dry run is valid, and the summary.
 */
export function ImportDialog({ kind, node, onClose }: { kind: ImportKind; node: OrgDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const percent = usePercent();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { file, step, busy, progress, result, canImport, onFile, runImport } = useImportSteps(kind, node.id);

  const downloadTemplate = () =>
    downloadText(`${kind}-import-template.csv`, templateCsv(IMPORT_COLUMNS[kind], IMPORT_EXAMPLES[kind]));

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
                  ? t('orgs.import.uploading', { percent: percent(progress * 100) })
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
